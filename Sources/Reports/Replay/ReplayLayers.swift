extension ReplayAssets {
    /// What the page draws besides the views: each view's model value where the screen shows
    /// something else (a dashed outline), each scroll view's window over its content with its
    /// offset and indicators, the property animators' fractions as a plot, and the details of
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
        // A scroll view: its content (dotted) where the offset puts it, the window (its bounds),
        // the indicators along its right and bottom edges, its offset written above it.
        const scrollPanel = $("scrolls");
        const scrollEls = (D.scrolls || []).map(function (s) {
          const row = node("div", "tr", undefined, scrollPanel);
          node("b", "", D.views[s.view].name, row);
          return node("span", "", "", row);
        });
        if (!(D.scrolls || []).length) scrollPanel.textContent = "none";
        function drawScrolls(f) {
          while (scrollLayer.firstChild) scrollLayer.removeChild(scrollLayer.firstChild);
          (D.scrolls || []).forEach(function (s, k) {
            const v = D.views[s.view];
            if (v.rm[f]) return;
            const w = v.w[f], h = v.h[f], left = v.cx[f] - w / 2, top = v.cy[f] - h / 2;
            const ox = s.ox[f], oy = s.oy[f], cw = s.content[0], ch = s.content[1];
            const g = svg("g", { "data-scroll": v.name, "data-offset": ox + "," + oy }, scrollLayer);
            svg("rect", { x: left - ox, y: top - oy, width: cw, height: ch, fill: "none", stroke: "#455a64",
                "stroke-width": px, "stroke-dasharray": px + " " + 3 * px, "data-content": v.name }, g);
            svg("rect", { x: left, y: top, width: w, height: h, fill: "none", stroke: "#263238",
                "stroke-width": 2.5 * px, "data-window": v.name }, g);
            const ind = 3 * px;
            if (ch > h) {
              const len = Math.max(12 * px, h * h / ch);
              const at = top + Math.max(0, Math.min(1, oy / (ch - h))) * (h - len);
              svg("rect", { x: left + w - ind - 2 * px, y: at, width: ind, height: len, rx: ind / 2,
                  fill: "#263238", "fill-opacity": 0.55, "data-indicator": "vertical" }, g);
            }
            if (cw > w) {
              const len = Math.max(12 * px, w * w / cw);
              const at = left + Math.max(0, Math.min(1, ox / (cw - w))) * (w - len);
              svg("rect", { x: at, y: top + h - ind - 2 * px, width: len, height: ind, rx: ind / 2,
                  fill: "#263238", "fill-opacity": 0.55, "data-indicator": "horizontal" }, g);
            }
            const motion = s.drag[f] ? " · dragging" : s.dec[f] ? " · decelerating" : "";
            const zoom = s.zoom ? " · zoom ×" + fmt(s.zoom[f], 3) : "";
            const t = svg("text", { x: left + 3 * px, y: top - 4 * px, "font-size": 10 * px, fill: "#263238",
                stroke: "#ffffff", "stroke-width": 2.5 * px, "paint-order": "stroke" }, g);
            t.textContent = v.name + " offset [" + fmt(ox, 1) + ", " + fmt(oy, 1) + "]" + zoom + motion;
            scrollEls[k].textContent = "offset [" + fmt(ox, 1) + ", " + fmt(oy, 1) + "] of content " + cw + " × " +
                ch + zoom + motion;
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
