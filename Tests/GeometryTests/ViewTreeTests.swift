import Geometry
import Testing

/// The view tree alone: poses on the screen, `convert`, on-screen frames, alpha and visibility
/// down the tree, and UIKit's hit-testing.
@Suite struct ViewTreeTests {
    func near(_ a: Vec2?, _ b: Vec2, _ tol: Double = 1e-9) -> Bool {
        guard let a else { return false }
        return abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol
    }

    /// The picture-in-picture window and its mute button: the button's frame is in the window's
    /// coordinates and rides with it.
    @Test func subviewRidesWithItsSuperview() {
        let tree = ViewTree([
            .init(superview: nil, frame: Rect(x: 20, y: 60, width: 120, height: 180)),
            .init(superview: 0, frame: Rect(x: 40, y: 140, width: 40, height: 30)),
        ])
        #expect(tree.screenFrame(1) == Rect(x: 60, y: 200, width: 40, height: 30))
        #expect(tree.convert(Vec2(0, 0), from: 1, to: nil) == Vec2(60, 200))
        #expect(tree.convert(Vec2(60, 200), from: nil, to: 0) == Vec2(40, 140))
        #expect(tree.convert(Vec2(5, 5), from: 1, to: 0) == Vec2(45, 145))
        #expect(tree.depth(1) == 2 && tree.chain(1) == [1, 0])
    }

    /// A turned superview turns its subview about the superview's centre; the subview's on-screen
    /// frame is the bounding box of its turned corners.
    @Test func turnedSuperview() {
        // 100 × 100 at the origin, turned 90° clockwise about its centre (50, 50).
        let tree = ViewTree([
            .init(superview: nil, frame: Rect(x: 0, y: 0, width: 100, height: 100), rotation: Double.pi / 2),
            .init(superview: 0, frame: Rect(x: 0, y: 0, width: 20, height: 10)),
        ])
        // The superview's top-left corner (0, 0) goes to the top-right (100, 0).
        #expect(near(tree.convert(Vec2(0, 0), from: 0, to: nil), Vec2(100, 0)))
        #expect(near(tree.convert(Vec2(20, 10), from: 0, to: nil), Vec2(90, 20)))
        let f = tree.screenFrame(1)
        #expect(near(f.origin, Vec2(90, 0)) && near(f.size, Vec2(10, 20)))
        // And back.
        #expect(near(tree.convert(Vec2(90, 20), from: nil, to: 1), Vec2(20, 10)))
        #expect(abs(tree.pose(1).rotation - Double.pi / 2) < 1e-15)
    }

    /// Scale multiplies down the tree about each view's centre; a scroll view's bounds origin is
    /// its content offset.
    @Test func scaleAndBoundsOrigin() {
        let tree = ViewTree([
            .init(superview: nil, frame: Rect(x: 100, y: 100, width: 200, height: 200), scale: 2),
            .init(superview: 0, frame: Rect(x: 0, y: 0, width: 50, height: 50), scale: 0.5),
            .init(superview: nil, frame: Rect(x: 0, y: 0, width: 390, height: 844), boundsOrigin: Vec2(0, 300)),
            .init(superview: 2, frame: Rect(x: 10, y: 310, width: 370, height: 90)),
        ])
        // View 0 covers 0…400 on screen; its (0, 0) is at (0, 0).
        #expect(tree.screenFrame(0) == Rect(x: 0, y: 0, width: 400, height: 400))
        // View 1's centre (25, 25) in view 0 is at (50, 50) on screen; its scale is 2 · 0.5 = 1.
        #expect(near(tree.screenFrame(1).origin, Vec2(25, 25)) && near(tree.screenFrame(1).size, Vec2(50, 50)))
        #expect(tree.pose(1).scale == 1)
        // The cell at content y 310 shows at 310 − 300 = 10.
        #expect(tree.screenFrame(3) == Rect(x: 10, y: 10, width: 370, height: 90))
        #expect(tree.convert(Vec2(0, 0), from: 3, to: 2) == Vec2(10, 310))
    }

