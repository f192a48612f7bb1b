import Geometry
import Interaction
import SceneVocabulary
import UIDynamics

// The scene vocabulary mapped onto the engine's own types, once. Each switch is exhaustive: a
// case added to the vocabulary does not compile until it is mapped here.

extension SceneVocabulary.CollisionMode {
    var engine: UIDynamics.CollisionMode {
        switch self {
        case .items: return .items
        case .boundaries: return .boundaries
        case .everything: return .everything
        }
    }
}

extension SceneVocabulary.FieldKind {
    var engine: UIDynamics.FieldKind {
        switch self {
        case .linearGravity: return .linearGravity
        case .radialGravity: return .radialGravity
        case .spring: return .spring
        case .drag: return .drag
        case .velocity: return .velocity
        case .vortex: return .vortex
        case .noise: return .noise
        case .turbulence: return .turbulence
        case .electric: return .electric
        case .magnetic: return .magnetic
        }
    }
}

extension SceneVocabulary.AttachmentKind {
    /// The engine's attachment kind; `axis` is the sliding axis (used by `sliding` only).
    func engine(axis: Vec2) -> UIDynamics.AttachmentKind {
        switch self {
        case .spring: return .spring
        case .sliding: return .sliding(axis: axis)
        case .limit: return .limit
        case .fixed: return .fixed
        case .pin: return .pin
        }
    }
}

extension PushMode {
    var engine: PushBehavior.Mode {
        switch self {
        case .continuous: return .continuous
        case .instantaneous: return .instantaneous
        }
    }
}

extension CurveName {
    var curve: TimingCurve {
        switch self {
        case .linear: return .linear
        case .easeIn: return .easeIn
        case .easeOut: return .easeOut
        case .easeInOut: return .easeInOut
        }
    }
}

extension ScreenEdge {
    var engine: RectEdge {
        switch self {
        case .left: return .left
        case .right: return .right
        case .top: return .top
        case .bottom: return .bottom
        }
    }
}
