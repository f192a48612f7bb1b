import Diagnostics
import Expressions
import Foundation
import SceneLoader
import SceneModel
import Testing

/// Format 1.3, "The same rules for many copies": repeated gestures, `NAME[*].EVENT` rules read once
/// per copy with `i` bound, and indices evaluated at run time (`card[top]`).
@Suite struct CopyRulesLoaderTests {
    static let stack = """
        views:
          card: { repeat: 3, frame: [45, "200 - i * 8", 300, 400] }
        gestures:
          drag: { repeat: card, pan: { in: "card[i]", minimumDistance: "2" } }
          zoom: { repeat: 3, pinch: { in: "card[i]" } }
        behaviors:
          fling: { repeat: card, item: { items: ["card[i]"], angularResistance: 2 } }
        vars: { top: 2 }

        """
    static let script = "script: [ { wait: 0.1 } ]\n"

    func load(_ text: String) throws(DiagnosticList) -> Scene {
        try SceneFile.load(path: "t.yaml", text: text)[0]
    }

    func error(_ text: String) -> String {
        do {
            _ = try load(text)
            return "no error"
        } catch { return error.diagnostics.first?.description ?? "no diagnostic" }
    }

    @Test func aRepeatedGestureIsItsCopiesEachOnItsCopyOfTheView() throws {
        let s = try load(Self.stack + Self.script)
        #expect(s.gestures.map(\.name) == ["drag[0]", "drag[1]", "drag[2]", "zoom[0]", "zoom[1]", "zoom[2]"])
        #expect(s.gestures.map(\.view) == [0, 1, 2, 0, 1, 2].map(ViewID.init))
        #expect(s.gestures.allSatisfy { $0.kind == .pan || $0.kind == .pinch })
        #expect(s.names["drag[1]"] == .gesture(GestureID(1)))
        #expect(s.scope.copies["drag"] == 3 && s.scope.copies["card"] == 3 && s.scope.copies["fling"] == nil)
    }

    @Test func copiesAreRelatedByTheirIndexOrAllByTheTemplatesName() throws {
        let s = try load(
            """
            views:
              card: { repeat: 2, frame: [45, 200, 300, 400] }
            gestures:
              drag: { repeat: card, pan: { in: "card[i]", simultaneous: ["zoom[i]"], requireFail: [swipe] } }
              zoom: { repeat: card, pinch: { in: "card[i]" } }
              swipe: { repeat: 2, swipe: { in: "card[i]", direction: left, simultaneous: [swipe] } }

            """ + Self.script)
        #expect(s.gestures[0].simultaneous == [GestureID(2)] && s.gestures[1].simultaneous == [GestureID(3)])
        #expect(s.gestures[0].requireFail == [GestureID(4), GestureID(5)])
        // The template's name is every copy but the gesture itself.
        #expect(s.gestures[4].simultaneous == [GestureID(5)] && s.gestures[5].simultaneous == [GestureID(4)])
    }

