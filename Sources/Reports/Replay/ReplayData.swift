import Diagnostics
import Results

extension ReplayReporter {
    /// The case as JSON: columns per view (one value per frame), events with their frame.
    static func data(_ r: CaseResult) -> String {
        var o: [String] = []
        o.append("\"name\":\(str(r.name))")
        o.append("\"file\":\(str(r.file))")
        o.append("\"status\":\(str(r.status.rawValue))")
        o.append("\"ticks\":\(r.ticks)")
        func sourceLine(_ l: SourceLocation) -> String {
            let lines = (r.sourceText(of: l.file) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
            return l.line >= 1 && l.line <= lines.count ? String(lines[l.line - 1]) : ""
        }
        func loc(_ l: SourceLocation) -> String {
            "\(str("\(l.file):\(l.line):\(l.column)")),\"line\":\(str(sourceLine(l)))"
        }
        o.append(
            "\"diagnostics\":["
                + r.diagnostics.map { "{\"loc\":\(loc($0.location)),\"msg\":\(str($0.message))}" }.joined(
                    separator: ",") + "]")
        guard let rec = r.recording else {
            o.append(
                "\"failures\":["
                    + r.failures.map { "{\"loc\":\(loc($0.location)),\"msg\":\(str($0.message)),\"f\":-1,\"view\":-1}" }
                    .joined(separator: ",") + "]")
            return "{" + o.joined(separator: ",") + "}"
        }
        let frames = rec.frames
        o.append("\"world\":[\(num(rec.worldSize.x, 2)),\(num(rec.worldSize.y, 2))]")
        o.append("\"fps\":\(num(rec.frameRate, 3))")
        o.append("\"t\":" + list(frames.map { num($0.time, 4) }))
        o.append("\"run\":" + list(frames.map { $0.running ? "1" : "0" }))
        var views: [String] = []
        for (i, v) in rec.views.enumerated() {
            func col(_ d: Int, _ f: (CaseRecording.ViewFrame) -> Double) -> String {
                list(frames.map { num(f($0.views[i]), d) })
            }
            let path = list(v.path.map { "[\(num($0.x, 2)),\(num($0.y, 2))]" })
            // The model where the screen shows something else: [frame, cx, cy, w, h, rotation, scale].
            let model = list(
                frames.indices.compactMap { f in
                    frames[f].views[i].model.map {
                        "[\(f),\(num($0.center.x, 2)),\(num($0.center.y, 2)),\(num($0.size.x, 2)),"
                            + "\(num($0.size.y, 2)),\(num($0.rotation, 4)),\(num($0.scale, 4))]"
                    }
                })
            views.append(
                "{\"name\":\(str(v.name)),\"shape\":\(str(v.shape)),\"path\":\(path),\"hidden\":\(v.hidden)"
                    + ",\"cx\":\(col(2) { $0.center.x }),\"cy\":\(col(2) { $0.center.y })"
                    + ",\"w\":\(col(2) { $0.size.x }),\"h\":\(col(2) { $0.size.y })"
                    + ",\"r\":\(col(4) { $0.rotation }),\"s\":\(col(4) { $0.scale }),\"a\":\(col(3) { $0.alpha })"
                    + ",\"vx\":\(col(1) { $0.velocity.x }),\"vy\":\(col(1) { $0.velocity.y })"
                    + ",\"rm\":\(col(0) { $0.removed ? 1 : 0 }),\"m\":\(model)" + screenColumns(rec, i) + "}")
        }
        o.append("\"order\":" + list(rec.drawingOrder.map { "\($0)" }))
        o.append("\"views\":[" + views.joined(separator: ",\n") + "]")
        o.append("\"gestures\":" + list(rec.gestureNames.map(str)))
        // Each scroll view's window over its content: the offset shown, the content size, the
        // insets, the zoom scale and whether it is dragged or moves on its own.
        o.append("\"scrolls\":" + ReplayReporter.scrollWindows(frames))
        // Property animators: per frame the fraction complete and the state (an index in `states`).
        var states: [String] = []
        let animators = rec.animatorNames.enumerated().map { k, name in
            let p = list(frames.map { k < $0.animators.count ? num($0.animators[k].fractionComplete, 4) : "0" })
            let st = list(
                frames.map { f -> String in
                    let s = k < f.animators.count ? f.animators[k].state : ""
                    if let j = states.firstIndex(of: s) { return String(j) }
                    states.append(s)
                    return String(states.count - 1)
                })
            return "{\"name\":\(str(name)),\"p\":\(p),\"st\":\(st)}"
        }
        o.append("\"animators\":" + list(animators))
        o.append("\"animatorStates\":" + list(states.map(str)))
        o.append(
            "\"touch\":"
                + list(
                    frames.map { f in
                        f.touch.map {
                            let point = "\(num($0.point.x, 2)),\(num($0.point.y, 2))"
                            return "[\($0.gesture),\(point),\(str($0.state)),\($0.down ? 1 : 0)]"
                        } ?? "0"
                    }))
        o.append(
            "\"fingers\":"
                + list(frames.map { f in list(f.fingers.map { "[\(num($0.x, 2)),\(num($0.y, 2))]" }) }))
        o.append("\"behaviors\":" + list(rec.behaviorNames.map(str)))
        // Behaviour geometry: each distinct guide once, then per frame the guides it shows.
        var guideIndex: [CaseRecording.Guide: Int] = [:]
        var guides: [String] = []
        var guideAt: [String] = []
        for f in frames {
            var ids: [String] = []
            for g in f.guides {
                let index = guideIndex[g] ?? guides.count
                if guideIndex[g] == nil {
                    guideIndex[g] = index
                    let pts = list(g.points.map { "[\(num($0.x, 2)),\(num($0.y, 2))]" })
                    guides.append("[\(g.behavior),\(str(g.kind)),\(pts),\(g.closed ? 1 : 0),\(str(g.label))]")
                }
                ids.append(String(index))
            }
            guideAt.append(list(ids))
        }
        o.append("\"guides\":" + list(guides))
        o.append("\"guideAt\":" + list(guideAt))
        o.append("\"active\":" + list(frames.map { f in list(f.behaviors.map { String($0) }) }))
        var transitions: [String] = []
        for (i, name) in rec.transitionNames.enumerated() {
            let states = list(frames.map { str($0.transitions[i].state) })
            let progress = list(frames.map { num($0.transitions[i].progress, 4) })
            transitions.append("{\"name\":\(str(name)),\"state\":\(states),\"p\":\(progress)}")
        }
        o.append("\"transitions\":[" + transitions.joined(separator: ",") + "]")
        o.append(
            "\"contacts\":"
                + list(
                    rec.contacts.map { c in
                        let other =
                            c.other.isEmpty
                            ? (c.boundary.isEmpty ? "reference bounds" : "boundary " + c.boundary) : c.other
                        let label = str(c.item + (other.isEmpty ? "" : " – " + other))
                        return "[\(c.frame),\(num(c.point.x, 2)),\(num(c.point.y, 2)),\(c.began ? 1 : 0),\(label)]"
                    }))
        o.append("\"haptics\":" + list(rec.haptics.map { "[\($0.frame),\(str($0.style))]" }))
        o.append("\"notes\":" + list(rec.notes.map { "[\($0.frame),\(str($0.text))]" }))
        // The action list's steps, rules and timers: [frame, kind, source, text, notes before],
        // each source (`file:line:col` and its line's text) once.
        var sourceIndex: [SourceLocation: Int] = [:]
        var sources: [String] = []
        var actions: [String] = []
        for a in rec.actions {
            let k = sourceIndex[a.location] ?? sources.count
            if sourceIndex[a.location] == nil {
                sourceIndex[a.location] = k
                sources.append(
                    "[\(str("\(a.location.file):\(a.location.line):\(a.location.column)")),\(a.location.line),"
                        + "\(str(trimmed(sourceLine(a.location))))]")
            }
            let kind = a.kind == .step ? 0 : a.kind == .rule ? 1 : 2
            actions.append("[\(a.frame),\(kind),\(k),\(str(a.text)),\(a.notesBefore)]")
        }
        o.append("\"sources\":" + list(sources))
        o.append("\"actions\":" + list(actions))
        o.append(
            "\"checkpoints\":"
                + list(
                    rec.checkpoints.map { c in
                        let ghosts = list(
                            c.ghosts.map {
                                let center = "\(num($0.center.x, 2)),\(num($0.center.y, 2))"
                                let frame = "\(center),\(num($0.size.x, 2)),\(num($0.size.y, 2))"
                                return "[\($0.view),\(frame),\(num($0.rotation, 4)),\(num($0.scale, 4))]"
                            })
                        return
                            "{\"f\":\(c.frame),\"loc\":\(loc(c.location)),\"passed\":\(c.passed),\"ghosts\":\(ghosts)}"
                    }))
        o.append(
            "\"failures\":"
                + list(
                    r.failures.enumerated().map { (k, x) in
                        let f = k < rec.failureFrames.count ? rec.failureFrames[k] : frames.count - 1
                        let v = k < rec.failureViews.count ? (rec.failureViews[k] ?? -1) : -1
                        return "{\"loc\":\(loc(x.location)),\"msg\":\(str(x.message)),\"f\":\(f),\"view\":\(v)}"
                    }))
        return "{" + o.joined(separator: ",\n") + "}"
    }

    /// A line without its indentation and trailing spaces.
    static func trimmed(_ s: String) -> String {
        String(s.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
