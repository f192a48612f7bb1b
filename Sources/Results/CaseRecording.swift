import Diagnostics
import Geometry

/// Everything the replay page shows of one case, tick by tick (`--replay`): kept only when
/// `RunLimits.recordReplay` asks for it, so a plain run's memory does not grow with ticks.
/// Frame 0 is the state before the first tick; frame n the state at the end of tick n.
public struct CaseRecording: Sendable {
    /// A view's fixed description: name, shape and whether it starts hidden.
    public struct ViewInfo: Sendable {
        public var name: String
        /// "rectangle", "ellipse" or "path" (`collisionBounds`), or "group" for an item group (its
        /// bounds, drawn as an outline).
        public var shape: String
        /// The path's points, relative to the view's centre (shape "path" only).
        public var path: [Vec2]
        public var hidden: Bool
        /// The scroll view whose content it is in (its index), if any (directly or through
        /// other views).
        public var scrollView: Int?
        /// The view it is a subview of (its index); nil: the reference view.
        public var superview: Int?
        public init(
            name: String, shape: String, path: [Vec2], hidden: Bool, scrollView: Int? = nil, superview: Int? = nil
        ) {
            self.name = name; self.shape = shape; self.path = path; self.hidden = hidden
            self.scrollView = scrollView; self.superview = superview
        }
    }

    /// A view's model values (where its frame says it is, on screen) at a frame where they differ
    /// from what the screen shows (a UIView animation or a property animator runs).
    public struct Model: Sendable, Equatable {
        public var center: Vec2
        public var size: Vec2
        public var rotation: Double
        public var scale: Double
        public init(center: Vec2, size: Vec2, rotation: Double, scale: Double) {
            self.center = center; self.size = size; self.rotation = rotation; self.scale = scale
        }
    }

    /// A property animator at one frame (parallel to `animatorNames`).
    public struct AnimatorFrame: Sendable, Equatable {
        public var fractionComplete: Double
        /// `inactive`, `active` or `stopped`.
        public var state: String
        public var isRunning: Bool
        public init(fractionComplete: Double, state: String, isRunning: Bool) {
            self.fractionComplete = fractionComplete; self.state = state; self.isRunning = isRunning
        }
    }

    /// Where the screen shows a view: its bounds' centre on the screen, and the rotation and
    /// scale it has there (its own composed with its superviews').
    public struct ScreenPlace: Sendable, Hashable {
        public var center: Vec2
        public var rotation: Double
        public var scale: Double
        /// The alpha the screen draws it with (its own times its superviews'), and whether it is
        /// drawn at all (neither it nor a superview hidden or removed).
        public var alpha: Double
        public var shown: Bool
        public init(center: Vec2, rotation: Double, scale: Double, alpha: Double, shown: Bool) {
            self.center = center; self.rotation = rotation; self.scale = scale; self.alpha = alpha; self.shown = shown
        }
    }

    /// One view at one frame: its presentation values in its superview's coordinates (as
    /// `--trace` writes them), and where the screen shows it.
    public struct ViewFrame: Sendable {
        /// The centre in its superview's coordinates (a scroll view's: content points).
        public var center: Vec2
        /// The bounds size (rotation and scale do not change it).
        public var size: Vec2
        public var rotation: Double
        public var scale: Double
        public var alpha: Double
        public var velocity: Vec2
        public var removed: Bool
        /// Where the screen shows it, through its superviews (nil: where `center`, `rotation`,
        /// `scale` and `alpha` say, as for a subview of the reference view).
        public var screen: ScreenPlace?
        /// The model values, on the screen, where they differ from these (nil: the screen shows
        /// the model).
        public var model: Model?
        public init(
            center: Vec2, size: Vec2, rotation: Double, scale: Double, alpha: Double, velocity: Vec2, removed: Bool,
            screen: ScreenPlace? = nil, model: Model? = nil
        ) {
            self.center = center; self.size = size; self.rotation = rotation; self.scale = scale; self.alpha = alpha
            self.velocity = velocity; self.removed = removed; self.screen = screen; self.model = model
        }

        /// Where the screen shows it.
        public var onScreen: ScreenPlace {
            screen ?? ScreenPlace(center: center, rotation: rotation, scale: scale, alpha: alpha, shown: !removed)
        }
    }

    /// The finger of the current gesture at one frame.
    public struct Touch: Sendable {
        public var gesture: Int
        public var point: Vec2
        /// The recogniser's state (`began`, `changed`, …).
        public var state: String
        /// Whether the finger is on the screen (false on the frame it lifted).
        public var down: Bool
        public init(gesture: Int, point: Vec2, state: String, down: Bool) {
            self.gesture = gesture; self.point = point; self.state = state; self.down = down
        }
    }

    /// What an active behaviour looks like in the scene at one frame: an attachment's line from
    /// the item's point to its anchor (or the other item's point), a snap's line to its point, a
    /// collision boundary's path, the inset reference bounds, a field's position.
    public struct Guide: Sendable, Hashable {
        /// The scene behaviour.
        public var behavior: Int
        /// "attachment", "snap", "boundary", "bounds" or "field".
        public var kind: String
        /// Points in the reference view (bounds: top-left then bottom-right).
        public var points: [Vec2]
        public var closed: Bool
        /// The attachment's kind, the boundary's identifier, the field's kind.
        public var label: String
        public init(behavior: Int, kind: String, points: [Vec2], closed: Bool = false, label: String = "") {
            self.behavior = behavior; self.kind = kind; self.points = points; self.closed = closed; self.label = label
        }
    }

