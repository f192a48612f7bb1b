import Diagnostics
import SceneLoader
import SceneModel
import Testing

/// Format 1.3's view hierarchy at load time: what a behaviour may move, what may be a
/// superview, and `convert`'s names.
@Suite struct ViewTreeLoaderTests {
    let views = """
        views:
          pip:  { frame: [20, 60, 120, 180] }
          mute: { frame: [40, 140, 40, 30], superview: pip }
          list: { frame: [0, 300, 390, 500], scroll: { contentSize: [390, 2000] } }
          cell: { frame: [0, 0, 390, 90], superview: list }
          badge: { frame: [4, 4, 20, 20], superview: cell }

        """

    static let why =
        "so a behaviour cannot move it: the dynamic animator reads an item's centre as a point of its reference view, "
        + "and `mute`'s centre is in `pip`'s coordinates (UIKit would make it jump); name `pip` instead (its "
        + "subviews ride along with it), or make `mute` a view of the reference view (no `superview`)"

    /// A behaviour naming a view deeper than the reference view's subviews (or a scroll view's) is
    /// refused at the name, saying why and how to fix it: in a list, as `item`, as `to`, in a
    /// group and in `velocity`.
    @Test(arguments: [
        ("  fall: { gravity: { items: [pip, mute] } }", "t.yaml:8:35"),
        ("  fall: { gravity: { items: mute } }", "t.yaml:8:29"),
        ("  hold: { attachment: { item: mute, anchor: [0, 0] } }", "t.yaml:8:31"),
        ("  hold: { attachment: { item: pip, to: mute } }", "t.yaml:8:40"),
        ("  home: { snap: { item: mute, to: [0, 0] } }", "t.yaml:8:25"),
    ])
    func behavioursNameSubviewsOfTheReferenceView(_ line: String, _ at: String) {
        let text = views + "behaviors:\n" + line + "\nscript: [ { wait: 1 } ]\n"
        #expect(loadError(text) == "\(at): error: `mute` is a subview of `pip`, \(Self.why)")
    }

    @Test func groupsAndVelocityNameSubviewsOfTheReferenceView() {
        #expect(
            loadError(views + "  pair: { group: { items: [pip, mute] } }\nscript: [ { wait: 1 } ]\n")
                == "t.yaml:7:33: error: `mute` is a subview of `pip`, \(Self.why)")
        #expect(
            loadError(views + "script:\n  - velocity: { item: mute, linear: [1, 0] }\n")
                == "t.yaml:8:23: error: `mute` is a subview of `pip`, \(Self.why)")
    }

    /// A scroll view's subviews are its content (1.2): behaviours may move them; a view inside
    /// one of them may not.
    @Test func scrollViewContentAndDeeper() throws {
        let ok =
            views + "behaviors:\n  spring: { attachment: { item: cell, anchor: [195, 45] } }\nscript: [ { wait: 1 } ]\n"
        #expect(try load(ok).count == 1)
        let deep =
            views
            + "behaviors:\n  spring: { attachment: { item: badge, anchor: [195, 45] } }\nscript: [ { wait: 1 } ]\n"
        #expect(loadError(deep).hasPrefix("t.yaml:8:33: error: `badge` is a subview of `cell`, so a behaviour"))
    }

    @Test func aGroupIsNoSuperview() {
        let text = """
            views:
              a: { frame: [0, 0, 10, 10] }
              g: { group: { items: [a] } }
              b: { frame: [0, 0, 10, 10], superview: g }
            script: [ { wait: 1 } ]
            """
        #expect(
            loadError(text)
                == "t.yaml:4:42: error: `g` is a group (UIDynamicItemGroup), not a view on the screen: it cannot be "
                + "the superview of `b`; name a view")
    }

    /// `convert`'s second and third arguments name views (or `screen`); anything else is refused
    /// at the argument, with a did-you-mean.
    @Test(arguments: [
        ("convert([0, 0], mute, screen) == [60, 200]", "no error"),
        (
            "convert([0, 0], mutte, screen) == [0, 0]",
            "t.yaml:8:39: error: argument 2 of `convert` names a view (or `screen` for the window); `mutte` is not a "
                + "view; did you mean `mute`?"
        ),
        (
            "convert([0, 0], pip, [0, 0]) == [0, 0]",
            "t.yaml:8:44: error: argument 3 of `convert` names a view (or `screen` for the window), but `[0, 0]` is "
                + "not a view's name"
        ),
        (
            "convert(pip.frame, pip, screen) == [0, 0]",
            "t.yaml:8:31: error: argument 1 of `convert` must be a point, but `pip.frame` is a rect"
        ),
        ("convert([0, 0], pip) == [0, 0]", "t.yaml:8:23: error: `convert` takes 3 arguments, got 2"),
    ])
    func convertNamesViews(_ expression: String, _ message: String) {
        let text = views + "script:\n  - expect: { that: [\"\(expression)\"] }\n"
        #expect(loadError(text) == message)
    }
}
