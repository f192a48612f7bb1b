// swift-format-ignore-file
// (The engine keeps Box2D's compact layout: see docs/architecture.md, Habits.)
// Every tuning constant of the engine, in SI units (metres, kilograms, seconds, radians).
// The values are Box2D 2.3's (b2Settings.h); UIKit Dynamics runs Box2D 2.2 at 100 points per metre,
// whose constants are the same, so these are UIKit's too. Changing one changes every trajectory.

/// Tuning constants of the solver and the collision code. All lengths in metres (1 m = 100 pt).
public enum Settings {
    /// Pi, for the angle constants below.
    public static let pi: Float = 3.14159265359
    /// Most contact points between two convex shapes (a 2-D manifold needs at most 2).
    public static let maxManifoldPoints = 2
    /// Most vertices of a convex polygon shape. Box2D's limit; ellipses are flattened within it.
    public static let maxPolygonVertices = 8
    /// Fattening of dynamic-tree proxies, metres (10 pt), so small moves do not re-insert.
    public static let aabbExtension: Float = 0.1
    /// How far ahead a moving proxy's box is predicted, as a multiple of its displacement.
    public static let aabbMultiplier: Float = 2.0
    /// Collision and constraint tolerance, metres (0.5 pt): how much shapes may overlap at rest.
    public static let linearSlop: Float = 0.005
    /// Angular tolerance, radians (2°).
    public static let angularSlop: Float = 2.0 / 180.0 * pi
    /// The skin of polygons, metres (1 pt): keeps polygons apart for continuous collision.
    public static let polygonRadius: Float = 2.0 * linearSlop
    /// Most sub-steps of one time-of-impact resolution.
    public static let maxSubSteps = 8
    /// Most contacts handled by one time-of-impact event.
    public static let maxTOIContacts = 32
    /// Restitution applies only to closing speeds above this, m/s (100 pt/s): UIKit's bounce threshold.
    public static let velocityThreshold: Float = 1.0
    /// Largest position correction per step, metres (20 pt).
    public static let maxLinearCorrection: Float = 0.2
    /// Largest angular correction per step, radians (8°).
    public static let maxAngularCorrection: Float = 8.0 / 180.0 * pi
    /// Largest translation of a body in one step, metres (200 pt): caps speed at 2 m / h.
    public static let maxTranslation: Float = 2.0
    /// Largest rotation of a body in one step, radians (90°).
    public static let maxRotation: Float = 0.5 * pi
    /// Fraction of the overlap resolved per position iteration (Baumgarte).
    public static let baumgarte: Float = 0.2
    /// The same fraction during time-of-impact resolution.
    public static let toiBaumgarte: Float = 0.75
    /// A body must be slow this long before it sleeps, seconds.
    public static let timeToSleep: Float = 0.5
    /// Linear speed below which a body counts as still, m/s (1 pt/s).
    public static let linearSleepTolerance: Float = 0.01
    /// Angular speed below which a body counts as still, rad/s (2°/s).
    public static let angularSleepTolerance: Float = 2.0 / 180.0 * pi
    /// Velocity iterations per step (UIKit's and Box2D's testbed default).
    public static let velocityIterations = 8
    /// Position iterations per step.
    public static let positionIterations = 3
}
