// The keys of the scene file's other mappings: the top level, world, views, transitions,
// gestures, script steps, actions and expectations.

public enum TopLevelKey: String, VocabularyName {
    case format
    case include, name, world, vars, sweep, outcome, views, behaviors, transitions, animators, gestures, on, script
    case expect
    case variants
    public var doc: String {
        switch self {
        case .format:
            return "the scene format it is written for, major.minor (`1.2`): a newer one than scenerun reads is refused"
        case .include:
            return "parts merged under this file, in order: a path or a list of paths, relative to this file"
        case .name: return "the title in reports (default: the file name)"
        case .world: return "the reference view and the clock"
        case .vars: return "variables the rules keep: name → initial value"
        case .sweep: return "parameters: name → list of numbers or { from, to, steps }"
        case .outcome: return "what the outcome map shows for each swept case"
        case .views: return "named views: the dynamic items"
        case .behaviors: return "named behaviours, inactive until added unless active: true"
        case .transitions: return "named view-controller transitions"
        case .animators: return "named property animators (UIViewPropertyAnimator)"
        case .gestures: return "named gesture recognisers"
        case .on: return "rules: event → actions"
        case .script: return "what happens over time"
        case .expect: return "the state expected when the script ends"
        case .variants: return "named JSON Merge Patches of the scene: one more case each"
        }
    }
    /// Keys a scene cannot do without.
    public static let required: [TopLevelKey] = [.views, .script]
}

public enum WorldKey: String, VocabularyName {
    case size, frameRate, substeps, timeout, rest
    public var doc: String {
        switch self {
        case .size: return "the reference bounds [w, h], points (default [390, 844])"
        case .frameRate: return "ticks and touch events per second (default 60)"
        case .substeps: return "accepted; the animator sub-steps at Float(1/120) s as UIKit does"
        case .timeout: return "seconds any wait may last (default 10)"
        case .rest: return "when items count as at rest: { speed (pt/s), angularSpeed (rad/s), for (s) }"
        }
    }
}

public enum RestKey: String, VocabularyName {
    case speed, angularSpeed
    case holdFor = "for"
    public var doc: String {
        switch self {
        case .speed: return "points/s (default 1)"
        case .angularSpeed: return "radians/s (default 0.035)"
        case .holdFor: return "seconds (default 0.5)"
        }
    }
}

public enum ViewKey: String, VocabularyName {
    case frame, center, size, rotation, scale, alpha, hidden, collisionBounds, superview, scroll
    case `repeat`, group
    public var doc: String {
        switch self {
        case .group:
            return "{ items: [views] }: a UIDynamicItemGroup, one rigid body wherever a behaviour names it (alone)"

        case .repeat:
            return "N copies, `name[0]` … `name[N-1]`; `i` is the copy's index in the view's numbers"
        case .frame: return "[x, y, w, h] (or center and size)"
        case .center: return "[x, y], with size"
        case .size: return "[w, h], with center"
        case .rotation: return "radians, clockwise, or \"…deg\""
        case .scale: return "the transform's scale (default 1; the bounds keep their size)"
        case .alpha: return "0…1 (default 1)"
        case .hidden: return "default false"
        case .collisionBounds: return "rectangle, ellipse or { path: [[x, y], …] } (convex, relative to the centre)"
        case .superview: return "the view it is in (default: the reference view); in a scroll view, content points"
        case .scroll: return "makes it a scroll view: { contentSize, decelerationRate, bounces, paging }"
        }
    }
}

/// The keys of a behaviour entry besides its one kind key.
public enum BehaviorEntryKey: String, VocabularyName {
    case active, action
    case `repeat`
    public var doc: String {
        switch self {
        case .active: return "added at time 0"
        case .action: return "runs every tick while added"
        case .repeat:
            return "one copy per copy of a repeated view (its name) or N copies; `i` is the copy's index"
        }
    }
}

/// The keys of a gesture entry besides its one kind key.
public enum GestureEntryKey: String, VocabularyName {
    case `repeat`
    public var doc: String {
        switch self {
        case .repeat:
            return "one copy per copy of a repeated view (its name) or N copies, `name[0]` …; `i` is the copy's "
                + "index in its names (`in: \"card[i]\"`)"
        }
    }
}

public enum TransitionKey: String, VocabularyName {
    case kind, from, to, finalFrame, duration, interactive, completionSpeed, completionCurve, animations, initial
    case animator
    public var doc: String {
        switch self {
        case .kind: return "present or dismiss"
        case .from: return "the presenting (present) or presented (dismiss) view"
        case .to: return "the view that ends on screen"
        case .finalFrame: return "the frame the presented view ends at (default: the world bounds)"
        case .duration: return "seconds (default 0.35)"
        case .interactive: return "custom (default) or percentDriven"
        case .completionSpeed: return "percent-driven finish and cancel speed (default 1)"
        case .completionCurve: return "percent-driven finish and cancel curve (default easeInOut)"
        case .animations: return "{ from | to: { scale: [a, b], translate: [[x, y], [x, y]], alpha: [a, b] } }"
        case .initial: return "idle (default) or completed: the case starts with it done"
        case .animator: return "a property animator that drives it (interruptibleAnimator): `progress` scrubs it"
        }
    }
}

