extension ReplayAssets {
    /// The replay page's script: drawing, the scrubber, playback, plots and the self-check.
    static let pageScript = drawingScript + "\n" + selfCheckScript

    /// Drawing, the scrubber, playback and plots.
    static let drawingScript = #"""
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
          for (let i = 0; i < N; i++) {
            if (v.rm[i]) continue;
            const rad = 0.5 * Math.hypot(v.w[i], v.h[i]) * v.s[i];
            x0 = Math.min(x0, v.cx[i] - rad); x1 = Math.max(x1, v.cx[i] + rad);
            y0 = Math.min(y0, v.cy[i] - rad); y1 = Math.max(y1, v.cy[i] + rad);
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
        const scrollLayer = svg("g", {}, scene);
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
          const g = svg("g", { "data-view": v.name }, viewLayer);
          const body = shape(v, g, { fill: COLORS[i % COLORS.length], stroke: "#263238", "stroke-width": px });
          if (v.hidden) { body.setAttribute("fill", "none");
              body.setAttribute("stroke-dasharray", 4 * px + " " + 3 * px); }
          const label = svg("text", { "font-size": 10 * px, fill: "#102027" }, g);
          label.textContent = v.name;
          return { g: g, body: body, label: label };
        });

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
            e.g.setAttribute("transform", transform(v.cx[f], v.cy[f], v.r[f], v.s[f]));
            size(e.body, v, v.w[f], v.h[f]);
            e.body.setAttribute("fill-opacity", v.hidden ? 0 : v.a[f]);
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
            let y = v.cy[f] + half + lineH + below * lineH;
            if (y + lines.length * lineH > y1) y = Math.max(y0 + lineH, v.cy[f] - half - lines.length * lineH);
            const t = svg("text", { x: x0 + 4 * px, y: y, "font-size": 12 * px, fill: "#c62828", "font-weight": "bold",
              stroke: "#ffffff", "stroke-width": 3 * px, "paint-order": "stroke", "data-failure": x.loc }, failLayer);
            lines.forEach(function (l, j) {
              const span = svg("tspan", { x: x0 + 4 * px, dy: j ? lineH : 0 }, t);
              span.textContent = l;
            });
            below += lines.length + 0.5;
          }
          // Each scroll view's window over its content: the content's outline where the offset
          // puts it, the insets around it, the scroll indicators and the offset and zoom scale.
          while (scrollLayer.firstChild) scrollLayer.removeChild(scrollLayer.firstChild);
          for (const sc of D.scrolls) {
            const v = D.views[sc.view];
            if (v.rm[f]) continue;
            const w = v.w[f], h = v.h[f], ox = sc.ox[f], oy = sc.oy[f], cw = sc.cw[f], ch = sc.ch[f];
            const it = sc.it[f], il = sc.il[f], ib = sc.ib[f], ir = sc.ir[f];
            const grp = svg("g", { "data-scroll": v.name, transform: transform(v.cx[f], v.cy[f], v.r[f], v.s[f]) },
              scrollLayer);
            const cx = -w / 2 - ox, cy = -h / 2 - oy;
            svg("rect", { x: cx, y: cy, width: cw, height: ch, fill: "none", stroke: "#5c6bc0",
                "stroke-width": 1.5 * px, "stroke-dasharray": 6 * px + " " + 3 * px }, grp);
            if (it || il || ib || ir) svg("rect", { x: cx - il, y: cy - it, width: cw + il + ir, height: ch + it + ib,
                fill: "none", stroke: "#9fa8da", "stroke-width": px, "stroke-dasharray": 2 * px + " " + 3 * px }, grp);
            // The indicators: the window's share of the content (with its insets) and where it is.
            const bar = function (len, span, at) {
              const l = Math.max(8 * px, len * Math.min(1, len / span));
              return [l, (len - l) * Math.max(0, Math.min(1, span > len ? at / (span - len) : 0))];
            };
            if (ch + it + ib > h) {
              const b = bar(h, ch + it + ib, oy + it);
              svg("rect", { x: w / 2 - 5 * px, y: -h / 2 + b[1], width: 3 * px, height: b[0], rx: 1.5 * px,
                  fill: "#3949ab", "fill-opacity": 0.6, "data-indicator": "vertical" }, grp);
            }
            if (cw + il + ir > w) {
              const b = bar(w, cw + il + ir, ox + il);
              svg("rect", { x: -w / 2 + b[1], y: h / 2 - 5 * px, width: b[0], height: 3 * px, rx: 1.5 * px,
                  fill: "#3949ab", "fill-opacity": 0.6, "data-indicator": "horizontal" }, grp);
            }
            const label = svg("text", { x: -w / 2 + 3 * px, y: h / 2 - 8 * px, "font-size": 10 * px, fill: "#283593" },
              grp);
            label.textContent = v.name + " offset " + fmt(ox, 1) + ", " + fmt(oy, 1) +
                (sc.z[f] !== 1 ? " · zoom ×" + fmt(sc.z[f], 3) : "");
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
          const notes = $("notes");
          while (notes.firstChild) notes.removeChild(notes.firstChild);
          const upTo = D.notes.filter(function (n) { return n[0] <= f; }).slice(-10);
          for (const n of upTo) node("li", n[0] === f ? "now" : "", "tick " + n[0] + " (" + fmt(D.t[n[0]], 3) +
              " s): " + n[1], notes);
          cursor.setAttribute("x1", tx(f)); cursor.setAttribute("x2", tx(f));
          for (const c of plotCursors) { c.line.setAttribute("x1", c.X(f)); c.line.setAttribute("x2", c.X(f)); }
          document.body.dataset.frame = f;
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
          const step = ev.shiftKey ? 10 : 1;
          if (ev.key === "ArrowRight") { pause(); setFrame(current + step); }
          else if (ev.key === "ArrowLeft") { pause(); setFrame(current - step); }
          else if (ev.key === "Home") { pause(); setFrame(0); }
          else if (ev.key === "End") { pause(); setFrame(N - 1); }
          else if (ev.key === " ") { playing ? pause() : play(); }
          else return;
          ev.preventDefault();
        });
        function fromHash() {
          const m = /tick=(\d+)/.exec(location.hash);
          return m ? Number(m[1]) : null;
        }
        window.addEventListener("hashchange", function () {
            const t = fromHash(); if (t !== null) { pause(); setFrame(t); } });
        const firstFailure = D.failures.find(function (x) { return x.f >= 0; });
        const start = fromHash();
        // A failed case opens at its first failure, a case stopped by a run-time error at its last tick.
        setFrame(start !== null ? start : firstFailure ? firstFailure.f : D.status === "invalid" ? N - 1 : 0);

        """#
}
