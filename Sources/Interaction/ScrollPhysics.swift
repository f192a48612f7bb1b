import Geometry

/// The closed forms of `UIScrollView`'s motion along one axis (docs/physics.md, "Scroll views").
///
/// Deceleration after a release: v(t) = v₀ · rate^(1000·t), rate per millisecond (`normal` 0.998,
/// `fast` 0.99); the distance travelled by time t is v₀ · rate / (1000 · (1 − rate)) · (1 −
/// rate^(1000·t)) and the projection of a release (t → ∞) is v₀ · rate / (1000 · (1 − rate)).
/// Past an edge the offset rubber-bands, (1 − 1 / (x · c / d + 1)) · d with c = 0.55, and springs
/// back along a critically damped spring (`ScrollTuning.bounceOmega`, chosen).
public enum ScrollPhysics {
    /// UIKit's `UIScrollView.DecelerationRate.normal`, per millisecond.
    public static let normalRate = 0.998
    /// UIKit's `UIScrollView.DecelerationRate.fast`, per millisecond.
    public static let fastRate = 0.99
    /// The rubber band's constant.
    public static let rubberBandConstant = 0.55

    /// Where a release at `velocity` (pt/s) comes to rest, relative to where it was released.
    public static func projection(velocity: Double, rate: Double) -> Double {
        velocity * rate / (1000 * (1 - rate))
    }

    /// The part of the projection still to come `t` seconds after the release: rate^(1000·t).
    public static func remaining(after t: Double, rate: Double) -> Double {
        Elementary.pow(rate, 1000 * t)
    }

    /// The distance travelled `t` seconds after a release at `velocity` (pt/s).
    public static func distance(velocity: Double, rate: Double, after t: Double) -> Double {
        projection(velocity: velocity, rate: rate) * (1 - remaining(after: t, rate: rate))
    }

    /// The velocity (pt/s) `t` seconds after a release at `velocity`.
    public static func velocity(_ velocity: Double, rate: Double, after t: Double) -> Double {
        velocity * remaining(after: t, rate: rate)
    }

    /// How long (s) a deceleration over `distance` points takes until less than `ScrollTuning.stopDistance`
    /// of it is left (0 when it is already that short).
    public static func decelerationTime(distance: Double, rate: Double) -> Double {
        let d = Swift.abs(distance)
        if d <= ScrollTuning.stopDistance { return 0 }
        return Elementary.log(ScrollTuning.stopDistance / d) / (1000 * Elementary.log(rate))
    }

    /// The rubber band: how far past an edge the content shows for a drag `x` points past it, in a
    /// scroll view `dimension` points long along the axis (sign kept).
    public static func rubberBand(_ x: Double, dimension d: Double) -> Double {
        let c = rubberBandConstant
        let a = Swift.abs(x)
        let y = (1 - 1 / (a * c / d + 1)) * d
        return x < 0 ? -y : y
    }

    /// The drag past an edge that shows the content `y` points past it (the rubber band's inverse).
    public static func rubberBandInverse(_ y: Double, dimension d: Double) -> Double {
        let c = rubberBandConstant
        let a = Swift.min(Swift.abs(y), d * 0.999_999)
        let x = (d / c) * (1 / (1 - a / d) - 1)
        return y < 0 ? -x : x
    }

    /// The bounce-back spring (critically damped, ω = `ScrollTuning.bounceOmega`): the offset from
    /// the rest position `t` seconds after it started `x0` away at velocity `v0` (pt/s).
    public static func bounce(x0: Double, v0: Double, after t: Double) -> (offset: Double, velocity: Double) {
        let w = ScrollTuning.bounceOmega
        let k = v0 + w * x0
        let e = Elementary.exp(-w * t)
        return ((x0 + k * t) * e, (k - w * (x0 + k * t)) * e)
    }

