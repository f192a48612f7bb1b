extension ReplayAssets {
    /// The end of the page's script (inside its function, after the drawing): the self-check
    /// that the drawing agrees with the data, run by the Chromium tests and shown on the page.
    static let selfCheckScript = #"""
        // MARK: self-check: the drawing agrees with the data at the shown frame.
        (function () {
          const f = current;
          for (const v of D.views) {
            for (const c of ["cx", "cy", "w", "h", "r", "s", "a", "vx", "vy", "rm"]) {
              if (v[c].length !== N) fail(v.name + "." + c + " has " + v[c].length + " values for " + N + " frames");
            }
          }
          if (D.touch.length !== N || D.fingers.length !== N || D.active.length !== N ||
              D.guideAt.length !== N) fail("touch or behaviour columns do not have one value per frame");
          // Five ticks across the run: each view drawn at its centre, turned by its rotation, at its scale
          // (a subview: where the screen shows it, through its superviews).
          for (const fi of [0, (N / 4) | 0, (N / 2) | 0, (3 * N / 4) | 0, N - 1]) {
            setFrame(fi);
            D.views.forEach(function (v, i) {
              if (v.rm[fi]) return;
              const cx = v.sx || v.cx, cy = v.sy || v.cy, r = v.sr || v.r, s = v.ss || v.s;
              const m = viewEls[i].g.transform.baseVal.consolidate().matrix;
              const a = s[fi] * Math.cos(r[fi]), b = s[fi] * Math.sin(r[fi]);
              if (Math.abs(m.e - cx[fi]) > 1e-3 || Math.abs(m.f - cy[fi]) > 1e-3 || Math.abs(m.a - a) > 1e-4 ||
                  Math.abs(m.b - b) > 1e-4) {
                fail(v.name + " at tick " + fi + " is drawn at [" + m.e + ", " + m.f + "] turned [" + m.a + ", " +
                    m.b + "], the data says [" + cx[fi] + ", " + cy[fi] + "] turned [" + a + ", " + b + "]");
              }
            });
          }
          // Every finger of the data is drawn, where the data says.
          for (let fi = 0; fi < N; fi++) {
            if (!D.fingers[fi].length) continue;
            setFrame(fi);
            const drawn = fingerLayer.querySelectorAll("[data-finger]");
            if (drawn.length !== D.fingers[fi].length) fail("tick " + fi + " draws " + drawn.length + " fingers of " +
                D.fingers[fi].length);
            D.fingers[fi].forEach(function (p, k) {
              const c = drawn[k];
              if (c && (Math.abs(c.cx.baseVal.value - p[0]) > 1e-3 || Math.abs(c.cy.baseVal.value - p[1]) > 1e-3)) {
                fail("finger " + k + " at tick " + fi + " is drawn away from [" + p[0] + ", " + p[1] + "]");
              }
            });
            break;
          }
          // Each scroll view: one value per frame; at three ticks its group where the screen shows the
          // scroll view and its content outline where its offset puts it.
          for (const sc of D.scrolls) {
            for (const c of ["ox", "oy", "cw", "ch", "it", "il", "ib", "ir", "z", "drag", "dec"]) {
              if (sc[c].length !== N) fail("scroll " + sc.view + "." + c + " has " + sc[c].length + " values");
            }
            const v = D.views[sc.view];
            for (const fi of [0, (N / 2) | 0, N - 1]) {
              if (v.rm[fi] || (v.vis && !v.vis[fi])) continue;
              setFrame(fi);
              const g = scrollLayer.querySelector("[data-scroll=\"" + v.name + "\"]");
              const r = g && g.querySelector("[data-content]");
              const m = g && g.transform.baseVal.consolidate().matrix;
              const cx = v.sx ? v.sx[fi] : v.cx[fi], cy = v.sy ? v.sy[fi] : v.cy[fi];
              const x = -v.w[fi] / 2 - sc.ox[fi], y = -v.h[fi] / 2 - sc.oy[fi];
              if (!r || Math.abs(r.x.baseVal.value - x) > 1e-3 || Math.abs(r.y.baseVal.value - y) > 1e-3 ||
                  Math.abs(r.width.baseVal.value - sc.cw[fi]) > 1e-3 || Math.abs(m.e - cx) > 1e-3 ||
                  Math.abs(m.f - cy) > 1e-3) {
                fail(v.name + "'s content at tick " + fi + " is not drawn at its offset [" + sc.ox[fi] + ", " +
                    sc.oy[fi] + "] in its window at [" + cx + ", " + cy + "]");
              }
            }
          }
          setFrame(f);
          // The controls: arrow keys step one tick (shift: ten), Home/End, the scrubber, play/pause, the speeds.
          function key(k, shift) { document.dispatchEvent(new KeyboardEvent("keydown", {
              key: k, shiftKey: !!shift, bubbles: true })); }
          const clamp = function (x) { return Math.max(0, Math.min(N - 1, x)); };
          let want = f;
          for (const st of [["ArrowRight", false, 1], ["ArrowLeft", false, -1], ["ArrowRight", true, 10],
              ["ArrowLeft", true, -10],
                            ["ArrowLeft", false, -1], ["End", false, Infinity], ["Home", false, -Infinity]]) {
            key(st[0], st[1]);
            want = clamp(want + st[2]);
            if (current !== want) fail("key " + (st[1] ? "shift+" : "") + st[0] + " went to tick " + current +
                ", not " + want);
          }
          const scrub = $("scrub");
          scrub.value = N - 1; scrub.dispatchEvent(new Event("input"));
          if (current !== N - 1 || document.body.dataset.frame !== String(N - 1)) {
            fail("the scrubber did not move to the last tick");
          }
          setFrame(f);
          const speeds = Array.prototype.map.call($("speed").options, function (o) {
              return Number(o.value); }).join(",");
          if (speeds !== "0.1,0.25,0.5,1,2") fail("speeds are " + speeds);
          $("play").click();
          const played = playing && $("play").textContent === "pause";
          $("play").click();
          if (!played || playing || $("play").textContent !== "play") fail("play/pause does not toggle");
          setFrame(f);
          if (scene.innerHTML.indexOf("NaN") >= 0 || plots.innerHTML.indexOf("NaN") >= 0) fail("NaN in the drawing");
          const nPlots = plots.querySelectorAll("svg").length;
          const wantPlots = 4 * D.views.length + ((D.animators || []).length ? 1 : 0);
          if (nPlots !== wantPlots) fail(nPlots + " plots for " + D.views.length + " views and " +
              (D.animators || []).length + " property animators");
          // Where the model differs from the screen, its outline is drawn.
          for (let fi = 0; fi < N; fi++) {
            const k = D.views.findIndex(function (v, i) { return modelAt[i][fi] && !v.rm[fi]; });
            if (k < 0) continue;
            setFrame(fi);
            const m = modelAt[k][fi];
            const g = Array.prototype.find.call(modelLayer.children, function (e) {
                return e.dataset.model === D.views[k].name; });
            const mm = g && g.transform.baseVal.consolidate().matrix;
            if (!mm || Math.abs(mm.e - m[1]) > 1e-3 || Math.abs(mm.f - m[2]) > 1e-3) {
              fail(D.views[k].name + "'s model at tick " + fi + " is not drawn at [" + m[1] + ", " + m[2] + "]");
            }
            break;
          }
          setFrame(f);
          const sc = $("selfcheck");
          const ctm = scene.getScreenCTM();
          sc.dataset.ctm = [ctm.a, ctm.b, ctm.c, ctm.d, ctm.e, ctm.f].join(" ");
          if (!errors.length) {
            sc.dataset.ok = "true";
            sc.textContent = "selfcheck: ok: " + N + " frames, " + D.views.length + " views, " + nPlots +
                " plots, shown tick " + f;
          }
          // Inside a frame (a page that checks many replays at once), the result goes to the parent.
          if (window.parent !== window) window.parent.postMessage({
              page: location.pathname.split("/").pop(), ok: sc.dataset.ok, text: sc.textContent }, "*");
        })();
        })();
        """#
}