    /// A scroll view at one frame: what the replay draws of its window over its content.
    public struct ScrollWindow: Sendable {
        /// The scroll view (its view index).
        public var view: Int
        /// The content offset the screen shows (during an `animate` of the insets, the on-screen
        /// one), the content size, the insets and the zoom scale (1 when it does not zoom).
        public var offset: Vec2
        public var contentSize: Vec2
        public var inset: EdgeInsets
        public var zoomScale: Double
        /// Whether a finger drags it, and whether it moves on its own (decelerating, bouncing,
        /// paging, an animated `scrollTo`).
        public var isDragging: Bool
        public var isDecelerating: Bool
        public init(
            view: Int, offset: Vec2, contentSize: Vec2, inset: EdgeInsets, zoomScale: Double, isDragging: Bool = false,
            isDecelerating: Bool = false
        ) {
            self.view = view; self.offset = offset; self.contentSize = contentSize; self.inset = inset
            self.zoomScale = zoomScale; self.isDragging = isDragging; self.isDecelerating = isDecelerating
        }
    }

    public struct Frame: Sendable {
        public var time: Double
        public var running: Bool
        public var views: [ViewFrame]
        public var touch: Touch?
        /// Every finger on the screen after the frame's touches (reference-view points).
        public var fingers: [Vec2]
        /// Indices of the behaviours in the animator (scene order).
        public var behaviors: [Int]
        /// Each transition's state and progress (scene order).
        public var transitions: [(state: String, progress: Double)]
        /// The active behaviours' geometry.
        public var guides: [Guide]
        /// Each property animator (`animatorNames`).
        public var animators: [AnimatorFrame] = []
        /// Every scroll view's window over its content, in view order.
        public var scrollWindows: [ScrollWindow]
        public init(
            time: Double, running: Bool, views: [ViewFrame], touch: Touch?, behaviors: [Int],
            transitions: [(state: String, progress: Double)],
            guides: [Guide] = [], fingers: [Vec2] = [], scrollWindows: [ScrollWindow] = []
        ) {
            self.time = time; self.running = running; self.views = views; self.touch = touch; self.fingers = fingers
            self.behaviors = behaviors; self.transitions = transitions
            self.guides = guides; self.scrollWindows = scrollWindows
        }
    }

    /// A contact that began or ended during a frame's tick.
    public struct Contact: Sendable {
        public var frame: Int
        public var point: Vec2
        public var began: Bool
        public var item: String
        public var other: String
        public var boundary: String
        public init(frame: Int, point: Vec2, began: Bool, item: String, other: String, boundary: String) {
            self.frame = frame; self.point = point; self.began = began; self.item = item; self.other = other;
            self.boundary = boundary
        }
    }

    /// Where a view was expected to be at a checkpoint: drawn as an outlined ghost.
    public struct Ghost: Sendable {
        public var view: Int
        public var center: Vec2
        public var size: Vec2
        public var rotation: Double
        public var scale: Double
        public init(view: Int, center: Vec2, size: Vec2, rotation: Double, scale: Double) {
            self.view = view; self.center = center; self.size = size; self.rotation = rotation; self.scale = scale
        }
    }

    /// An `expect` judged at a frame (a script step, or the scene's final `expect`).
    public struct Checkpoint: Sendable {
        public var frame: Int
        public var location: SourceLocation
        public var passed: Bool
        public var ghosts: [Ghost]
        public init(frame: Int, location: SourceLocation, passed: Bool, ghosts: [Ghost]) {
            self.frame = frame; self.location = location; self.passed = passed; self.ghosts = ghosts
        }
    }

    /// What the case did, in order, for the page's action list: a script step begun, a rule run,
    /// a timer fired (the events are the `notes`).
    public struct Action: Sendable, Equatable {
        public enum Kind: String, Sendable { case step, rule, timer }
        /// The frame it belongs to: a step's first tick (an `expect`'s: the frame it judges), the
        /// tick a rule or timer ran in.
        public var frame: Int
        public var kind: Kind
        /// Where it is written: the step, the rule's event key, the `after` action.
        public var location: SourceLocation
        /// A step's keyword (`pan`, `wait`, `expect`, an action's key), a rule's event as written
        /// (`pull.ended`), a timer's `after`.
        public var text: String
        /// How many `notes` came before it: its place among the events.
        public var notesBefore: Int
        public init(frame: Int, kind: Kind, location: SourceLocation, text: String, notesBefore: Int) {
            self.frame = frame; self.kind = kind; self.location = location; self.text = text
            self.notesBefore = notesBefore
        }
    }

    public var worldSize: Vec2
    public var frameRate: Double
    public var views: [ViewInfo]
    /// The views in the order the screen draws them: a view before its subviews, siblings in
    /// the order they were declared (groups and removed views included, where they are).
    public var drawingOrder: [Int] = []
    public var behaviorNames: [String]
    public var transitionNames: [String]
    public var gestureNames: [String]
    public var animatorNames: [String] = []
    public var frames: [Frame] = []
    public var contacts: [Contact] = []
    /// Haptic events by frame: (frame, style).
    public var haptics: [(frame: Int, style: String)] = []
    /// The trace notes by frame: (frame, text).
    public var notes: [(frame: Int, text: String)] = []
    public var checkpoints: [Checkpoint] = []
    /// Every script step, rule and timer, in the order they ran.
    public var actions: [Action] = []
    /// The frame of each of the case's failures (parallel to `CaseResult.failures`).
    public var failureFrames: [Int] = []
    /// The view each failure concerns (nil when it names none), parallel to `failureFrames`.
    public var failureViews: [Int?] = []

    public init(
        worldSize: Vec2, frameRate: Double, views: [ViewInfo], behaviorNames: [String], transitionNames: [String],
        gestureNames: [String]
    ) {
        self.worldSize = worldSize; self.frameRate = frameRate; self.views = views; self.behaviorNames = behaviorNames
        self.transitionNames = transitionNames; self.gestureNames = gestureNames
    }
}
