/// The thresholds of the gesture recognisers and of the scripted touches, by name.
///
/// UIKit documents a few of them (the long press's defaults); the others it does not document,
/// so scenerun chose a value, and docs/physics.md ("Gestures") lists each as *chosen*. Each
/// recogniser kind's thresholds extend this namespace in the kind's own file
/// (`GestureTuning.tapMaximumDuration` in `TapGesture.swift`); those shared by several kinds and
/// those of the scripted touches are here. Change one where it is written and nowhere else.
public enum GestureTuning {
    // MARK: chosen: shared by recognisers

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
