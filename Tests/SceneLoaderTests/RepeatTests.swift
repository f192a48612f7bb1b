import Diagnostics
import Expressions
import SceneLoader
import SceneModel
import SceneRunner
import Testing

/// `repeat:` (scene-format.md, "Many views, shared parts"): copies of a view or a behaviour,
/// `name[0]` … `name[N-1]`, with `i` bound to the index, addressable everywhere.
@Suite struct RepeatTests {
    static let cells = "views:\n  cell: { repeat: 4, frame: [0, \"i * 60\", 390, \"56 - i\"] }\n"
    static let script = "script: [ { wait: 0.1 } ]\n"

    func load(_ text: String) throws(DiagnosticList) -> [Scene] { try SceneFile.load(path: "t.yaml", text: text) }

    func error(_ text: String) -> String {
        do {
            _ = try load(text)
            return "no error"
        } catch { return error.diagnostics.first?.description ?? "no diagnostic" }
    }

    @Test func aRepeatedViewIsItsCopiesWithIInTheirNumbers() throws {
        let s = try load(Self.cells + Self.script)[0]
        #expect(s.views.map(\.name) == ["cell[0]", "cell[1]", "cell[2]", "cell[3]"])
        #expect(s.views.map(\.frame.origin.y) == [0, 60, 120, 180])
        #expect(s.views.map(\.frame.size.y) == [56, 55, 54, 53])
        #expect(s.views.allSatisfy { $0.location == SourceLocation(file: "t.yaml", line: 2, column: 3) })
    }

