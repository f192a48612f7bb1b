import Results

// The view tree on the replay page: a subview is drawn where the screen shows it, with its
// superviews' transform (the recording's `ViewFrame.screen`), in the order the screen draws the
// views (`drawingOrder`: a view before its subviews).

extension ReplayReporter {
    /// View `i`'s on-screen columns, for a view the screen shows elsewhere than its own values
    /// say in some frame (a subview, a hidden view): `sup` (its superview, −1 for the reference
    /// view), `sx`, `sy` (its centre on the screen), `sr`, `ss` (its rotation and scale there),
    /// `sa` (the alpha drawn) and `vis` (drawn at all); none for every other view.
    static func screenColumns(_ rec: CaseRecording, _ i: Int) -> String {
        guard rec.frames.contains(where: { $0.views[i].screen != nil }) else { return "" }
        func col(_ d: Int, _ f: (CaseRecording.ScreenPlace) -> Double) -> String {
            list(rec.frames.map { num(f($0.views[i].onScreen), d) })
        }
        return ",\"sup\":\(rec.views[i].superview ?? -1)"
            + ",\"sx\":\(col(2) { $0.center.x }),\"sy\":\(col(2) { $0.center.y })"
            + ",\"sr\":\(col(4) { $0.rotation }),\"ss\":\(col(4) { $0.scale }),\"sa\":\(col(3) { $0.alpha })"
            + ",\"vis\":\(col(0) { $0.shown ? 1 : 0 })"
    }
}
