import Results

// A second run drawn under a case's own on its page, as a ghost, under the one scrubber:
// `mutate --replay` draws the original's run under a surviving mutant's, and opens the page at
// the first tick where they differ.

/// The run a page draws as a ghost: its views where the screen shows them, tick by tick (a tick
/// past its end shows its last).
public struct ReplayGhost: Sendable {
    /// What the page calls it (`original`).
    public var label: String
    public var result: CaseResult
    /// The frame the page opens at (the first that differs); nil: the page's own choice.
    public var firstDifference: Int?
    public init(label: String, result: CaseResult, firstDifference: Int?) {
        self.label = label; self.result = result; self.firstDifference = firstDifference
    }
}

extension ReplayReporter {
    /// The first frame at which the screen shows a view of `a` elsewhere than `b` does (its
    /// centre, size, rotation, scale or alpha; removed or shown), beyond the page's rounding (0.01
    /// pt, 1e-4 rad, 1e-3 unitless); nil when none does (a run that ends first is compared at its
    /// last frame). Views are matched by name.
    public static func firstDifferingFrame(_ a: CaseRecording, _ b: CaseRecording) -> Int? {
        let n = Swift.max(a.frames.count, b.frames.count)
        guard !a.frames.isEmpty, !b.frames.isEmpty else { return a.frames.count == b.frames.count ? nil : 0 }
        let pairs = a.views.indices.compactMap { i in
            b.views.firstIndex { $0.name == a.views[i].name }.map { (i, $0) }
        }
        if pairs.count != a.views.count || pairs.count != b.views.count { return 0 }
        for f in 0..<n {
            let fa = a.frames[Swift.min(f, a.frames.count - 1)]
            let fb = b.frames[Swift.min(f, b.frames.count - 1)]
            for (i, j) in pairs {
                let (u, v) = (fa.views[i], fb.views[j])
                let (p, q) = (u.onScreen, v.onScreen)
                if u.removed != v.removed || p.shown != q.shown { return f }
                if u.removed { continue }
                if Swift.abs(p.center.x - q.center.x) > 0.01 || Swift.abs(p.center.y - q.center.y) > 0.01
                    || Swift.abs(u.size.x - v.size.x) > 0.01 || Swift.abs(u.size.y - v.size.y) > 0.01
                    || Swift.abs(p.rotation - q.rotation) > 1e-4 || Swift.abs(p.scale - q.scale) > 1e-3
                    || Swift.abs(p.alpha - q.alpha) > 1e-3
                {
                    return f
                }
            }
        }
        return nil
    }

    /// The ghost as JSON: its label, the frame to open at, its frame count and per view (by name)
    /// where the screen shows it: `cx`, `cy`, `w`, `h`, `r`, `s` and `on` (drawn at all).
    static func ghostData(_ g: ReplayGhost) -> String {
        guard let rec = g.result.recording, !rec.frames.isEmpty else { return "null" }
        let frames = rec.frames
        var views: [String] = []
        for (i, v) in rec.views.enumerated() where v.shape != "group" {
            func col(_ d: Int, _ f: (CaseRecording.ViewFrame) -> Double) -> String {
                list(frames.map { num(f($0.views[i]), d) })
            }
            views.append(
                "{\"name\":\(str(v.name)),\"cx\":\(col(2) { $0.onScreen.center.x }),"
                    + "\"cy\":\(col(2) { $0.onScreen.center.y }),\"w\":\(col(2) { $0.size.x }),"
                    + "\"h\":\(col(2) { $0.size.y }),\"r\":\(col(4) { $0.onScreen.rotation }),"
                    + "\"s\":\(col(4) { $0.onScreen.scale }),"
                    + "\"on\":\(col(0) { !$0.removed && $0.onScreen.shown && !v.hidden ? 1 : 0 })}")
        }
        let first = g.firstDifference.map { String($0) } ?? "null"
        return "{\"label\":\(str(g.label)),\"first\":\(first),\"n\":\(frames.count),\"views\":["
            + views.joined(separator: ",\n") + "]}"
    }
}

extension ReplayAssets {
    /// The ghost run (`D.ghost`): each of its views a grey dashed outline under the page's own
    /// views at the shown tick (`data-ghost`: the view's name), the first differing tick marked
    /// on the timeline (`data-first-difference`), a line under the clock saying what the ghost is.
    static let ghostScript = #"""
        // MARK: ghost run
        const ghostRun = svg("g", { "pointer-events": "none" });
        scene.insertBefore(ghostRun, viewLayer);
        const ghostEls = D.ghost ? D.ghost.views.map(function (gv) {
          const own = D.views.find(function (v) { return v.name === gv.name; }) || { shape: "rectangle", path: [] };
          const g = svg("g", { "data-ghost": gv.name }, ghostRun);
          const body = shape(own, g, { fill: "#9e9e9e", "fill-opacity": 0.2, stroke: "#424242",
              "stroke-width": 1.5 * px, "stroke-dasharray": 5 * px + " " + 3 * px });
          return { g: g, body: body, own: own };
        }) : [];
        if (D.ghost) {
          ghostRun.setAttribute("data-ghost-run", D.ghost.label);
          const note = node("div", "ghostnote", "", $("clock").parentNode);
          $("clock").parentNode.insertBefore(note, $("timeline"));
          note.id = "ghost";
          note.textContent = "grey, dashed: the " + D.ghost.label + "'s run under this one" +
              (D.ghost.first !== null ? " · first difference at tick " + D.ghost.first + " (t = " +
              fmt(D.t[Math.min(D.ghost.first, N - 1)], 3) + " s)" : " · no difference on the screen");
          if (D.ghost.first !== null) svg("line", { x1: tx(D.ghost.first), x2: tx(D.ghost.first), y1: 0, y2: 46,
              stroke: "#424242", "stroke-width": 1.5, "stroke-dasharray": "3 2",
              "data-first-difference": D.ghost.first }, $("timeline"));
        }
        function drawGhost(f) {
          if (!D.ghost) return;
          const gf = Math.min(f, D.ghost.n - 1);
          D.ghost.views.forEach(function (gv, j) {
            const e = ghostEls[j];
            if (!gv.on[gf]) { e.g.setAttribute("visibility", "hidden"); return; }
            e.g.setAttribute("visibility", "visible");
            e.g.setAttribute("transform", transform(gv.cx[gf], gv.cy[gf], gv.r[gf], gv.s[gf]));
            size(e.body, e.own, gv.w[gf], gv.h[gf]);
          });
        }

        """#
}
