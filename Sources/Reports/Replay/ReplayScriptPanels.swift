extension ReplayAssets {
    /// The side panels: the rest of `drawingScript`, inside the same function.
    static let drawingScriptPanels = #"""
        // MARK: side panels
        const behaviorEls = D.behaviors.map(function (b) { return node("li", "", b, $("behaviors")); });
        if (!D.behaviors.length) node("li", "", "none", $("behaviors"));
        const trEls = D.transitions.map(function (t) {
          const row = node("div", "tr", undefined, $("transitions"));
          node("b", "", t.name, row);
          const st = node("span", "", "", row);
          const bar = node("span", "bar", undefined, row);
          const fill = node("i", "", undefined, bar);
          const p = node("span", "", "", row);
          return { st: st, fill: fill, p: p };
        });
        if (!D.transitions.length) $("transitions").textContent = "none";

        """#

    /// One frame: drawing the scene and the panels at a tick, playback, keys and the URL.
    static let frameScript = #"""
        // MARK: one frame
        function setFrame(fi) {
          current = Math.max(0, Math.min(N - 1, fi | 0));
          const f = current;
          $("scrub").value = f;
          $("clock").textContent = "tick " + f + " / " + (N - 1) + " · t = " + fmt(D.t[f], 3) + " s · animator " +
              (D.run[f] ? "running" : "at rest");
          const failing = failingAt[f] || [];
          D.views.forEach(function (v, i) {
            const e = viewEls[i];
            if (v.rm[f]) { e.g.setAttribute("visibility", "hidden"); return; }
            e.g.setAttribute("visibility", "visible");
            // A subview is drawn with its superview's transform (recorded on-screen place).
            const tree = v.sx !== undefined;
            e.g.setAttribute("transform", tree ? transform(v.sx[f], v.sy[f], v.sr[f], v.ss[f])
                : transform(v.cx[f], v.cy[f], v.r[f], v.s[f]));
            size(e.body, v, v.w[f], v.h[f]);
            const shown = tree ? v.vis[f] === 1 : !v.hidden;
            e.body.setAttribute("fill-opacity", shown ? (tree ? v.sa[f] : v.a[f]) : 0);
            if (tree) e.body.setAttribute("stroke-dasharray", shown ? "none" : 4 * px + " " + 3 * px);
            const bad = failing.indexOf(i) >= 0;
            e.body.setAttribute("stroke", bad ? "#c62828" : "#263238");
            e.body.setAttribute("stroke-width", (bad ? 4 : 1) * px);
            e.label.setAttribute("x", -v.w[f] / 2 + 3 * px);
            e.label.setAttribute("y", -v.h[f] / 2 + 11 * px);
          });
          // The failing expectations of this tick, written on the view they concern.
          while (failLayer.firstChild) failLayer.removeChild(failLayer.firstChild);
          let below = 0;
          const perLine = Math.max(20, Math.floor((x1 - x0) * k / 7));
          for (const x of D.failures) {
            if (x.f !== f || x.view < 0 || D.views[x.view].rm[f]) continue;
            const v = D.views[x.view];
            const half = 0.5 * Math.hypot(v.w[f], v.h[f]) * v.s[f];
            const where = x.loc.split(":");
            const words = ("line " + where[where.length - 2] + ": " + x.msg).split(" ");
            const lines = [""];
            for (const w of words) {
              if (lines[lines.length - 1].length + w.length + 1 > perLine && lines[lines.length - 1]) lines.push("");
              lines[lines.length - 1] += (lines[lines.length - 1] ? " " : "") + w;
            }
            const lineH = 14 * px;
            const cy = (v.sy || v.cy)[f];
            let y = cy + half + lineH + below * lineH;
            if (y + lines.length * lineH > y1) y = Math.max(y0 + lineH, cy - half - lines.length * lineH);
            const t = svg("text", { x: x0 + 4 * px, y: y, "font-size": 12 * px, fill: "#c62828", "font-weight": "bold",
              stroke: "#ffffff", "stroke-width": 3 * px, "paint-order": "stroke", "data-failure": x.loc }, failLayer);
            lines.forEach(function (l, j) {
              const span = svg("tspan", { x: x0 + 4 * px, dy: j ? lineH : 0 }, t);
              span.textContent = l;
            });
            below += lines.length + 0.5;
          }
          // The active behaviours' geometry: attachments, snaps, boundaries, fields.
          while (guideLayer.firstChild) guideLayer.removeChild(guideLayer.firstChild);
          for (const gi of D.guideAt[f]) {
            const g = D.guides[gi];
            const name = D.behaviors[g[0]], kind = g[1], pts = g[2];
            const attrs = { "data-guide": name };
            let labelAt = pts[0], label = name;
            if (kind === "attachment") {
              const grp = svg("g", attrs, guideLayer);
              svg("line", { x1: pts[0][0], y1: pts[0][1], x2: pts[1][0], y2: pts[1][1], stroke: "#795548",
                  "stroke-width": 1.5 * px,
                "stroke-dasharray": g[4] === "spring" ? 5 * px + " " + 3 * px : "none" }, grp);
              svg("circle", { cx: pts[0][0], cy: pts[0][1], r: 3 * px, fill: "#795548" }, grp);
              svg("circle", { cx: pts[1][0], cy: pts[1][1], r: 4 * px, fill: "#ffffff", stroke: "#795548",
                  "stroke-width": 1.5 * px }, grp);
              labelAt = pts[1]; label = name + " (" + g[4] + ")";
            } else if (kind === "snap") {
              const grp = svg("g", attrs, guideLayer);
              svg("line", { x1: pts[0][0], y1: pts[0][1], x2: pts[1][0], y2: pts[1][1], stroke: "#00838f",
                  "stroke-width": 1.5 * px, "stroke-dasharray": 2 * px + " " + 2 * px }, grp);
              const c = 6 * px;
              svg("path", { d: "M" + (pts[1][0] - c) + " " + (pts[1][1] - c) + "L" + (pts[1][0] + c) + " " +
                  (pts[1][1] + c) + "M" + (pts[1][0] - c) + " " + (pts[1][1] + c) + "L" + (pts[1][0] + c) + " " +
                  (pts[1][1] - c),
                stroke: "#00838f", "stroke-width": 2 * px }, grp);
              labelAt = pts[1];
            } else if (kind === "bounds") {
              attrs.x = pts[0][0]; attrs.y = pts[0][1]; attrs.width = pts[1][0] - pts[0][0];
              attrs.height = pts[1][1] - pts[0][1];
              attrs.fill = "none"; attrs.stroke = "#7b1fa2"; attrs["stroke-width"] = 2 * px;
              attrs["stroke-dasharray"] = 8 * px + " " + 4 * px;
              svg("rect", attrs, guideLayer);
              labelAt = [pts[0][0] + 4 * px, pts[0][1] + 2 * px];
            } else if (kind === "boundary") {
              attrs.points = pts.map(function (p) { return p[0] + "," + p[1]; }).join(" ");
              attrs.fill = "none"; attrs.stroke = "#7b1fa2"; attrs["stroke-width"] = 2.5 * px;
              svg(g[3] ? "polygon" : "polyline", attrs, guideLayer);
              label = name + "." + g[4];
            } else if (kind === "field") {
              attrs.cx = pts[0][0]; attrs.cy = pts[0][1]; attrs.r = 6 * px;
              attrs.fill = "none"; attrs.stroke = "#ef6c00"; attrs["stroke-width"] = 2 * px;
              svg("circle", attrs, guideLayer);
              label = name + " (" + g[4] + ")";
            }
            const t = svg("text", { x: labelAt[0] + 5 * px, y: labelAt[1] + 12 * px, "font-size": 10 * px,
                fill: "#4e342e",
              stroke: "#ffffff", "stroke-width": 2.5 * px, "paint-order": "stroke" }, guideLayer);
            t.textContent = label;
          }
          // Ghosts: where the next checkpoint (or the last one) expects the views.
          while (ghostLayer.firstChild) ghostLayer.removeChild(ghostLayer.firstChild);
          let cp = null;
          for (const c of D.checkpoints) if (c.f >= f) { cp = c; break; }
          if (!cp && D.checkpoints.length) cp = D.checkpoints[D.checkpoints.length - 1];
          if (cp) {
            const failedViews = D.failures.filter(function (x) { return x.f === cp.f; }).map(function (x) {
                return x.view; });
            for (const gh of cp.ghosts) {
              const v = D.views[gh[0]];
              const g = svg("g", { transform: transform(gh[1], gh[2], gh[5], gh[6]), "data-ghost": v.name },
                  ghostLayer);
              const bad = failedViews.indexOf(gh[0]) >= 0;
              const e = shape(v, g, { fill: "none", stroke: bad ? "#c62828" : "#37474f", "stroke-width": 2 * px,
                  "stroke-dasharray": 6 * px + " " + 4 * px });
              size(e, v, gh[3], gh[4]);
            }
          }
          // The finger: its path so far in this touch, and where it is.
          const tch = D.touch[f];
          if (tch) {
            const run = touchRun(f);
            const pts = [];
            for (let i = run[0]; i <= f; i++) if (D.touch[i]) pts.push(D.touch[i][1] + "," + D.touch[i][2]);
            touchPath.setAttribute("points", pts.join(" "));
            touchDot.setAttribute("cx", tch[1]); touchDot.setAttribute("cy", tch[2]);
            touchDot.setAttribute("visibility", "visible");
            touchDot.setAttribute("fill-opacity", tch[4] ? 0.35 : 0.08);
            $("touch").textContent = D.gestures[tch[0]] + " · " + tch[3] + " · finger " +
                (tch[4] ? "down" : "lifted") + " at [" + fmt(tch[1], 1) + ", " + fmt(tch[2], 1) + "]";
          } else {
            touchPath.setAttribute("points", "");
            touchDot.setAttribute("visibility", "hidden");
            $("touch").textContent = "no finger";
          }
          // Every finger on the screen (the dot above is the gesture's location, their centroid).
          while (fingerLayer.firstChild) fingerLayer.removeChild(fingerLayer.firstChild);
          for (const p of D.fingers[f]) svg("circle", {
              cx: p[0], cy: p[1], r: 6 * px, fill: "none", stroke: "#00796b", "stroke-width": 1.5 * px,
              "data-finger": 1 }, fingerLayer);
          if (D.fingers[f].length > 1) $("touch").textContent += " · " + D.fingers[f].length + " fingers";
          // Contacts of the last few ticks, fading.
          while (contactLayer.firstChild) contactLayer.removeChild(contactLayer.firstChild);
          for (const c of D.contacts) {
            if (c[0] > f || c[0] < f - 8) continue;
            const o = 1 - (f - c[0]) / 9;
            svg("circle", { cx: c[1], cy: c[2], r: 4 * px, fill: c[3] ? "#ef6c00" : "none", stroke: "#ef6c00",
                "stroke-width": 1.5 * px, opacity: o, "data-contact": c[4] }, contactLayer);
          }
          const hs = D.haptics.filter(function (h) { return h[0] <= f && h[0] > f - 10; });
          hapticRing.setAttribute("visibility", hs.length ? "visible" : "hidden");
          hapticText.textContent = hs.length ? "haptic " + hs.map(function (h) { return h[1]; }).join(", ") : "";
          const act = D.active[f];
          behaviorEls.forEach(function (el, i) { el.className = act.indexOf(i) >= 0 ? "on" : ""; });
          D.transitions.forEach(function (t, i) {
            trEls[i].st.textContent = t.state[f];
            trEls[i].fill.style.width = (100 * Math.max(0, Math.min(1, t.p[f]))) + "%";
            trEls[i].p.textContent = fmt(t.p[f], 3);
          });
          highlightActions(f);
          drawModels(f);
          drawScrolls(f);
          drawAnimators(f);
          updateHover();
          cursor.setAttribute("x1", tx(f)); cursor.setAttribute("x2", tx(f));
          for (const c of plotCursors) { c.line.setAttribute("x1", c.X(f)); c.line.setAttribute("x2", c.X(f)); }
          document.body.dataset.frame = f;
          document.documentElement.dataset.shownTick = f;
          writeHash();
        }

        // MARK: playback and keys
        let playing = false, pos = 0, last = 0;
        function speed() { return Number($("speed").value); }
        function loop(now) {
          if (!playing) return;
          pos += (now - last) / 1000 * D.fps * speed();
          last = now;
          if (pos >= N - 1) { setFrame(N - 1); pause(); return; }
          if ((pos | 0) !== current) setFrame(pos | 0);
          requestAnimationFrame(loop);
        }
        function play() {
          if (current >= N - 1) setFrame(0);
          playing = true; pos = current; last = performance.now();
          $("play").textContent = "pause";
          requestAnimationFrame(loop);
        }
        function pause() { playing = false; $("play").textContent = "play"; }
        $("play").addEventListener("click", function () { playing ? pause() : play(); });
        $("scrub").max = N - 1;
        $("scrub").addEventListener("input", function () { pause(); setFrame(Number($("scrub").value)); });
        document.addEventListener("keydown", function (ev) {
          if (ev.target === search) {
            if (ev.key === "Escape") { search.value = ""; filterActions(); writeHash(); search.blur(); }
            return;
          }
          if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
          const step = ev.shiftKey ? 10 : 1;
          if (ev.key === "ArrowRight") { pause(); setFrame(current + step); }
          else if (ev.key === "ArrowLeft") { pause(); setFrame(current - step); }
          else if (ev.key === "Home") { pause(); setFrame(0); }
          else if (ev.key === "End") { pause(); setFrame(N - 1); }
          else if (ev.key === " ") { playing ? pause() : play(); }
          else if (ev.key === "/") { search.focus(); }
          else if (ev.key === "n" || ev.key === "p") {
            const a = document.querySelector(ev.key === "n" ? "a[rel=next]" : "a[rel=prev]");
            if (a) location.href = a.href; else return;
          }
          else return;
          ev.preventDefault();
        });
        window.addEventListener("hashchange", function () {
          const h = readHash();
          if (h.q !== null && h.q !== search.value) { search.value = h.q; filterActions(); }
          if (h.tick !== null && h.tick !== current) { pause(); setFrame(h.tick); }
        });
        const firstFailure = D.failures.find(function (x) { return x.f >= 0; });
        const start = readHash();
        if (start.q) { search.value = start.q; filterActions(); }
        // A failed case opens at its first failure, a case stopped by a run-time error at its last tick.
        setFrame(start.tick !== null ? start.tick : firstFailure ? firstFailure.f : D.status === "invalid" ? N - 1 : 0);

        """#
}
