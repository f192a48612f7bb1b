import Diagnostics
import SceneLoader
import SceneModel
import SceneVocabulary
import Testing

/// Format 1.1's keys (vars, after/do, animate then, behaviour action, transition initial,
/// gestures in world, merge-patch variants, motion expectations): each valid form loads, each
/// invalid form is refused with its location and, where a name is close, a did-you-mean.
@Suite struct Format11LoaderTests {
    @Test func validFormsLoad() throws {
        let s = try load(
            """
            vars: { pushed: false, start: "card.center", n: 0, p: [1, 2], r: [0, 0, 1, 1], mode: "'idle'", k: "2 * pi" }
            views:
              card: { frame: [0, 0, 100, 100] }
            gestures:
              drag: { pan: { in: world } }
            transitions:
              show: { kind: present, to: card, initial: completed }
            behaviors:
              hold: { attachment: { item: card, anchor: [50, 50] }, action: [ { set: { n: "n + 1" } } ] }
              both: { children: [hold], action: [ { log: n } ] }
            script:
              - set: { pushed: true, start: "start + [1, 1]", mode: "'moving'" }
              - after: 0.5
                do: [ { haptic: light } ]
              - animate: { duration: 0.2, set: { card.center: start }, then: [ { set: { pushed: false } } ] }
            expect: { views: { card: { velocity: [0, 0], angularVelocity: 0, scale: 1 } } }
            variants:
              a: { expect: { views: { card: { velocity: null } } } }
            """)
        #expect(s.count == 2)
        #expect(s[0].vars.map(\.name) == ["pushed", "start", "n", "p", "r", "mode", "k"])
        #expect(s[0].vars.map(\.type) == [.bool, .point, .number, .point, .rect, .string, .number])
        #expect(s[0].gestures[0].view == nil)
        #expect(s[0].transitions[0].initiallyCompleted)
        #expect(s[0].behaviors.map(\.action.count) == [1, 1])
        #expect(s[0].expect?.views.map(\.property) == [.velocity, .angularVelocity, .scale])
        // The variant's null deleted the velocity expectation and kept the others.
        #expect(s[1].expect?.views.map(\.property) == [.angularVelocity, .scale])
        guard case .action(.set(let targets)) = s[0].script[0] else { Issue.record("not a set"); return }
        #expect(
            targets.map(\.target) == [.variable(VariableID(0)), .variable(VariableID(1)), .variable(VariableID(5))])
        guard case .action(.after(_, let actions, _)) = s[0].script[1] else { Issue.record("not an after"); return }
        #expect(actions.count == 1)
        guard case .action(.animate(let a)) = s[0].script[2] else { Issue.record("not an animate"); return }
        #expect(a.then.count == 1)
    }

    @Test func mergePatchDeletesReplacesAndMerges() throws {
        let s = try load(
            """
            name: base
            views:
              card: { frame: [0, 0, 100, 100], alpha: 0.5 }
            script: [ { wait: 1 } ]
            expect: { views: { card: { frame: [0, 0, 100, 100], alpha: 0.5 } }, that: ["true"] }
            variants:
              v: { views: { card: { alpha: null } }, expect: { views: { card: { frame: null } }, that: null } }
            """)
        #expect(s[0].views[0].alpha == 0.5 && s[1].views[0].alpha == 1)
        #expect(s[1].expect?.views.map(\.property) == [.alpha])
        #expect(s[1].expect?.that.isEmpty == true)
    }

    @Test(arguments: [
        (
            "vars: { pushed: false }\nviews:\n  card: { frame: [0, 0, 100, 100] }\ngestures:\n  drag: { pan: { in: card } }\nbehaviors:\n  hold: { attachment: { item: card, anchor: [50, 50] } }\ntransitions:\n  show: { kind: present, to: card }\nscript: [ { set: { pushed: 3 } } ]",
            "t.yaml:10:28: error: `pushed` (a bool variable) must be a bool, found the number 3"
        ),
        (
            "vars: { card: 1 }\nviews:\n  card: { frame: [0, 0, 100, 100] }\ngestures:\n  drag: { pan: { in: card } }\nbehaviors:\n  hold: { attachment: { item: card, anchor: [50, 50] } }\ntransitions:\n  show: { kind: present, to: card }\nscript: [ { wait: 1 } ]",
            "t.yaml:1:15: error: the name `card` is already used by another view, gesture, transition or variable"
        ),
        (
            "vars: { sqrt: 1 }\nviews:\n  card: { frame: [0, 0, 100, 100] }\ngestures:\n  drag: { pan: { in: card } }\nbehaviors:\n  hold: { attachment: { item: card, anchor: [50, 50] } }\ntransitions:\n  show: { kind: present, to: card }\nscript: [ { wait: 1 } ]",
            "t.yaml:1:15: error: `sqrt` is a function name; choose another name for the variable"
        ),
        (
            "vars: { n: \"card.centre.x\" }\nviews:\n  card: { frame: [0, 0, 100, 100] }\ngestures:\n  drag: { pan: { in: card } }\nbehaviors:\n  hold: { attachment: { item: card, anchor: [50, 50] } }\ntransitions:\n  show: { kind: present, to: card }\nscript: [ { wait: 1 } ]",
            "t.yaml:1:13: error: `card` has no member `centre`; did you mean `center`?"
        ),
        (
            "vars: { n: yes }\nviews:\n  card: { frame: [0, 0, 100, 100] }\ngestures:\n  drag: { pan: { in: card } }\nbehaviors:\n  hold: { attachment: { item: card, anchor: [50, 50] } }\ntransitions:\n  show: { kind: present, to: card }\nscript: [ { wait: 1 } ]",
            "t.yaml:1:12: error: the initial value of `n`: `yes` is a YAML 1.1 boolean; write true or false"
        ),
        (
            "vars: { hold: 1 }\nviews:\n  card: { frame: [0, 0, 100, 100] }\ngestures:\n  drag: { pan: { in: card } }\nbehaviors:\n  hold: { attachment: { item: card, anchor: [50, 50] } }\ntransitions:\n  show: { kind: present, to: card }\nscript: [ { wait: 1 } ]",
            "t.yaml:7:9: error: the name `hold` is already used by the variable declared at line 1"
        ),
        (
            "vars: { pushed: false }\nviews:\n  card: { frame: [0, 0, 100, 100] }\ngestures:\n  drag: { pan: { in: card } }\nbehaviors:\n  hold: { attachment: { item: card, anchor: [50, 50] } }\ntransitions:\n  show: { kind: present, to: card }\nscript: [ { set: { pushd: true } } ]",
            "t.yaml:10:27: error: `set` keys are `view.property`, `behaviour.property` or a variable, found `pushd`; did you mean `pushed`?"
        ),
        (
            "views:\n  card: { frame: [0, 0, 100, 100] }\ngestures:\n  drag: { pan: { in: card } }\nbehaviors:\n  hold: { attachment: { item: card, anchor: [50, 50] } }\ntransitions:\n  show: { kind: present, to: card }\nscript: [ { after: 0.5 } ]",
            "t.yaml:9:11: error: `after` needs `do`: the actions to run when the time has passed"
        ),
        (
            "views:\n  card: { frame: [0, 0, 100, 100] }\ngestures:\n  drag: { pan: { in: card } }\nbehaviors:\n  hold: { attachment: { item: card, anchor: [50, 50] } }\ntransitions:\n  show: { kind: present, to: card }\nscript: [ { do: [ { haptic: light } ] } ]",
            "t.yaml:9:11: error: `do` belongs to an `after` action"
        ),
        (
            "views:\n  card: { frame: [0, 0, 100, 100] }\ngestures:\n  drag: { pan: { in: card } }\nbehaviors:\n  hold: { attachment: { item: card, anchor: [50, 50] } }\ntransitions:\n  show: { kind: present, to: card }\nscript: [ { after: -1, do: [ { haptic: light } ] } ]",
            "t.yaml:9:20: error: `after` must not be negative, found -1"
        ),
        (
            "views:\n  card: { frame: [0, 0, 100, 100] }\ngestures:\n  drag: { pan: { in: card } }\nbehaviors:\n  hold: { attachment: { item: card, anchor: [50, 50] } }\ntransitions:\n  show: { kind: present, to: card }\nscript: [ { animate: { duration: 0.2, set: { card.x: 10 }, then: [ { hptic: light } ] } } ]",
            "t.yaml:9:70: error: unknown key `hptic` in an action; did you mean `haptic`?"
        ),
        (
            "views:\n  card: { frame: [0, 0, 100, 100] }\nbehaviors:\n  hold: { attachment: { item: card, anchor: [50, 50] }, acton: [ { haptic: light } ] }\nscript: [ { wait: 1 } ]",
            "t.yaml:4:57: error: unknown key `acton` in behaviour `hold`; did you mean `action`?"
        ),
        (
            "views:\n  card: { frame: [0, 0, 100, 100] }\nbehaviors:\n  hold: { attachment: { item: card, anchor: [50, 50] }, action: [ { add: hld } ] }\nscript: [ { wait: 1 } ]",
            "t.yaml:4:74: error: unknown behaviour `hld`; did you mean `hold`?"
        ),
        (
            "views:\n  card: { frame: [0, 0, 100, 100] }\ntransitions:\n  show: { kind: present, to: card, initial: complete }\nscript: [ { wait: 1 } ]",
            "t.yaml:4:45: error: a transition's `initial` state is idle or completed, found `complete`; did you mean `completed`?"
        ),
        (
            "views:\n  card: { frame: [0, 0, 100, 100] }\ngestures:\n  drag: { pan: { in: wrld } }\nscript: [ { wait: 1 } ]",
            "t.yaml:4:22: error: unknown view `wrld`; did you mean `world`?"
        ),
        (
            "views:\n  card: { frame: [0, 0, 100, 100] }\nscript: [ { wait: 1 } ]\nvariants:\n  a:\n    variants: { b: { name: x } }",
            "t.yaml:6:5: error: a variant cannot have `variants` of its own; declare every variant at the top level"
        ),
        (
            "views:\n  card: { frame: [0, 0, 100, 100] }\nscript: [ { wait: 1 } ]\nexpect: { views: { card: { velocity: 3 } } }",
            "t.yaml:4:38: error: `velocity` must be a point, found the number 3"
        ),
        (
            "views:\n  card: { frame: [0, 0, 100, 100] }\nscript: [ { wait: 1 } ]\nexpect: { views: { card: { angularVelocty: 3 } } }",
            "t.yaml:4:28: error: unknown key `angularVelocty` in the expectations of `card`; did you mean `angularVelocity`?"
        ),
        (
            "views:\n  card: { frame: [0, 0, 100, 100] }\nscript: [ { animate: { set: { pushed: 1 } } } ]\nvars: { pushed: 0 }",
            "t.yaml:3:39: error: `animate` animates view properties; `pushed` is a variable"
        ),
        (
            "views:\n  card: { frame: [0, 0, 100, 100] }\nbehaviors:\n  hold: { attachment: { item: card, anchor: [50, 50] } }\nscript: [ { set: { hold.magntude: 1 } } ]",
            "t.yaml:5:35: error: `hold` is an attachment behaviour with no settable property `magntude`; its settable properties are anchor, offset, length, frequency, damping"
        ),
    ])
    func invalidFormsAreLocated(_ text: String, _ message: String) {
        #expect(loadError(text) == message)
    }
}
