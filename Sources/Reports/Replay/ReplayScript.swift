extension ReplayAssets {
    /// The replay page's script: drawing, the scrubber, playback, plots and the self-check.
    static let pageScript = [drawingScript, layersScript, actionListScript, frameScript, selfCheckScript]
        .joined(separator: "\n")

    /// Drawing, the scrubber, playback and plots.
    static let drawingScript = drawingScriptFrames + "\n" + drawingScriptPanels

    /// The page's state, its canvas and the drawing of the world (its side panels follow in
    /// ReplayScriptPanels.swift: one script, two literals).
    static let drawingScriptFrames = #"""
        "use strict";
        (function () {
        const errors = [];
        function fail(msg) {
          errors.push(msg);
          const e = document.getElementById("errors");
          e.textContent = errors.join("\n"); e.style.display = "block";
          const sc = document.getElementById("selfcheck");
          sc.dataset.ok = "false"; sc.textContent = "selfcheck: failed: " + errors.join("; ");
        }
        window.addEventListener("error", function (ev) { fail("error: " + ev.message); });

        const D = JSON.parse(document.getElementById("replay-data").textContent);
        const NS = "http://www.w3.org/2000/svg";
        const COLORS = ["#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2", "#edc948", "#ff9da7", "#9c755f",
            "#e15759", "#8cd17d"];
        function svg(tag, attrs, parent) {
          const e = document.createElementNS(NS, tag);
          for (const k in attrs) e.setAttribute(k, attrs[k]);
          if (parent) parent.appendChild(e);
          return e;
        }
        function node(tag, cls, text, parent) {
          const e = document.createElement(tag);
          if (cls) e.className = cls;
          if (text !== undefined) e.textContent = text;
          if (parent) parent.appendChild(e);
          return e;
        }
        function fmt(x, d) { return x === null || x === undefined ? "–" : Number(x).toFixed(d); }
        const $ = function (id) { return document.getElementById(id); };

        $("title").textContent = D.name;
        $("file").textContent = D.file;
        $("status").textContent = D.status;
        $("status").className = "badge " + D.status;
        document.title = D.name + " · " + D.status + " · scenerun replay";

        let current = 0;
        function show(fi) { setFrame(fi); }
        const failBox = $("failures");
        for (const d of D.diagnostics) {
          const b = node("div", "", undefined, failBox);
          node("span", "loc", d.loc + ": ", b); node("span", "", d.msg, b);
          if (d.line) node("pre", "", d.line, b);
        }
        for (const f of D.failures) {
          const b = node("div", "", undefined, failBox);
          node("span", "loc", f.loc + ": ", b); node("span", "", f.msg, b);
          if (f.line) node("pre", "", f.line, b);
          if (f.f >= 0) { b.title = "show tick " + f.f; b.addEventListener("click", function () { show(f.f); }); }
        }

        if (!D.t) {
          // An invalid case that never ran: its diagnostics are all there is to show.
          $("stage").textContent = "This case did not run.";
          const sc = $("selfcheck");
          sc.dataset.ok = errors.length ? "false" : "true";
          sc.textContent = errors.length ? sc.textContent : "selfcheck: ok: no frames (the case did not run), " +
              (D.diagnostics.length + D.failures.length) + " messages";
          if (window.parent !== window) window.parent.postMessage({
              page: location.pathname.split("/").pop(), ok: sc.dataset.ok, text: sc.textContent }, "*");
          return;
        }

        const N = D.t.length;
        const W = D.world[0], H = D.world[1];
        // The scene's box: the world, grown to hold the views' paths, at most one world size around it.
        let x0 = 0, y0 = 0, x1 = W, y1 = H;
        for (const v of D.views) {
          // Where the screen shows it: a subview's on-screen place (the view tree), else its own.
          const cx = v.sx || v.cx, cy = v.sy || v.cy, sc = v.ss || v.s;
          for (let i = 0; i < N; i++) {
            if (v.rm[i]) continue;
            const rad = 0.5 * Math.hypot(v.w[i], v.h[i]) * sc[i];
            x0 = Math.min(x0, cx[i] - rad); x1 = Math.max(x1, cx[i] + rad);
            y0 = Math.min(y0, cy[i] - rad); y1 = Math.max(y1, cy[i] + rad);
          }
        }
        x0 = Math.max(x0 - 10, -W); y0 = Math.max(y0 - 10, -H); x1 = Math.min(x1 + 10, 2 * W);
        y1 = Math.min(y1 + 10, 2 * H);
        const k = Math.min(420 / (x1 - x0), 640 / (y1 - y0));
        const scene = $("scene");
        scene.setAttribute("viewBox", [x0, y0, x1 - x0, y1 - y0].join(" "));
        scene.setAttribute("width", Math.round((x1 - x0) * k));
        scene.setAttribute("height", Math.round((y1 - y0) * k));
        const px = 1 / k;   // one screen pixel in scene points
        svg("rect", { x: 0, y: 0, width: W, height: H, fill: "#ffffff", stroke: "#607d8b", "stroke-width": px }, scene);

        const viewLayer = svg("g", {}, scene);
        // The world's edge again above the views (a full-screen view would hide the first one).
        svg("rect", { x: 0, y: 0, width: W, height: H, fill: "none", stroke: "#37474f", "stroke-width": 1.5 * px,
            "stroke-dasharray": 2 * px + " " + 2 * px }, scene);
        const hapticRing = svg("rect", {
            x: 2 * px, y: 2 * px, width: W - 4 * px, height: H - 4 * px, fill: "none", stroke: "#6a1b9a",
            "stroke-width": 4 * px, visibility: "hidden" }, scene);
        const guideLayer = svg("g", {}, scene);
        const ghostLayer = svg("g", {}, scene);
        const touchPath = svg("polyline", {
            fill: "none", stroke: "#26a69a", "stroke-width": 2 * px, "stroke-dasharray": 4 * px + " " + 3 * px,
            points: "" }, scene);
        const touchDot = svg("circle", {
            r: 9 * px, fill: "#26a69a", "fill-opacity": 0.35, stroke: "#00796b", "stroke-width": 2 * px,
            visibility: "hidden" }, scene);
        const fingerLayer = svg("g", {}, scene);
        const contactLayer = svg("g", {}, scene);
        const failLayer = svg("g", {}, scene);
        const hapticText = svg("text", {
            x: 8 * px, y: H - 8 * px, "font-size": 13 * px, fill: "#6a1b9a", "font-weight": "bold" }, scene);

        function shape(v, parent, attrs) {
          let e;
          if (v.shape === "ellipse") e = svg("ellipse", { cx: 0, cy: 0 }, parent);
          else if (v.shape === "path") e = svg("polygon", {
              points: v.path.map(function (p) { return p[0] + "," + p[1]; }).join(" ") }, parent);
          else e = svg("rect", {}, parent);
          for (const a in attrs) e.setAttribute(a, attrs[a]);
          return e;
        }
        function size(e, v, w, h) {
          if (v.shape === "ellipse") { e.setAttribute("rx", w / 2); e.setAttribute("ry", h / 2); }
          else if (v.shape === "rectangle" || v.shape === "group") {
              e.setAttribute("x", -w / 2); e.setAttribute("y", -h / 2); e.setAttribute("width", w);
              e.setAttribute("height", h); }
        }
        function transform(cx, cy, r, s) {
            return "translate(" + cx + " " + cy + ") rotate(" + (r * 180 / Math.PI) + ") scale(" + s + ")"; }

        const viewEls = D.views.map(function (v, i) {
          const g = svg("g", { "data-view": v.name }, null);
          const body = shape(v, g, { fill: COLORS[i % COLORS.length], stroke: "#263238", "stroke-width": px });
          if (v.hidden) { body.setAttribute("fill", "none");
              body.setAttribute("stroke-dasharray", 4 * px + " " + 3 * px); }
          const label = svg("text", { "font-size": 10 * px, fill: "#102027" }, g);
          label.textContent = v.name;
          return { g: g, body: body, label: label };
        });
        // The view tree: a view is drawn before (under) its subviews, siblings in order.
        (D.order && D.order.length ? D.order : D.views.map(function (_, i) { return i; })).forEach(function (i) {
          viewLayer.appendChild(viewEls[i].g); });

        const failingAt = {};   // frame -> [view]
        for (const f of D.failures) if (f.f >= 0 && f.view >= 0) (failingAt[f.f] = failingAt[f.f] || []).push(f.view);

        // The touch sequence each frame belongs to: frames from the finger's first frame down.
        function touchRun(fi) {
          let a = fi, b = fi;
          const g = D.touch[fi] ? D.touch[fi][0] : -1;
          while (a > 0 && D.touch[a - 1] && D.touch[a - 1][0] === g && !(D.touch[a - 1][4] === 0)) a--;
          while (b + 1 < N && D.touch[b + 1] && D.touch[b + 1][0] === g && D.touch[b][4] === 1) b++;
          return [a, b];
        }

        // MARK: timeline
        const tl = $("timeline");
        const TW = 600, TH = 46;
        tl.setAttribute("viewBox", "0 0 " + TW + " " + TH);
        tl.setAttribute("preserveAspectRatio", "none");
        function tx(fi) { return N > 1 ? 4 + (TW - 8) * fi / (N - 1) : 4; }
        for (let i = 0; i < N; i++) {
          if (D.run[i]) svg("rect", { x: tx(i) - 0.5, y: 40, width: (TW - 8) / Math.max(1, N - 1) + 1, height: 3,
              fill: "#90a4ae" }, tl);
          if (D.touch[i] && D.touch[i][4]) svg("rect", {
              x: tx(i) - 0.5, y: 35, width: (TW - 8) / Math.max(1, N - 1) + 1, height: 3, fill: "#26a69a" }, tl);
        }
        for (const c of D.contacts) svg("line", {
            x1: tx(c[0]), x2: tx(c[0]), y1: 2, y2: 12, stroke: "#ef6c00", "stroke-width": c[3] ? 1.5 : 0.7 }, tl);
        for (const h of D.haptics) svg("path", { d: "M" + tx(h[0]) + " 14 l4 5 l-4 5 l-4 -5 z", fill: "#6a1b9a" }, tl);
        for (const c of D.checkpoints) svg("path", {
            d: "M" + tx(c.f) + " 25 l5 9 l-10 0 z", fill: c.passed ? "#2e7d32" : "#c62828" }, tl);
        for (const f of D.failures) if (f.f >= 0) svg("line", {
            x1: tx(f.f), x2: tx(f.f), y1: 0, y2: TH, stroke: "#c62828", "stroke-width": 1 }, tl);
        const cursor = svg("line", { x1: 0, x2: 0, y1: 0, y2: TH, stroke: "#1565c0", "stroke-width": 2 }, tl);
        tl.addEventListener("click", function (ev) {
          const r = tl.getBoundingClientRect();
          show(Math.round((ev.clientX - r.left) / r.width * (N - 1)));
        });

        // MARK: plots
        const plotCursors = [];
        const PW = 300, PH = 96, PL = 44, PR = 6, PT = 6, PB = 14;
        function plot(parent, title, series, viewIndex) {
          const s = svg("svg", { width: PW, height: PH + 14, viewBox: "0 0 " + PW + " " + (PH + 14) }, parent);
          let lo = Infinity, hi = -Infinity;
          for (const sr of series) for (const y of sr.ys) if (y !== null) {
              lo = Math.min(lo, y); hi = Math.max(hi, y); }
          if (!isFinite(lo)) { lo = 0; hi = 1; }
          if (hi - lo < 1e-9) { lo -= 1; hi += 1; }
          const X = function (i) { return PL + (PW - PL - PR) * (N > 1 ? i / (N - 1) : 0); };
          const Y = function (y) { return PT + (PH - PT - PB) * (1 - (y - lo) / (hi - lo)); };
          svg("rect", { x: PL, y: PT, width: PW - PL - PR, height: PH - PT - PB, fill: "#fafafa", stroke: "#cfd8dc" },
              s);
          const t = svg("text", { x: PL, y: PH + 10, "font-size": 11, fill: "#333" }, s); t.textContent = title;
          const tHi = svg("text", { x: PL - 3, y: PT + 8, "font-size": 9, "text-anchor": "end", fill: "#666" }, s);
          tHi.textContent = fmt(hi, 1);
          const tLo = svg("text", { x: PL - 3, y: PH - PB, "font-size": 9, "text-anchor": "end", fill: "#666" }, s);
          tLo.textContent = fmt(lo, 1);
          const tEnd = svg("text", { x: PW - PR, y: PH - 2, "font-size": 9, "text-anchor": "end", fill: "#666" }, s);
          tEnd.textContent = fmt(D.t[N - 1], 2) + " s";
          const t0 = svg("text", { x: PL, y: PH - 2, "font-size": 9, fill: "#666" }, s);
          t0.textContent = fmt(D.t[0], 2) + " s";
          for (const c of D.checkpoints) {
            svg("line", { x1: X(c.f), x2: X(c.f), y1: PT, y2: PH - PB, stroke: c.passed ? "#2e7d32" : "#c62828",
                "stroke-dasharray": "3 2" }, s);
          }
          for (const sr of series) {
            const pts = [];
            for (let i = 0; i < N; i++) if (sr.ys[i] !== null) pts.push(X(i).toFixed(1) + "," + Y(sr.ys[i]).toFixed(1));
            svg("polyline", { points: pts.join(" "), fill: "none", stroke: sr.color, "stroke-width": 1.3,
                "data-series": sr.name }, s);
          }
          let lx = PW - PR - 4;
          for (let j = series.length - 1; j >= 0; j--) {
            const l = svg("text", { x: lx, y: PT + 10, "font-size": 10, "text-anchor": "end", fill: series[j].color },
                s);
            l.textContent = series[j].name; lx -= 8 * series[j].name.length + 8;
          }
          for (const f of D.failures) {
            if (f.f < 0 || f.view !== viewIndex) continue;
            svg("line", { x1: X(f.f), x2: X(f.f), y1: PT, y2: PH - PB, stroke: "#c62828", "stroke-width": 2 }, s);
            for (const sr of series) if (sr.ys[f.f] !== null) svg("circle", {
                cx: X(f.f), cy: Y(sr.ys[f.f]), r: 3.5, fill: "#c62828" }, s);
          }
          const cur = svg("line", { x1: PL, x2: PL, y1: PT, y2: PH - PB, stroke: "#1565c0", "stroke-width": 1.5 }, s);
          plotCursors.push({ line: cur, X: X });
        }
        const plots = $("plots");
        D.views.forEach(function (v, i) {
          const box = node("div", "plotset", undefined, plots);
          node("h3", "", v.name, box).style.color = COLORS[i % COLORS.length];
          const gone = function (ys) { return ys.map(function (y, j) { return v.rm[j] ? null : y; }); };
          plot(box, "position (pt)", [{ name: "x", ys: gone(v.cx), color: "#1565c0" }, {
              name: "y", ys: gone(v.cy), color: "#ef6c00" }], i);
          plot(box, "velocity (pt/s)", [{ name: "vx", ys: gone(v.vx), color: "#1565c0" }, {
              name: "vy", ys: gone(v.vy), color: "#ef6c00" }], i);
          plot(box, "rotation (°)", [{ name: "rotation", ys: gone(v.r.map(function (r) { return r * 180 / Math.PI; })),
              color: "#6a1b9a" }], i);
          plot(box, "alpha", [{ name: "alpha", ys: gone(v.a), color: "#2e7d32" }], i);
        });

        """#
}
