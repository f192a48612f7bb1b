/// The replay page's style, markup and script, inlined into every page (no network, no CDN).
enum ReplayAssets {
    static let indexStyle = #"""
        body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; color: #222; background: #fafafa; }
        h1 { font-size: 20px; margin: 0 0 4px; }
        table { border-collapse: collapse; }
        th, td { text-align: left; padding: 3px 10px; border-bottom: 1px solid #ddd; vertical-align: top; }
        td.n { text-align: right; }
        td.st { font-weight: 600; }
        tr.passed td.st { color: #2e7d32; }
        tr.failed td.st { color: #c62828; }
        tr.invalid td.st { color: #8e24aa; }
        td.msg { color: #555; font-size: 12px; max-width: 560px; }
        section.map { margin: 12px 0 18px; }
        section.map h2 { font-size: 15px; margin: 0 0 6px; }
        table.grid { border-collapse: separate; border-spacing: 2px; }
        table.grid th { font-weight: 500; font-size: 12px; color: #555; padding: 2px 6px; border: 0;
            white-space: nowrap; vertical-align: middle; text-align: right; }
        table.grid td { padding: 0; border: 2px solid transparent; text-align: center; min-width: 44px; height: 26px; }
        table.grid td a { display: block; line-height: 26px; color: #fff; font-weight: 700; text-decoration: none; }
        table.grid td a:hover { outline: 2px solid #222; }
        table.grid td.bad { border-color: #b71c1c; }
        table.grid td.bad a {
            background: repeating-linear-gradient(45deg, transparent 0 5px, rgba(0,0,0,.25) 5px 7px); }
        table.grid td.gap { background: #e0e0e0; }
        p.legend span { margin-right: 12px; white-space: nowrap; }
        p.legend i { display: inline-block; min-width: 18px; text-align: center; color: #fff; font-style: normal;
            font-weight: 700; }
        p.find { margin: 10px 0 6px; display: flex; gap: 8px; align-items: center; }
        p.find input { font: inherit; width: 280px; } p.find select { font: inherit; }
        #found { color: #666; font-size: 12px; }
        #cases tr[hidden] { display: none; }
        p.legend i.badkey { background: #fff; color: #b71c1c; border: 2px solid #b71c1c; }
        """#

    /// The index's search box and status filter: `#q=text&status=failed` in the URL, both ways.
    static let indexScript = #"""
        "use strict";
        (function () {
        const search = document.getElementById("search"), status = document.getElementById("status");
        const rows = Array.prototype.slice.call(document.querySelectorAll("#cases tbody tr"));
        const text = rows.map(function (r) { return r.textContent.toLowerCase(); });
        function apply() {
          const q = search.value.trim().toLowerCase(), st = status.value;
          let shown = 0;
          rows.forEach(function (r, i) {
            r.hidden = (st !== "" && r.dataset.status !== st) || (q !== "" && text[i].indexOf(q) < 0);
            if (!r.hidden) shown++;
          });
          document.getElementById("found").textContent = shown === rows.length ? rows.length + " cases" :
              shown + " of " + rows.length + " cases";
          const h = (q ? "q=" + encodeURIComponent(search.value.trim()) : "") +
              (st ? (q ? "&" : "") + "status=" + st : "");
          if (location.hash.replace(/^#/, "") !== h) history.replaceState(null, "", h ? "#" + h : location.pathname);
        }
        // A page's previous / next link: `#before=NAME` / `#after=NAME` goes on to the page above /
        // below NAME's row (in the list's order, whatever is filtered).
        const links = rows.map(function (r) {
          const a = r.querySelector("a"); return a ? a.getAttribute("href") : ""; });
        function read() {
          for (const kv of location.hash.replace(/^#/, "").split("&")) {
            const i = kv.indexOf("=");
            if (i < 0) continue;
            const k = kv.slice(0, i), v = kv.slice(i + 1);
            if (k === "before" || k === "after") {
              const at = links.indexOf(v), to = at + (k === "after" ? 1 : -1);
              if (at >= 0 && to >= 0 && to < links.length) { location.replace(links[to]); return; }
              history.replaceState(null, "", location.pathname);
              document.getElementById("found").textContent = at < 0 ? "no case " + v :
                  (k === "after" ? "no case after " : "no case before ") + v;
              return;
            }
            if (k === "q") { try { search.value = decodeURIComponent(v); } catch (e) { search.value = v; } }
            if (k === "status") status.value = v;
          }
          apply();
        }
        search.addEventListener("input", apply);
        status.addEventListener("change", apply);
        window.addEventListener("hashchange", read);
        document.addEventListener("keydown", function (ev) {
          if (ev.key === "/" && ev.target !== search) { search.focus(); ev.preventDefault(); }
        });
        if (location.hash) read();
        document.documentElement.dataset.ready = "true";
        })();
        """#

    static let pageStyle = #"""
        body { font: 13px/1.4 system-ui, sans-serif; margin: 0; padding: 8px 12px; color: #222; background: #eef0f3; }
        header { display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
        header h1 { font-size: 17px; margin: 0; }
        .badge { font-weight: 700; padding: 1px 8px; border-radius: 9px; color: #fff; background: #777; }
        .badge.passed { background: #2e7d32; } .badge.failed { background: #c62828; }
        .badge.invalid { background: #8e24aa; }
        #file { color: #555; }
        #errors { display: none; white-space: pre-wrap; color: #fff; background: #b71c1c; padding: 6px; }
        #failures div { background: #fdecea; border-left: 4px solid #c62828; padding: 4px 8px; margin: 6px 0;
            cursor: pointer; }
        #failures .loc { font-family: ui-monospace, monospace; font-weight: 600; }
        #failures pre { margin: 2px 0 0; color: #555; }
        main { display: flex; gap: 14px; align-items: flex-start; margin-top: 8px; }
        #stage { flex: none; }
        #scene { background: #d9dde3; display: block; }
        #side { flex: 1; min-width: 360px; max-width: 620px; }
        #controls { display: flex; gap: 8px; align-items: center; }
        #scrub { flex: 1; }
        #clock { font-family: ui-monospace, monospace; white-space: nowrap; }
        #timeline { display: block; width: 100%; height: 46px; background: #fff; margin-top: 4px; cursor: pointer; }
        .legend { font-size: 11px; color: #555; }
        .legend span { margin-right: 10px; }
        h2 { font-size: 13px; margin: 10px 0 2px; }
        #behaviors { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 4px; }
        #behaviors li { padding: 0 6px; border-radius: 4px; background: #e0e0e0; color: #888; }
        #behaviors li.on { background: #1565c0; color: #fff; }
        .tr { display: flex; gap: 8px; align-items: center; }
        .bar { width: 160px; height: 9px; background: #ddd; position: relative; }
        .bar i { position: absolute; left: 0; top: 0; bottom: 0; background: #6a1b9a; }
        header nav { margin-left: auto; display: flex; gap: 12px; }
        #search { font: inherit; font-weight: 400; width: 200px; margin-left: 8px; }
        #found { font-weight: 400; color: #666; font-size: 11px; }
        #actions { position: relative; list-style: none; margin: 4px 0 0; padding: 0; max-height: 320px;
            overflow-y: auto;
            background: #fff; border: 1px solid #cfd8dc; font-size: 12px; }
        #actions li { display: flex; gap: 6px; padding: 1px 6px; cursor: pointer; border-left: 3px solid transparent;
            white-space: nowrap; }
        #actions li:hover { background: #eceff1; }
        #actions li.now { background: #e3f2fd; border-left-color: #1565c0; }
        #actions li[hidden] { display: none; }
        #actions .tk { color: #888; min-width: 32px; text-align: right; font-family: ui-monospace, monospace; }
        #actions .k { min-width: 48px; flex: none; font-weight: 600; }
        #actions li[data-action=step] .k { color: #1565c0; } #actions li[data-action=rule] .k { color: #6a1b9a; }
        #actions li[data-action=timer] .k { color: #ef6c00; } #actions li[data-action=event] .k { color: #607d8b; }
        #actions li[data-action=failure] .k, #actions li.failed .k { color: #c62828; }
        #actions .tx { overflow: hidden; text-overflow: ellipsis; }
        #actions .src { color: #555; font-family: ui-monospace, monospace; overflow: hidden; text-overflow: ellipsis; }
        #actions .loc { color: #00796b; font-family: ui-monospace, monospace; margin-left: auto; padding-left: 8px; }
        #plots { display: flex; flex-wrap: wrap; gap: 10px; margin-top: 12px; }
        .plotset { background: #fff; padding: 4px 6px; }
        .plotset h3 { font-size: 12px; margin: 0; }
        .plotset svg { display: block; }
        #hover { position: fixed; z-index: 2; background: #fff; border: 1px solid #90a4ae; padding: 4px 8px;
            font: 12px/1.4 ui-monospace, monospace; box-shadow: 0 2px 6px rgba(0,0,0,.2); pointer-events: none; }
        #hover[hidden] { display: none; }
        #hover .model { color: #6a1b9a; } #hover .tick { color: #888; }
        #selfcheck { font-size: 11px; color: #777; margin-top: 8px; }
        """#

    static let pageBody = #"""
        <div id="errors"></div>
        <section id="failures"></section>
        <main>
        <div id="stage"><svg id="scene" xmlns="http://www.w3.org/2000/svg"></svg></div>
        <div id="side">
        <div id="controls"><button id="play" type="button">play</button>\#
        <input id="scrub" type="range" min="0" max="0" value="0" step="1">
        <select id="speed"><option value="0.1">0.1×</option><option value="0.25">0.25×</option>\#
        <option value="0.5">0.5×</option><option value="1" selected>1×</option>\#
        <option value="2">2×</option></select></div>
        <div id="clock"></div>
        <svg id="timeline" xmlns="http://www.w3.org/2000/svg"></svg>
        <div class="legend"><span style="color:#ef6c00">| contact</span><span style="color:#6a1b9a">◆ haptic</span>\#
        <span style="color:#2e7d32">▲ checkpoint</span><span style="color:#c62828">▲ failure</span>\#
        <span style="color:#90a4ae">▬ animator running</span><span style="color:#26a69a">▬ finger down</span>\#
         · ←/→ step, shift ×10, space play</div>
        <h2>Touch</h2><div id="touch"></div>
        <h2>Behaviours</h2><ul id="behaviors"></ul>
        <h2>Transitions</h2><div id="transitions"></div>
        <h2>Property animators</h2><div id="animators"></div>
        <h2>Scroll views</h2><div id="scrolls"></div>
        <h2>Actions <input id="search" type="search" placeholder="search (/)" aria-label="search the actions">\#
         <span id="found"></span></h2>
        <ol id="actions"></ol>
        </div>
        </main>
        <section id="plots"></section>
        <div id="hover" hidden></div>
        <div id="selfcheck" data-ok="pending">selfcheck: pending</div>
        """#
}
