/// The reference tables of docs/scene-format.md, generated from the vocabulary (a test checks
/// that the docs contain exactly this text, and another that every table of the vocabulary is
/// one of them).
public enum Reference {
    static func table<K: VocabularyKey>(_ title: String, _ k: K.Type) -> String {
        (["#### \(title)", "", "| key | type | default | expression | meaning |", "| --- | --- | --- | --- | --- |"]
            + K.markdownRows)
            .joined(separator: "\n")
    }
    /// The keys of a mapping, each with whether it takes an expression.
    static func keys<N: MarkedKey>(_ title: String, _ n: N.Type) -> String {
        (["#### \(title)", "", "| key | expression | meaning |", "| --- | --- | --- |"]
            + N.allCases.map { "| `\($0.rawValue)` | \($0.expression.text) | \($0.doc) |" }).joined(separator: "\n")
    }
    static func names<N: VocabularyName>(_ title: String, _ n: N.Type) -> String {
        (["#### \(title)", "", "| name | meaning |", "| --- | --- |"]
            + N.allCases.map { "| `\($0.rawValue)` | \($0.doc) |" }).joined(separator: "\n")
    }
    static func members<N: VocabularyName>(_ title: String, _ n: N.Type, _ type: (N) -> ValueType) -> String {
        (["#### \(title)", "", "| member | type | meaning |", "| --- | --- | --- |"]
            + N.allCases.map { "| `\($0.rawValue)` | \(type($0)) | \($0.doc) |" }).joined(separator: "\n")
    }

    /// The markdown of the reference section, without its heading.
    public static var markdown: String {
        var parts: [String] = [
            keys("Top-level keys", TopLevelKey.self),
            keys("`world` keys", WorldKey.self),
            keys("`world.rest` keys", RestKey.self),
            keys("View keys", ViewKey.self),
            table("`scroll` keys (a scroll view)", ScrollKey.self),
            names("`contentInset` keys", ScrollInsetKey.self),
            table("`zoom` keys", ZoomKey.self),
            names("Deceleration rates (`decelerationRate`)", DecelerationRateName.self),
            keys("Transition keys", TransitionKey.self),
            keys("Script steps (besides every action)", StepKey.self),
            keys("`pan` keys", PanKey.self),
            keys("`flick` keys", FlickKey.self),
            table("`tap` step keys", TapStepKey.self),
            table("`press` keys", PressKey.self),
            table("`pinch` step keys", PinchStepKey.self),
            table("`rotate` keys", RotateKey.self),
            table("`touches` keys", TouchesKey.self),
            names("Releases (`release` of every touch step)", ReleaseMode.self),
            keys("Actions", ActionKey.self),
            keys("`animate` keys", AnimateKey.self),
            keys("`expect` keys", ExpectKey.self),
            names("Behaviour kinds", BehaviorKindName.self),
            keys("Keys of a behaviour besides its kind", BehaviorEntryKey.self),
        ]
        parts += BehaviorKindName.allCases.compactMap { k in k.keys.map { kindTable(k.rawValue, $0) } }
        parts += [
            keys("Boundary keys (`collision.boundaries`)", BoundaryKey.self),
            keys("Inset keys (`referenceBounds: { insets }`)", InsetKey.self),
            keys("Region keys (`field.region`)", RegionKey.self),
            names("Attachment kinds", AttachmentKind.self),
            names("Field kinds", FieldKind.self),
            names("Collision modes", CollisionMode.self),
            names("Push modes", PushMode.self),
            names("Curves", CurveName.self),
            table("`animators` entries", AnimatorKey.self),
            names("Timings given as a mapping", TimingKind.self),
            table("`timing: { spring: … }`", SpringTimingKey.self),
            keys("`startAnimator` keys (its mapping form)", StartAnimatorKey.self),
            keys("`continueAnimator` keys (its mapping form)", ContinueAnimatorKey.self),
            keys("`stopAnimator` keys", StopAnimatorKey.self),
            names("`stopAnimator` `finish`", StopFinish.self),
            names("Animator states", AnimatorStateName.self),
            names("Gesture kinds", GestureKind.self),
            table("Keys of every gesture kind", GestureKey.self),
            keys("Keys of a gesture besides its kind", GestureEntryKey.self),
        ]
        parts += GestureKind.allCases.map { kindTable($0.rawValue, $0.keys) }
        parts += [
            names("Screen edges", ScreenEdge.self),
            names("Swipe directions", SwipeDirectionName.self),
            names("Haptic styles", HapticStyle.self),
            names("Transition kinds", TransitionKind.self),
            names("Interaction kinds", InteractionKind.self),
            names("Transition states", TransitionStateName.self),
            names("Gesture events (`<gesture>.<event>`)", GestureEvent.self),
            names("Scroll view events (`<scroll view>.<event>`)", ScrollEvent.self),
            names("Names of a `willEndDragging` rule", WillEndDraggingName.self),
            names("View events (`<view>.<event>`)", ViewEvent.self),
            names("Other events", PlainEvent.self),
            names("Counted events (`expect.events`)", CountedEvent.self),
            members("Settable view properties (`set`, `animate`)", ViewProperty.self, \.type),
            members("Settable behaviour properties (`set`)", BehaviorProperty.self, \.type),
            members("Settable animator properties (`set`)", AnimatorProperty.self, \.type),
            expectable,
            members("View members", ViewMember.self, \.type)
                + "\n| `\(ViewMember.presentation)` | view | these members as the screen shows them during a UIView "
                + "or property animation (the model's when none runs) |",
            members("Gesture members", GestureMember.self, \.type),
            members("`world` members", WorldMember.self, \.type),
            members("Transition members", TransitionMember.self, \.type),
            members("Animator members", AnimatorMember.self, \.type),
            members("`contact` members", ContactMember.self, \.type),
            members("Members of a point or a rect (`shade.frame.maxY`, `touch.x`)", ValueMember.self) {
                $0.type(on: .rect) ?? .number
            },
            names("Built-in names", BuiltinName.self),
        ]
        return parts.joined(separator: "\n\n") + "\n"
    }

    /// The members `expect.views` takes, with their default tolerance (the loader's list).
    static var expectable: String {
        let rows = ViewMember.expectable.map { m in
            let onScreen = ViewMember.expectableOnScreen.contains(m) ? "yes" : "no"
            let within = m.type == .bool ? "—" : numberText(m.defaultWithin)
            return "| `\(m.rawValue)` | \(m.type) | \(within) | \(onScreen) | \(m.doc) |"
        }
        return
            ([
                "#### Expectable view members (`expect.views`)", "",
                "| member | type | default `within` | in `presentation` | meaning |",
                "| --- | --- | --- | --- | --- |",
            ] + rows).joined(separator: "\n")
    }

    /// The table of a kind's own keys, titled by the kind.
    static func kindTable<K: VocabularyKey>(_ kind: String, _ k: K.Type) -> String {
        K.allCases.isEmpty ? "#### `\(kind)`\n\nNo keys of its own." : table("`\(kind)`", k)
    }
}
