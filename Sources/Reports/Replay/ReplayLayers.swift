extension ReplayAssets {
    /// What the page draws besides the views: each view's model value where the screen shows
    /// something else (a dashed outline), each scroll view's window over its content with its
    /// offset, insets, indicators and zoom, the property animators' fractions as a plot, and the details of
    /// the view under the mouse.
    static let layersScript = #"""
        // MARK: model values, scroll views, animators, hover
        const modelLayer = svg("g", { "pointer-events": "none" });
        scene.insertBefore(modelLayer, viewLayer.nextSibling);
        const scrollLayer = svg("g", { "pointer-events": "none" });
        scene.insertBefore(scrollLayer, modelLayer.nextSibling);
        for (const layer of [guideLayer, ghostLayer, fingerLayer, contactLayer, failLayer]) {
          layer.setAttribute("pointer-events", "none");
        }
        for (const e of [touchPath, touchDot, hapticRing, hapticText]) e.setAttribute("pointer-events", "none");
        // Per view, its model values by frame (only where they differ from the screen's).
        const modelAt = D.views.map(function (v) {
          const m = {};
          for (const x of v.m || []) m[x[0]] = x;
          return m;
        });
        function drawModels(f) {
          while (modelLayer.firstChild) modelLayer.removeChild(modelLayer.firstChild);
          D.views.forEach(function (v, i) {
            const m = modelAt[i][f];
            if (!m || v.rm[f]) return;
            const g = svg("g", { transform: transform(m[1], m[2], m[5], m[6]), "data-model": v.name }, modelLayer);
            const e = shape(v, g, { fill: "none", stroke: COLORS[i % COLORS.length], "stroke-width": 2 * px,
                "stroke-dasharray": 3 * px + " " + 3 * px });
            size(e, v, m[3], m[4]);
          });
        }
        // A scroll view, drawn where the screen shows it (through its superviews): its window (its
        // bounds, solid), its content (dashed) where the offset the screen shows puts it, its
        // contentInset around the content (dotted), its scroll indicators (the window's share of the
        // content and insets, and where it is) and, above it, its offset, zoom scale and motion.
        const scrollPanel = $("scrolls");
        const scrollEls = D.scrolls.map(function (s) {
          const row = node("div", "tr", undefined, scrollPanel);
          node("b", "", D.views[s.view].name, row);
          return node("span", "", "", row);
        });
        if (!D.scrolls.length) scrollPanel.textContent = "none";
        function scrollTransform(v, f) {
          return v.sx !== undefined ? transform(v.sx[f], v.sy[f], v.sr[f], v.ss[f])
              : transform(v.cx[f], v.cy[f], v.r[f], v.s[f]);
        }
        function drawScrolls(f) {
          while (scrollLayer.firstChild) scrollLayer.removeChild(scrollLayer.firstChild);
          D.scrolls.forEach(function (s, k) {
            const v = D.views[s.view];
            const ox = s.ox[f], oy = s.oy[f], cw = s.cw[f], ch = s.ch[f];
            const it = s.it[f], il = s.il[f], ib = s.ib[f], ir = s.ir[f];
            const motion = s.drag[f] ? " · dragging" : s.dec[f] ? " · decelerating" : "";
            const zoom = s.z[f] !== 1 ? " · zoom ×" + fmt(s.z[f], 3) : "";
            const insets = it || il || ib || ir ? " · insets [" + [it, il, ib, ir].map(function (x) {
              return fmt(x, 1); }).join(", ") + "]" : "";
            scrollEls[k].textContent = "offset [" + fmt(ox, 1) + ", " + fmt(oy, 1) + "] of content " +
                fmt(cw, 1) + " × " + fmt(ch, 1) + zoom + insets + motion;
            if (v.rm[f] || (v.vis && !v.vis[f])) return;
            const w = v.w[f], h = v.h[f], left = -w / 2, top = -h / 2;
            const g = svg("g", { "data-scroll": v.name, "data-offset": ox + "," + oy,
                transform: scrollTransform(v, f) }, scrollLayer);
            svg("rect", { x: left - ox, y: top - oy, width: cw, height: ch, fill: "none", stroke: "#5c6bc0",
                "stroke-width": 1.5 * px, "stroke-dasharray": 6 * px + " " + 3 * px, "data-content": v.name }, g);
            if (it || il || ib || ir) svg("rect", { x: left - ox - il, y: top - oy - it, width: cw + il + ir,
                height: ch + it + ib, fill: "none", stroke: "#9fa8da", "stroke-width": px,
                "stroke-dasharray": 2 * px + " " + 3 * px, "data-inset": v.name }, g);
            svg("rect", { x: left, y: top, width: w, height: h, fill: "none", stroke: "#263238",
                "stroke-width": 2.5 * px, "data-window": v.name }, g);
            const bar = function (len, span, at) {
              const l = Math.max(8 * px, len * Math.min(1, len / span));
              return [l, (len - l) * Math.max(0, Math.min(1, span > len ? at / (span - len) : 0))];
            };
            const ind = 3 * px;
            if (ch + it + ib > h) {
              const b = bar(h, ch + it + ib, oy + it);
              svg("rect", { x: left + w - ind - 2 * px, y: top + b[1], width: ind, height: b[0], rx: ind / 2,
                  fill: "#3949ab", "fill-opacity": 0.6, "data-indicator": "vertical" }, g);
            }
            if (cw + il + ir > w) {
              const b = bar(w, cw + il + ir, ox + il);
              svg("rect", { x: left + b[1], y: top + h - ind - 2 * px, width: b[0], height: ind, rx: ind / 2,
                  fill: "#3949ab", "fill-opacity": 0.6, "data-indicator": "horizontal" }, g);
            }
            const t = svg("text", { x: left + 3 * px, y: top - 4 * px, "font-size": 10 * px, fill: "#283593",
                stroke: "#ffffff", "stroke-width": 2.5 * px, "paint-order": "stroke" }, g);
            t.textContent = v.name + " offset [" + fmt(ox, 1) + ", " + fmt(oy, 1) + "]" + zoom + motion;
          });
        }
        // The property animators' fraction complete over the run.
        if ((D.animators || []).length) {
          const box = node("div", "plotset", undefined, plots);
          node("h3", "", "property animators", box);
          plot(box, "fractionComplete", D.animators.map(function (a, k) {
            return { name: a.name, ys: a.p, color: COLORS[(k + 3) % COLORS.length] };
          }), -1);
        }
        const animatorEls = (D.animators || []).map(function (a) {
          const row = node("div", "tr", undefined, $("animators"));
          node("b", "", a.name, row);
          const st = node("span", "", "", row);
          const bar = node("span", "bar", undefined, row);
          const fill = node("i", "", undefined, bar);
          const p = node("span", "", "", row);
          return { st: st, fill: fill, p: p };
        });
        if (!(D.animators || []).length) $("animators").textContent = "none";
        function drawAnimators(f) {
          (D.animators || []).forEach(function (a, k) {
            animatorEls[k].st.textContent = D.animatorStates[a.st[f]];
            animatorEls[k].fill.style.width = (100 * Math.max(0, Math.min(1, a.p[f]))) + "%";
            animatorEls[k].p.textContent = fmt(a.p[f], 3);
          });
        }
        // Hover: the view under the mouse, its frame (UIKit's: the box around it turned), velocity
        // and rotation at the shown tick, and its model where the screen shows something else.
        const hover = $("hover");
        let hovered = -1, hoverX = 0, hoverY = 0;
        function viewFrame(v, f) {
          const c = Math.abs(Math.cos(v.r[f])), s = Math.abs(Math.sin(v.r[f]));
          const w = (v.w[f] * c + v.h[f] * s) * v.s[f], h = (v.w[f] * s + v.h[f] * c) * v.s[f];
          return [v.cx[f] - w / 2, v.cy[f] - h / 2, w, h];
        }
        function updateHover() {
          if (hovered < 0 || D.views[hovered].rm[current]) { hover.hidden = true; delete hover.dataset.view; return; }
          const v = D.views[hovered], f = current, fr = viewFrame(v, f);
          const m = modelAt[hovered][f];
          hover.dataset.view = v.name;
          hover.textContent = "";
          node("b", "", v.name, hover);
          node("div", "", "frame [" + fr.map(function (x) { return fmt(x, 1); }).join(", ") + "]", hover);
          node("div", "", "velocity [" + fmt(v.vx[f], 1) + ", " + fmt(v.vy[f], 1) + "] pt/s", hover);
          node("div", "", "rotation " + fmt(v.r[f], 4) + " rad (" + fmt(v.r[f] * 180 / Math.PI, 1) + "°)" +
              (v.s[f] !== 1 ? " · scale " + fmt(v.s[f], 3) : "") + (v.a[f] !== 1 ? " · alpha " + fmt(v.a[f], 3) : ""),
              hover);
          if (m) node("div", "model", "model: center [" + fmt(m[1], 1) + ", " + fmt(m[2], 1) + "] size [" +
              fmt(m[3], 1) + ", " + fmt(m[4], 1) + "] rotation " + fmt(m[5], 4), hover);
          node("div", "tick", "tick " + f, hover);
          hover.hidden = false;
          hover.style.left = (hoverX + 14) + "px"; hover.style.top = (hoverY + 14) + "px";
        }
        viewEls.forEach(function (e, i) {
          e.body.setAttribute("pointer-events", "all");
          e.g.addEventListener("mousemove", function (ev) {
            hovered = i; hoverX = ev.clientX; hoverY = ev.clientY; updateHover(); });
          e.g.addEventListener("mouseleave", function () { if (hovered === i) { hovered = -1; updateHover(); } });
        });
        """#
}
