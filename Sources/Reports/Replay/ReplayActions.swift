extension ReplayAssets {
    /// The action list (every step, rule, timer, event and failure of the case by tick, clickable,
    /// searchable) and the URL's `#tick=N&q=…`, both ways.
    static let actionListScript = #"""
        // MARK: the action list: every step, rule, timer, event and failure of the case, by tick
        const actionList = $("actions");
        const entries = [];   // { el, tick, text }
        function addEntry(kind, tick, order, label, text, src, line, loc) {
          entries.push({ kind: kind, tick: tick, order: order, label: label, text: text, src: src, line: line,
              loc: loc });
        }
        const fileName = function (loc) { const p = loc.split(":"); return p.slice(0, -2).join(":").split("/").pop() +
            ":" + p[p.length - 2]; };
        {
          let a = 0, order = 0;
          const acts = D.actions || [];
          const kinds = ["step", "rule", "timer"];
          const pushAction = function (x) {
            const src = D.sources[x[2]];
            const unknown = src[1] < 1;
            addEntry(kinds[x[1]], x[0], order++, x[3], "", unknown ? "" : src[2],
                unknown ? "" : src[1], unknown ? "" : src[0]);
          };
          D.notes.forEach(function (n, j) {
            while (a < acts.length && acts[a][4] <= j) pushAction(acts[a++]);
            addEntry("event", n[0], order++, "", n[1], "", "", "");
          });
          while (a < acts.length) pushAction(acts[a++]);
          for (const x of D.failures) {
            const p = x.loc.split(":");
            addEntry("failure", x.f >= 0 ? x.f : N - 1, 1e9 + order++, "failed", x.msg, x.line ? x.line.trim() : "",
                p[p.length - 2], x.loc);
          }
        }
        entries.sort(function (p, q) { return p.tick - q.tick || p.order - q.order; });
        const failedSteps = {};
        for (const c of D.checkpoints) if (!c.passed) failedSteps[c.f + " " + c.loc] = true;
        const frag = document.createDocumentFragment();
        for (const e of entries) {
          const li = document.createElement("li");
          li.dataset.action = e.kind; li.dataset.tick = e.tick; li.dataset.line = e.line;
          if (e.kind === "step" && e.label === "expect" && failedSteps[e.tick + " " + e.loc]) li.className = "failed";
          node("span", "tk", String(e.tick), li);
          node("span", "k", e.kind === "event" ? "event" : e.kind === "step" ? e.label : e.kind, li);
          if (e.kind === "rule") node("span", "tx", e.label, li);
          if (e.text) node("span", "tx", e.text, li);
          if (e.src && e.kind !== "rule") node("span", "src", e.src, li);
          if (e.loc) { const l = node("span", "loc", fileName(e.loc), li); l.title = e.loc; }
          li.title = "tick " + e.tick + " · t = " + fmt(D.t[Math.min(e.tick, N - 1)], 3) + " s" +
              (e.loc ? " · " + e.loc +
              (e.src ? "\n" + e.src : "") : "");
          e.el = li; e.search = li.textContent.toLowerCase() + " " + (e.src || "").toLowerCase();
          frag.appendChild(li);
        }
        actionList.appendChild(frag);
        const byTick = {};
        for (const e of entries) (byTick[e.tick] = byTick[e.tick] || []).push(e.el);
        actionList.addEventListener("click", function (ev) {
          let li = ev.target;
          while (li && li.parentNode !== actionList) li = li.parentNode;
          if (li && li.dataset.tick !== undefined) { pause(); setFrame(Number(li.dataset.tick)); }
        });
        let lit = [];
        function highlightActions(f) {
          for (const el of lit) el.classList.remove("now");
          lit = byTick[f] || [];
          for (const el of lit) el.classList.add("now");
          // Keep the entries of the shown tick (or the last one before it) in the list's view.
          let lo = 0, hi = entries.length - 1, at = -1;
          while (lo <= hi) {
            const m = (lo + hi) >> 1;
            if (entries[m].tick <= f) { at = m; lo = m + 1; } else hi = m - 1;
          }
          while (at >= 0 && entries[at].el.hidden) at--;
          if (at < 0) return;
          const el = lit.length && !lit[0].hidden ? lit[0] : entries[at].el;
          if (el.offsetTop < actionList.scrollTop || el.offsetTop + el.offsetHeight > actionList.scrollTop +
              actionList.clientHeight) actionList.scrollTop = Math.max(0, el.offsetTop - actionList.clientHeight / 3);
        }
        const search = $("search");
        function filterActions() {
          const q = search.value.trim().toLowerCase();
          let shown = 0;
          for (const e of entries) { e.el.hidden = q !== "" && e.search.indexOf(q) < 0; if (!e.el.hidden) shown++; }
          $("found").textContent = q ? shown + " of " + entries.length : entries.length + " actions";
        }
        search.addEventListener("input", function () { filterActions(); writeHash(); });
        filterActions();

        // MARK: the URL: #tick=N (and &q=the search), written as the tick changes, read when it does
        let hashTimer = 0;
        function hashText() {
          const q = search.value.trim();
          return "#tick=" + current + (q ? "&q=" + encodeURIComponent(q) : "");
        }
        // At most one history change every 100 ms: Chromium refuses (and warns of) more than 200 in 10 s.
        function writeHash() {
          if (hashTimer) return;
          hashTimer = setTimeout(function () {
            hashTimer = 0;
            if (location.hash !== hashText()) history.replaceState(null, "", hashText());
          }, 100);
        }
        function readHash() {
          const h = location.hash.replace(/^#/, "");
          const out = { tick: null, q: null };
          for (const kv of h.split("&")) {
            const i = kv.indexOf("=");
            if (i < 0) continue;
            const k = kv.slice(0, i), v = kv.slice(i + 1);
            if (k === "tick" && /^\d+$/.test(v)) out.tick = Number(v);
            if (k === "q") { try { out.q = decodeURIComponent(v); } catch (err) { out.q = v; } }
          }
          return out;
        }

        """#
}