    /// The zoom's rubber band past a limit, on the logarithm of the scale: a pinch `x` = ln(raw /
    /// limit) past it shows ln(shown / limit) = the rubber band of `x` over a dimension of
    /// `ScrollTuning.zoomRubberBandRange` (slope 0.55 at the limit, never past the range).
    public static func zoomRubberBand(_ x: Double) -> Double {
        rubberBand(x, dimension: ScrollTuning.zoomRubberBandRange)
    }

    /// The inverse of `zoomRubberBand`.
    public static func zoomRubberBandInverse(_ y: Double) -> Double {
        rubberBandInverse(y, dimension: ScrollTuning.zoomRubberBandRange)
    }

    /// The page a paging release settles on: at most one page from `startPage` (the page the drag
    /// began on), in the direction of the release when the release is faster than
    /// `ScrollTuning.pagingSpeed` or its projected offset passes half a page, else `startPage`;
    /// within `0...lastPage`.
    public static func pagingTarget(
        offset: Double, velocity: Double, rate: Double, page: Double, startPage: Int, lastPage: Int
    ) -> Int {
        let projected = offset + projection(velocity: velocity, rate: rate)
        let start = Double(startPage) * page
        var target = startPage
        if velocity > ScrollTuning.pagingSpeed || projected - start > page / 2 {
            target = startPage + 1
        } else if velocity < -ScrollTuning.pagingSpeed || start - projected > page / 2 {
            target = startPage - 1
        }
        return Swift.min(Swift.max(target, 0), lastPage)
    }
}

/// The scroll view's constants UIKit does not document: chosen, listed in docs/physics.md with the
/// public reimplementations of `UIScrollView` they were held against.
public enum ScrollTuning {
    /// The bounce-back and paging spring: critically damped at this angular frequency (rad/s),
    /// 2π / 0.575 s ≈ 10.93, as ListViewKit's spring-back (2025, written to match iOS); the Yandex
    /// ScrollMechanics reimplementation (2020) uses 10, Flutter's iOS physics 14.1 at ratio 1.1.
    /// 100 pt past an edge comes back to within 0.1 pt in 0.84 s.
    public static let bounceOmega = 2 * Double.pi / 0.575
    /// A paging release faster than this (pt/s) turns the page whatever its projection.
    public static let pagingSpeed = 500.0
    /// A deceleration ends (and lands on its target) once less than this many points of it are
    /// left (the Yandex reimplementation's threshold too).
    public static let stopDistance = 0.5
    /// A bounce ends (and lands on its target) once it is closer than this (pt) and slower than
    /// `bounceStopSpeed` (ListViewKit's thresholds: 0.1 pt and 0.01 pt/ms).
    public static let bounceStopDistance = 0.1
    /// See `bounceStopDistance` (pt/s).
    public static let bounceStopSpeed = 10.0

    /// `scrollTo` (`setContentOffset(_:animated: true)`) and `zoomTo` (`zoom(to:animated: true)`):
    /// how long (s) they take, along `animationCurve`. UIKit documents neither.
    public static let scrollAnimationDuration = 0.3
    public static let zoomAnimationDuration = 0.3
    /// The curve of `scrollTo` and `zoomTo`: UIKit's ease-in-ease-out.
    public static let animationCurve = TimingCurve.easeInOut
    /// The part of a `scrollTo` or `zoomTo` done `elapsed` seconds into `duration` (1 at its end).
    public static func animationProgress(_ elapsed: Double, duration: Double) -> Double {
        duration <= 0 || elapsed >= duration ? 1 : animationCurve.value(at: Swift.max(0, elapsed / duration))
    }
    /// The zoom's rubber band: how far past a limit the scale can show, as a logarithm (ln 2: never
    /// past twice the maximum or half the minimum).
    public static let zoomRubberBandRange = Elementary.log(2.0)
    /// The zoom's spring back to a limit: the bounce spring (`bounceOmega`) on the scale; it ends
    /// within this much of the limit and slower than `zoomStopSpeed` (scale / s).
    public static let zoomStopScale = 0.001
    public static let zoomStopSpeed = 0.01
}
