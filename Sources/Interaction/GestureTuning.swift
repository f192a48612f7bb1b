/// Every threshold of the gesture recognisers and of the scripted touches, in one place.
///
/// UIKit documents a few of them (the long press's defaults); the others it does not document,
/// so scenerun chose a value, and docs/physics.md ("Gestures") lists each as *chosen*. Change one
/// here and nowhere else.
public enum GestureTuning {
    // MARK: UIKit's documented defaults

    /// `UILongPressGestureRecognizer.minimumDuration`, seconds.
    public static let longPressMinimumDuration = 0.5
    /// `UILongPressGestureRecognizer.allowableMovement`, points.
    public static let longPressAllowableMovement = 10.0

    // MARK: chosen: recognisers

    /// A tap fails once a finger moves this far (points) from where it went down.
    public static let tapAllowableMovement = 10.0
    /// A tap fails when its fingers stay down longer than this (seconds).
    public static let tapMaximumDuration = 0.5
    /// A multi-tap fails when the next tap does not touch down within this many seconds of the
    /// previous lift (so a double tap fails this long after a single one).
    public static let tapMaximumInterval = 0.35
    /// A multi-tap fails when a later tap lands farther than this (points) from the first.
    public static let tapAllowableSeparation = 45.0
    /// A pinch begins once the spacing of its two fingers has changed by this much (points).
    public static let pinchBeginSpacingChange = 8.0
    /// A rotation begins once the line between its two fingers has turned this much (radians).
    public static let rotationBeginAngle = 0.1
    /// A swipe is recognised once the finger has moved this far (points) along its direction…
    public static let swipeMinimumDistance = 50.0
    /// … at an average speed since touch-down of at least this much (points per second) …
    public static let swipeMinimumSpeed = 300.0
    /// … never straying more than this angle (radians, 30°) from the direction …
    public static let swipeMaximumAngle = Double.pi / 6
    /// … the angle being judged once the finger has moved this far (points) from touch-down.
    public static let swipeAngleAfter = 10.0
    /// Pinch and rotation velocities are estimated as the pan's: this weight on the newest
    /// sample, the rest on the previous one.
    public static let velocityNewestWeight = 0.2

    // MARK: chosen: scripted touches

    /// A scripted tap holds its fingers down this long (seconds).
    public static let tapTouchDuration = 0.05
    /// A scripted multi-tap waits this long (seconds) between a lift and the next touch-down.
    public static let tapGap = 0.1
    /// Several fingers of one scripted tap, press or swipe are this far apart (points), side by
    /// side on a horizontal line centred on the step's point.
    public static let fingerSpacing = 40.0
    /// A `rotate` step starts its fingers this far (points) either side of its centre, unless
    /// it says `radius`.
    public static let rotateRadius = 50.0
}