    @Test func aRepeatedBehaviourHasOneCopyPerCopyOfItsViewWithTheirNames() throws {
        let s = try load(
            Self.cells + """
                behaviors:
                  springs: { repeat: cell, attachment: { item: "cell[i]", anchor: "cell[i].center + [0, i]" } }
                  chain: { repeat: 3, attachment: { item: "cell[i]", to: "cell[i + 1]" } }
                  all: { gravity: { items: cell } }
                  group: { children: [springs, "chain[2]"] }

                """ + Self.script)[0]
        #expect(
            s.behaviors.map(\.name).prefix(7) == [
                "springs[0]", "springs[1]", "springs[2]", "springs[3]", "chain[0]",
                "chain[1]", "chain[2]",
            ])
        guard case .attachment(let a) = s.behaviors[3].kind, case .attachment(let c) = s.behaviors[6].kind else {
            Issue.record("not attachments")
            return
        }
        #expect(a.item == ViewID(3))
        #expect(a.anchor.map(operands)?.0 == .name(["cell[3]", "center"]))
        #expect(a.anchor.map(operands)?.1 == .list([.number(0), .number(3)]))  // `i` read as 3
        #expect(c.item == ViewID(2) && c.to == ViewID(3))
        guard case .plain(let gravity) = s.behaviors[7].kind, gravity.kind == .gravity,
            case .composite(let children) = s.behaviors[8].kind
        else {
            Issue.record("not gravity and a composite")
            return
        }
        #expect(gravity.items == [ViewID(0), ViewID(1), ViewID(2), ViewID(3)])  // a repeated name: every copy
        #expect(children.map(\.index) == [0, 1, 2, 3, 6])
    }

    @Test func copiesAreAddressableInExpressionsExpectationsAndActions() throws {
        let s = try load(
            Self.cells + """
                behaviors:
                  springs: { repeat: cell, attachment: { item: "cell[i]", anchor: [0, 0] } }
                script:
                  - add: springs
                  - set: { "cell[1].alpha": 0.5 }
                  - remove: "springs[2]"
                  - expect: { views: { "cell[3]": { y: 180 } }, that: ["cell[ 3 ].y == cell[1 + 2].y"] }
                expect:
                  views: { "cell[0]": { center: [195, 28] } }

                """)[0]
        guard case .action(.add(let added, _)) = s.script[0], case .action(.remove(let removed?, _)) = s.script[2]
        else {
            Issue.record("\(s.script)")
            return
        }
        #expect(added == [0, 1, 2, 3].map { .id(BehaviorID($0)) } && removed == [.id(BehaviorID(2))])
        #expect(s.expect?.views.first?.view == ViewID(0))
    }

    @Test func theIndexOfANameIsComputedWhenTheSceneLoads() throws {
        let e = try Expression.parse("cell[i + 1].y + i", at: .unknown(), constants: ["i": 2])
        #expect(operands(e).0 == .name(["cell[3]", "y"]) && operands(e).1 == .number(2))
        #expect(try Expression.parse("cell[12]", at: .unknown()).node == .name(["cell[12]"]))
    }

    /// Every error path: the scene's text (before the script) and the first diagnostic.
    static let errors: [(String, String)] = [
        // A template's error is located in the template and names the copy.
        (
            "views:\n  cell: { repeat: 5, frame: [0, 0, \"200 - i * 50\", 10] }\n",
            "t.yaml:2:29: error: view `cell[4]` must have a positive size, found 0 × 10 (in `cell[4]`, copy i = 4 of the "
                + "repeated view `cell`)"
        ),
        (
            Self.cells
                + "behaviors:\n  chain: { repeat: cell, attachment: { item: \"cell[i]\", to: \"cell[i + 1]\" } }\n",
            "t.yaml:4:61: error: unknown view `cell[4]`; `cell` has 4 copies, `cell[0]` … `cell[3]` (in `chain[3]`, copy "
                + "i = 3 of the repeated behaviour `chain`)"
        ),
        (
            "views:\n  cell: { repeat: 2, frame: [0, \"cell\", 1, 1] }\n",
            "t.yaml:2:33: error: `frame` of `cell[0]` must be a number, or an expression of numbers and `i`; found `cell` "
                + "(in `cell[0]`, copy i = 0 of the repeated view `cell`)"
        ),
        (
            "views:\n  cell: { repeat: 2.5, frame: [0, 0, 1, 1] }\n",
            "t.yaml:2:19: error: `repeat` of `cell` is a number "
                + "of copies, a whole number; found 2.5"
        ),
        (
            "views:\n  cell: { repeat: 0, frame: [0, 0, 1, 1] }\n",
            "t.yaml:2:19: error: `repeat` of `cell` must be at "
                + "least 1, found 0"
        ),
        (
            "views:\n  cell: { repeat: 501, frame: [0, 0, 1, 1] }\n",
            "t.yaml:2:19: error: `repeat` of `cell` of 501 is "
                + "more than the limit of 500; raise it with --max-views"
        ),
        (
            "views:\n  a: { frame: [0, 0, 1, 1] }\n  cell: { repeat: 500, frame: [0, 0, 1, 1] }\n",
            "t.yaml:3:19: error: `cell` repeated 500 times makes more than 500 views, the limit; raise it with --max-views"
        ),
        // The template first: on main the view after it was the 501st and nothing counted it.
        (
            "views:\n  cell: { repeat: 500, frame: [0, 0, 1, 1] }\n  a: { frame: [0, 0, 1, 1] }\n",
            "t.yaml:3:6: error: view `a` would be view 501, more than the limit of 500 (the copies of repeated views "
                + "count); raise it with --max-views"
        ),
        (
            Self.cells + "behaviors:\n  s: { repeat: 1000, gravity: { items: [\"cell[0]\"] } }\n"
                + "  g: { gravity: { items: [\"cell[1]\"] } }\n",
            "t.yaml:5:6: error: behaviour `g` would be behaviour 1001, more than the limit of 1000 (the copies of "
                + "repeated behaviours count); raise it with --max-behaviors"
        ),
        (
            Self.cells + "behaviors:\n  s: { repeat: nope, gravity: { items: \"cell[i]\" } }\n",
            "t.yaml:4:16: error: `repeat` of `s` names `nope`, which is not a repeated view"
        ),
        (
            Self.cells + "expect: { that: [\"cell.y > 0\"] }\n",
            "t.yaml:3:19: error: unknown name `cell`; `cell` is repeated: "
                + "name a copy, `cell[0]` … `cell[3]`"
        ),
        (
            Self.cells + "expect: { that: [\"i > 0\"] }\n",
            "t.yaml:3:19: error: unknown name `i`; `i` is the index of a copy, known "
                + "inside a repeated view, behaviour or gesture and in a `[*]` rule only"
        ),
        (
            Self.cells + "expect: { views: { cell: { y: 0 } } }\n",
            "t.yaml:3:20: error: unknown view `cell`; `cell` is "
                + "repeated: name a copy, `cell[0]` … `cell[3]`"
        ),
        (
            // An index the run knows (`cell[time]`) is evaluated then, and must be a number.
            Self.cells + "expect: { that: [\"cell[time > 1].y > 0\"] }\n",
            "t.yaml:3:24: error: expected a number, but `time > 1` is a bool"
        ),
        (
            Self.cells + "expect: { that: [\"cell[0 - 1].y > 0\"] }\n",
            "t.yaml:3:24: error: the index of `cell[…]` must be a "
                + "whole number from 0, found -1"
        ),
        (
            Self.cells + "behaviors:\n  cell: { gravity: { items: \"cell[0]\" } }\n",
            "t.yaml:4:9: error: the name `cell` is already used by a repeated view"
        ),
        (
            "views:\n  \"cell[0]\": { frame: [0, 0, 1, 1] }\n",
            "t.yaml:2:3: error: `cell[0]` is not a valid name: use "
                + "letters, digits and _, starting with a letter"
        ),
    ]

    @Test(arguments: errors)
    func everyErrorIsLocated(_ text: String, _ expected: String) {
        #expect(error(text + Self.script) == expected)
    }

    @Test func aRunTimeErrorInACopyNamesTheCopy() throws {
        let s = try load(
            Self.cells + """
                behaviors:
                  s: { repeat: cell, attachment: { item: "cell[i]", anchor: [0, 0], frequency: "1 / (i - 2)" }, active: true }

                """ + Self.script)[0]
        let r = CaseRunner.run(s)
        #expect(
            r.diagnostics.first?.description
                == "t.yaml:4:81: error: `frequency` must not be negative, got -0.5 (at tick 0, t = 0.000 s) (in `s[0]`)"
        )
    }

    @Test func repeatedCopiesCountInTheLoadWorkBudget() {
        var limits = LoadLimits()
        limits.loadWork = 2_000
        do {
            _ = try SceneFile.load(
                path: "t.yaml", text: "views:\n  cell: { repeat: 500, frame: [0, \"i * 2\", 1, 1] }\n" + Self.script,
                limits: limits)
            Issue.record("loaded")
        } catch {
            #expect(error.diagnostics.first?.message.contains("--max-load-work") == true, "\(error)")
        }
    }
}

/// What an expression's nodes are, without their locations and texts: a number, a name, a list
/// of those, or a binary operation's operator (`.string`) for anything else.
enum Shape: Equatable {
    case number(Double), name([String]), list([Shape]), other
}

func shape(_ e: Expr) -> Shape {
    switch e.node {
    case .number(let d): return .number(d)
    case .name(let parts): return .name(parts)
    case .list(let items): return .list(items.map(shape))
    default: return .other
    }
}

/// The shapes of the two operands of a binary expression (`.other` twice for anything else).
func operands(_ e: Expr) -> (Shape, Shape) {
    if case .binary(_, let l, let r) = e.node { return (shape(l), shape(r)) }
    return (.other, .other)
}