    @Test func aRuleForEveryCopyIsReadOncePerCopyWithIBound() throws {
        let s = try load(
            Self.stack + """
                on:
                  "drag[1].ended": [ { log: "'one'" } ]
                  "drag[*].ended": [ { add: "fling[i]" }, { log: "i * 10" } ]
                  "card[*].contact": [ { haptic: light } ]

                """ + Self.script)
        let copies = s.rules.filter { $0.template == "drag[*].ended" }
        #expect(copies.map(\.eventName) == ["drag[0].ended", "drag[1].ended", "drag[2].ended"])
        #expect(copies.allSatisfy { $0.location == SourceLocation(file: "t.yaml", line: 11, column: 3) })
        for (i, r) in copies.enumerated() {
            guard case .add(let added, _) = r.actions[0], case .log(let e) = r.actions[1] else {
                Issue.record("\(r.actions)")
                return
            }
            #expect(added == [.id(BehaviorID(i))])
            #expect(operands(e).0 == .number(Double(i)))  // `i` read as the copy's index
            #expect(r.event == .gesture(GestureID(i), .ended))
        }
        // The rule of one copy runs after the `[*]` rule, although it is written first.
        let second = s.rulesByEvent[.gesture(GestureID(1), .ended)] ?? []
        #expect(second.map { s.rules[$0].template } == ["drag[*].ended", nil])
        #expect(
            s.rulesByEvent[.view(ViewID(2), .contact)].map { $0.map { s.rules[$0].eventName } } == ["card[2].contact"])
    }

    @Test func anIndexTheRunKnowsIsKeptAsAnExpression() throws {
        let e = try Expression.parse("card[top - 1].center.x", at: .unknown())
        guard case .indexed(let name, let index, let members) = e.node else {
            Issue.record("\(e.node)")
            return
        }
        #expect(name == "card" && index.text == "top - 1" && members == ["center", "x"])
        // Numbers and load-time constants still make a plain name.
        #expect(try Expression.parse("card[i + 1]", at: .unknown(), constants: ["i": 1]).node == .name(["card[2]"]))
    }

    @Test func actionsAndSetKeysPickACopyWhenTheyRun() throws {
        let s = try load(
            Self.stack + """
                script:
                  - add: ["fling[top]", "fling[1]"]
                  - set: { top: "top - 1", "card[top].alpha": 0.5, "fling[top - 1].angularResistance": 3 }
                  - removeView: "card[top]"
                  - velocity: { item: "card[top]", linear: [1, 0] }

                """)
        guard case .action(.add(let added, _)) = s.script[0], case .action(.set(let targets)) = s.script[1],
            case .action(.removeView(.pick(let removed), _)) = s.script[2],
            case .action(.velocity(.pick(let pushed), _, _, _)) = s.script[3],
            case .pick(let flung) = added[0]
        else {
            Issue.record("\(s.script)")
            return
        }
        #expect(flung.template == "fling" && flung.first == 0 && flung.count == 3 && flung.index.text == "top")
        #expect(added[1] == .id(BehaviorID(1)))
        #expect(targets.map(\.pick?.template) == [nil, "card", "fling"])
        #expect(targets[1].path == "card[top].alpha" && targets[2].pick?.index.text == "top - 1")
        #expect(targets[1].picking(2).target == .view(ViewID(2), .alpha) && targets[1].picking(2).pick == nil)
        #expect(
            targets[1].picking(2).path == "card[2].alpha" && targets[2].picking(1).path == "fling[1].angularResistance")
        #expect(removed.template == "card" && pushed.index.text == "top")
    }

    /// Every refusal: the scene's text (after `stack`, before the script) and the first diagnostic.
    static let errors: [(String, String)] = [
        (
            "on:\n  \"card[*].ended\": [ { log: i } ]\n",
            "t.yaml:10:3: error: unknown event `card[*].ended`: unknown event `card[0].ended`; did you mean "
                + "`drag[0].ended`?"
        ),
        (
            "on:\n  \"fling[*].ended\": [ { log: i } ]\n",
            "t.yaml:10:3: error: `fling[*].ended` is a rule for every copy of a repeated gesture or view, and "
                + "`fling` is a repeated behaviour, which has no events"
        ),
        (
            "on:\n  \"dreg[*].ended\": [ { log: i } ]\n",
            "t.yaml:10:3: error: `dreg[*].ended` is a rule for every copy of a repeated gesture or view, and the "
                + "scene has no repeated gesture or view `dreg`; did you mean `drag`?"
        ),
        (
            "on:\n  \"drag[*].ended\": [ { log: \"i + j\" } ]\n",
            "t.yaml:10:34: error: unknown name `j` (in the rule `drag[*].ended` for `drag[0]`, i = 0)"
        ),
        (
            "on:\n  \"drag[*].ended\": [ { add: \"fling[i + 1]\" } ]\n",
            "t.yaml:10:29: error: unknown behaviour `fling[3]`; `fling` has 3 copies, `fling[0]` … `fling[2]` (in the "
                + "rule `drag[*].ended` for `drag[2]`, i = 2)"
        ),
        (
            "expect: { events: { \"drag[*].began\": 1 } }\n",
            "t.yaml:9:21: error: `drag[*].began` names every copy, which only a rule's key in `on` may; name one copy, "
                + "`drag[0].began`"
        ),
        (
            "on:\n  step: [ { add: \"top[top]\" } ]\n",
            "t.yaml:10:18: error: `top[…]` picks a copy of a repeated behaviour, and `top` is not one"
        ),
        (
            "on:\n  step: [ { removeView: \"card[top > 1]\" } ]\n",
            "t.yaml:10:31: error: expected a number, but `top > 1` is a bool"
        ),
        (
            "on:\n  step: [ { set: { \"card[tap].alpha\": 1 } } ]\n",
            "t.yaml:10:26: error: unknown name `tap`; did you mean `top`?"
        ),
        (
            "expect: { that: [\"world[top].width > 0\"] }\n",
            "t.yaml:9:19: error: `world` is not repeated: an index picks a copy of `card`, `drag`, `zoom`"
        ),
        (
            "gestures2: 1\n",
            "t.yaml:9:1: error: unknown key `gestures2` in the scene; did you mean `gestures`?"
        ),
        (
            "on:\n  step: [ { set: { \"card[top].widht\": 1 } } ]\n",
            "t.yaml:10:39: error: a view has no settable property `widht`; did you mean `width`?"
        ),
    ]

    @Test(arguments: errors)
    func everyRefusalIsLocated(_ text: String, _ expected: String) {
        #expect(error(Self.stack + text + Self.script) == expected)
    }

    @Test func aGestureRepeatedOverANameThatIsNotARepeatedViewIsRefused() {
        #expect(
            error(
                "views:\n  card: { frame: [0, 0, 1, 1] }\ngestures:\n  drag: { repeat: card, pan: { in: card } }\n"
                    + Self.script)
                == "t.yaml:4:19: error: `repeat` of `drag` names `card`, which is not a repeated view (the scene has none)"
        )
        #expect(
            error(
                Self.stack.replacingOccurrences(of: "zoom: { repeat: 3,", with: "zoom: { repeat: 3, tap: {}, ")
                    + Self.script
            ).hasPrefix("t.yaml:5:9: error: gesture `zoom[0]` needs exactly one kind"))
        #expect(
            error(Self.stack + "script:\n  - pan: { gesture: drag, from: [0, 0], to: [1, 1], duration: 0.1 }\n")
                == "t.yaml:10:21: error: unknown gesture `drag`; `drag` is repeated: name a copy, `drag[0]` … `drag[2]`"
        )
    }
}