    /// Alpha multiplies and `hidden` hides down the tree; the drawing order puts a view before its
    /// subviews, siblings in order, whatever order they were declared in.
    @Test func alphaHiddenAndDrawingOrder() {
        let tree = ViewTree([
            .init(superview: 2, frame: Rect(x: 0, y: 0, width: 10, height: 10), alpha: 0.5),
            .init(superview: nil, frame: Rect(x: 0, y: 0, width: 10, height: 10), hidden: true),
            .init(superview: nil, frame: Rect(x: 0, y: 0, width: 10, height: 10), alpha: 0.4),
            .init(superview: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10)),
        ])
        #expect(abs(tree.shownAlpha(0) - 0.2) < 1e-15)
        #expect(tree.isShown(0) && !tree.isShown(3) && !tree.isShown(1))
        #expect(tree.drawingOrder == [1, 3, 2, 0])
    }

    /// UIKit's hitTest: the deepest view under the point, later siblings on top, skipping hidden
    /// views, views whose own alpha is below 0.01 (with their subviews) and subviews outside their
    /// superview's bounds; a turned view is hit inside its turned rectangle only.
    @Test func hitTesting() {
        var nodes: [ViewTree.Node] = [
            .init(superview: nil, frame: Rect(x: 20, y: 60, width: 120, height: 180)),  // 0 pip
            .init(superview: 0, frame: Rect(x: 40, y: 140, width: 40, height: 30)),  // 1 mute
            .init(superview: 0, frame: Rect(x: 100, y: 0, width: 60, height: 30)),  // 2 half outside pip
            .init(superview: nil, frame: Rect(x: 0, y: 0, width: 50, height: 80)),  // 3 over pip's corner
        ]
        var tree = ViewTree(nodes)
        #expect(tree.hitTest(Vec2(70, 210)) == 1)  // the button
        #expect(tree.hitTest(Vec2(100, 100)) == 0)  // the window around it
        #expect(tree.hitTest(Vec2(30, 70)) == 3)  // the later sibling on top
        #expect(tree.hitTest(Vec2(130, 70)) == 2)  // inside the window and the subview
        #expect(tree.hitTest(Vec2(150, 70)) == nil)  // the subview's part outside the window
        #expect(tree.hitTest(Vec2(300, 500)) == nil)  // the reference view
        nodes[1].hidden = true
        tree = ViewTree(nodes)
        #expect(tree.hitTest(Vec2(70, 210)) == 0)
        nodes[1].hidden = false
        nodes[0].alpha = 0.005
        tree = ViewTree(nodes)
        #expect(tree.hitTest(Vec2(70, 210)) == nil)  // the window and its button are skipped
        nodes[0].alpha = 0.02
        nodes[1].alpha = 0.3
        nodes[3].detached = true
        tree = ViewTree(nodes)
        #expect(tree.hitTest(Vec2(70, 210)) == 1)  // a subview's own alpha counts, not the product
        #expect(tree.hitTest(Vec2(30, 70)) == 0)  // a removed view is not hit
        // A 100 × 20 bar turned 90° about (50, 50): its frame is x 40…60, y 0…100.
        let bar = ViewTree([
            .init(superview: nil, frame: Rect(x: 0, y: 40, width: 100, height: 20), rotation: Double.pi / 2)
        ])
        #expect(bar.hitTest(Vec2(50, 5)) == 0)
        #expect(bar.hitTest(Vec2(5, 50)) == nil)
    }

    /// A superview chain that comes back to a view is broken where it is found (the loader
    /// refuses one; the tree never loops).
    @Test func cyclesAreBroken() {
        let tree = ViewTree([
            .init(superview: 1, frame: Rect(x: 0, y: 0, width: 10, height: 10)),
            .init(superview: 0, frame: Rect(x: 5, y: 5, width: 10, height: 10)),
            .init(superview: 7, frame: Rect(x: 5, y: 5, width: 10, height: 10)),
        ])
        #expect(tree.roots == [0, 2] && tree.subviews[0] == [1])
        #expect(tree.chain(1) == [1, 0] && tree.hitTest(Vec2(7, 7)) == 2)  // the later root is on top
    }
}