public enum StepKey: String, VocabularyName {
    case pan, flick, tap, press, pinch, rotate, touches, wait, waitFor, timeout, expect
    public var doc: String {
        switch self {
        case .pan: return "a finger through keyframes [t, x, y], or from/to/duration"
        case .flick: return "a finger from a point at a velocity over a distance"
        case .tap: return "taps at a point"
        case .press: return "fingers held still at a point"
        case .pinch: return "two fingers moving apart or together"
        case .rotate: return "two fingers turning about a point"
        case .touches: return "fingers through keyframes, one path each"
        case .wait: return "seconds, or { frames: n }"
        case .waitFor: return "rest, or an expression that must become true"
        case .timeout: return "seconds a waitFor may last"
        case .expect: return "a checkpoint"
        }
    }
}

public enum PanKey: String, VocabularyName {
    case gesture, path, from, to, duration, curve, release
    public var doc: String {
        switch self {
        case .gesture: return "the gesture the finger drives"
        case .path: return "keyframes [t, x, y]"
        case .from, .to: return "a point, with duration"
        case .duration: return "seconds (default 0.25)"
        case .curve: return "from/to only: linear (default), easeIn, easeOut, easeInOut"
        case .release: return "lift (default), hold (keep the finger down) or cancel (cancel the touch)"
        }
    }
}

public enum FlickKey: String, VocabularyName {
    case gesture, from, velocity, distance, release
    public var doc: String {
        switch self {
        case .release: return "lift (default), hold (keep the finger down) or cancel (cancel the touch)"
        case .gesture: return "the gesture the finger drives"
        case .from: return "where the finger goes down"
        case .velocity: return "pt/s"
        case .distance: return "points (default 200)"
        }
    }
}

public enum ActionKey: String, VocabularyName {
    case branch = "if", then, otherwise = "else", add, remove, set, animate, start, progress, finish, cancel, complete
    case velocity, haptic, removeView, log, after, actions = "do"
    case startAnimator, pauseAnimator, continueAnimator, stopAnimator, resetAnimator
    case scrollTo, zoomTo
    public var doc: String {
        switch self {
        case .branch: return "a condition, with then and else"
        case .then, .otherwise: return "actions"
        case .add: return "behaviour names"
        case .remove: return "behaviour names, or all"
        case .set: return "{ view.property | behaviour.property | variable: value }"
        case .animate: return "a UIView animation: { duration, curve | spring, delay, set, then }"
        case .start: return "a transition"
        case .progress: return "updateInteractiveTransition"
        case .finish, .cancel: return "end the current transition's interactive phase"
        case .complete: return "completeTransition: true or false"
        case .velocity: return "{ item, linear, angular }: addLinearVelocity / addAngularVelocity"
        case .haptic: return "an impact feedback style"
        case .removeView: return "a view"
        case .log: return "a value written into the trace"
        case .after: return "seconds before the do actions run"
        case .actions: return "the actions of after"
        case .startAnimator: return "a property animator, or { animator, afterDelay }: startAnimation"
        case .pauseAnimator: return "a property animator: pauseAnimation"
        case .continueAnimator: return "a property animator, or { animator, timing, durationFactor }"
        case .stopAnimator: return "a property animator, or { animator, finish: none | end | start | current }"
        case .resetAnimator: return "removes every behaviour and starts a new dynamic animator (elapsed from 0)"
        case .scrollTo: return "{ view, offset }: setContentOffset(_:animated: true), then didEndScrollingAnimation"
        case .zoomTo: return "{ view, rect }: zoom(to:animated: true), the rect in the zooming view's coordinates"
        }
    }
}

public enum AnimateKey: String, VocabularyName {
    case duration, curve, spring, delay, set, then
    public var doc: String {
        switch self {
        case .duration: return "seconds (default 0.25)"
        case .curve: return "easeInOut (default), easeIn, easeOut, linear"
        case .spring: return "{ damping, velocity }: a spring animation"
        case .delay: return "seconds"
        case .set: return "the view properties and their end values"
        case .then: return "the completion block"
        }
    }
}

public enum ExpectKey: String, VocabularyName {
    case transition, views, rest, restBy, events, that
    public var doc: String {
        switch self {
        case .transition: return "transition → state"
        case .views: return "view → { property: value, within: tolerance }"
        case .rest: return "the animator is paused"
        case .restBy: return "… and paused no later than this scene time"
        case .events:
            return "event → count: 3, \">= 1\", \"< 5\", \"1...4\"; a counted event, or a gesture's, scroll "
                + "view's, view's or transition's event as `on` names it (`drag.began`)"
        case .that: return "boolean expressions"
        }
    }
}
