// Which keys take expressions (issue 40, item 2): each key of the format says whether its value
// may be an expression (a string the loader parses and type-checks against the scene) or must be
// written as a literal, and the reference shows it key by key, generated from here.

/// Whether a key's value may be an expression.
public enum ExpressionMark: Sendable, Hashable {
    /// A value or its numbers may be expressions: `"card.center"`, `"rows * 60"`.
    case taken
    /// A literal only: a number, a point, a name or a choice as written.
    case literal
    /// A literal, but in a repeated view a number may be an expression of `i` (`"i * 60"`).
    case literalOrIndex
    /// Not a value: a mapping or list of keys of its own (their rows say).
    case notAValue

    /// The reference's column.
    public var text: String {
        switch self {
        case .taken: return "yes"
        case .literal: return "no"
        case .literalOrIndex: return "of `i` only"
        case .notAValue: return "—"
        }
    }
}

/// A key whose reference row says whether it takes an expression.
public protocol MarkedKey: VocabularyName {
    var expression: ExpressionMark { get }
}

extension KeyKind {
    /// Whether a key of this kind takes an expression: the loader reads numbers, bools and points
    /// (and the numbers inside ranges, insets, boundaries, regions and keyframes) as expressions,
    /// and literal kinds, names and choices as written.
    public var expression: ExpressionMark {
        switch self {
        case .number, .bool, .point, .range, .referenceBounds, .boundaries, .region, .fingerPaths: return .taken
        case .literalNumber, .literalCount, .literalPoint, .viewName, .viewNames, .choice, .choices, .gestureName,
            .gestureNames, .insets, .zoom:
            return .literal
        }
    }
}

extension VocabularyKey {
    /// A key with a kind takes an expression as its kind does.
    public var expression: ExpressionMark { kind.expression }
}

extension TopLevelKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .format, .include, .name, .sweep: return .literal
        case .vars, .outcome: return .taken
        case .world, .views, .behaviors, .transitions, .animators, .gestures, .on, .script, .expect, .variants:
            return .notAValue
        }
    }
}

extension WorldKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .size, .frameRate, .substeps, .timeout: return .literal
        case .rest: return .notAValue
        }
    }
}

extension RestKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .speed, .angularSpeed, .holdFor: return .literal
        }
    }
}

extension ViewKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .frame, .center, .size, .rotation, .scale, .alpha, .collisionBounds: return .literalOrIndex
        case .hidden, .superview, .repeat: return .literal
        case .scroll, .group: return .notAValue
        }
    }
}

extension TransitionKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .finalFrame: return .taken
        case .kind, .from, .to, .duration, .interactive, .completionSpeed, .completionCurve, .animations, .initial,
            .animator:
            return .literal
        }
    }
}

extension StepKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .wait, .waitFor, .timeout: return .taken
        case .pan, .flick, .tap, .press, .pinch, .rotate, .touches, .expect: return .notAValue
        }
    }
}

extension PanKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .path, .from, .to, .duration: return .taken
        case .gesture, .curve, .release: return .literal
        }
    }
}

extension FlickKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .from, .velocity, .distance: return .taken
        case .gesture, .release: return .literal
        }
    }
}

extension ActionKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .branch, .set, .progress, .complete, .velocity, .log, .after, .scrollTo, .zoomTo: return .taken
        case .add, .remove, .start, .finish, .cancel, .haptic, .removeView, .pauseAnimator, .resetAnimator:
            return .literal
        case .then, .otherwise, .animate, .actions, .startAnimator, .continueAnimator, .stopAnimator: return .notAValue
        }
    }
}

extension AnimateKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .duration, .spring, .delay, .set: return .taken
        case .curve: return .literal
        case .then: return .notAValue
        }
    }
}

extension ExpectKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .views, .that: return .taken
        case .transition, .rest, .restBy, .events: return .literal
        }
    }
}

extension BehaviorEntryKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .active, .repeat: return .literal
        case .action: return .notAValue
        }
    }
}

extension GestureEntryKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .repeat: return .literal
        }
    }
}

extension BoundaryKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .from, .to, .path: return .taken
        case .closed: return .literal
        }
    }
}

extension InsetKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .top, .left, .bottom, .right: return .taken
        }
    }
}

extension StartAnimatorKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .afterDelay: return .taken
        case .animator: return .literal
        }
    }
}

extension ContinueAnimatorKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .durationFactor: return .taken
        case .animator: return .literal
        case .timing: return .notAValue  // a curve name, or a mapping whose numbers may be expressions
        }
    }
}

extension AnimatorKey {
    public var expression: ExpressionMark {
        switch self {
        case .duration, .pausesOnCompletion, .scrubsLinearly: return .literal
        case .timing, .set, .then: return .notAValue  // a timing's numbers may be expressions (its rows say)
        }
    }
}

extension StopAnimatorKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .animator, .finish: return .literal
        }
    }
}

extension RegionKey: MarkedKey {
    public var expression: ExpressionMark {
        switch self {
        case .radius, .size: return .taken
        case .inverse, .union, .difference, .intersection: return .notAValue
        }
    }
}
