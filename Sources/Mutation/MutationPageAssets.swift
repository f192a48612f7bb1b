/// The mutation report's style and scripts, inlined into every page (no network).
enum MutationPageAssets {
    static let style = #"""
        body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; color: #222; background: #fafafa; }
        h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 18px 0 4px; }
        header { display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
        header h1 { font-size: 17px; font-family: ui-monospace, monospace; }
        nav a { margin-right: 10px; }
        .summary, .score { margin: 4px 0; } .score b { font-size: 18px; margin-right: 8px; }
        p.find { margin: 10px 0; display: flex; gap: 8px; align-items: center; }
        p.find select { font: inherit; } #found { color: #666; font-size: 12px; }
        pre.source { font: 12px/1.5 ui-monospace, monospace; background: #fff; border: 1px solid #ddd;
            padding: 6px 0; overflow-x: auto; }
        pre.source .ln { display: block; padding: 0 8px; white-space: pre; }
        pre.source .ln.has { background: #f4f6f8; }
        pre.source .ln i { color: #999; font-style: normal; user-select: none; }
        pre.source .ln.del { background: #fdecea; } pre.source .ln.add { background: #e8f5e9; }
        pre.problem { white-space: pre-wrap; color: #8e24aa; }
        a.m { display: inline-block; width: 9px; height: 9px; border-radius: 5px; margin: 0 1px;
            vertical-align: middle; background: #777; }
        a.m:hover { outline: 2px solid #222; } a.m[hidden] { display: none; }
        .tok { border-bottom: 2px solid #777; }
        .s-killed { --c: #2e7d32; } .s-timeout { --c: #00838f; }
        .s-survived, .s-unasserted { --c: #c62828; } .s-unobserved { --c: #d84315; }
        .s-noCoverage { --c: #ef6c00; } .s-invalid { --c: #8e24aa; } .s-equivalent { --c: #9e9e9e; }
        a.m { background: var(--c, #777); } .tok { border-bottom-color: var(--c, #777); }
        td.st, .badge { font-weight: 600; color: var(--c, #777); }
        .badge { color: #fff; background: var(--c, #777); padding: 1px 8px; border-radius: 9px; }
        table { border-collapse: collapse; }
        th, td { text-align: left; padding: 3px 10px; border-bottom: 1px solid #ddd; vertical-align: top; }
        tr[hidden] { display: none; } td.msg { color: #555; font-size: 12px; max-width: 640px; }
        p.what { font: 15px ui-monospace, monospace; } p.meaning { font-weight: 600; }
        table.change code { white-space: pre-wrap; }
        """#

    /// The index's status filter: `#status=killed` in the URL, both ways; each mutant's mark in
    /// the source and its row in the list are hidden when another status is chosen.
    static let indexScript = #"""
        "use strict";
        (function () {
        const status = document.getElementById("status");
        const marks = Array.prototype.slice.call(document.querySelectorAll("a.m[data-mutant]"));
        const rows = Array.prototype.slice.call(document.querySelectorAll("table.mutants tbody tr"));
        function apply() {
          const st = status.value;
          let shown = 0;
          marks.forEach(function (m) { m.hidden = st !== "" && m.dataset.status !== st; if (!m.hidden) shown++; });
          rows.forEach(function (r) { r.hidden = st !== "" && r.dataset.status !== st; });
          document.getElementById("found").textContent = shown === marks.length ? marks.length + " mutants" :
              shown + " of " + marks.length + " mutants";
          const h = st ? "status=" + st : "";
          if (location.hash.replace(/^#/, "") !== h) history.replaceState(null, "", h ? "#" + h : location.pathname);
        }
        function read() {
          let st = "";
          for (const kv of location.hash.replace(/^#/, "").split("&")) {
            if (kv.indexOf("status=") === 0) st = kv.slice(7);
          }
          if (Array.prototype.some.call(status.options, function (o) { return o.value === st; })) status.value = st;
          else status.value = "";
          apply();
        }
        status.addEventListener("change", apply);
        window.addEventListener("hashchange", read);
        read();
        document.documentElement.dataset.ready = "true";
        })();
        """#

    /// A mutant's page: `n` and `p` open the next and the previous mutant.
    static let pageScript = #"""
        "use strict";
        document.addEventListener("keydown", function (ev) {
          if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
          if (ev.key !== "n" && ev.key !== "p") return;
          const a = document.querySelector(ev.key === "n" ? "a[rel=next]" : "a[rel=prev]");
          if (a) { location.href = a.href; ev.preventDefault(); }
        });
        document.documentElement.dataset.ready = "true";
        """#
}
