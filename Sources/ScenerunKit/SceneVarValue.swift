import Driver
import Expressions
import Foundation

/// A Swift value a scene's var can take (`SceneRun(contentsOf:vars:)`): a number (`Double`,
/// `Float`, `CGFloat`, `Int`), a `Bool`, a `String`, or an array of two numbers (a point) or four
/// (a rect). The types are kept exactly, as for `--var`: a `String` is never a number.
public protocol SceneVarValue: Sendable {
    var sceneVar: SceneVar { get }
}

/// A var's value as a scene reads it; nil `value` for an array that is neither a point nor a rect.
public struct SceneVar: Sendable {
    let value: Value?
}

extension Double: SceneVarValue { public var sceneVar: SceneVar { SceneVar(value: .number(self)) } }
extension Float: SceneVarValue { public var sceneVar: SceneVar { SceneVar(value: .number(Double(self))) } }
extension CGFloat: SceneVarValue { public var sceneVar: SceneVar { SceneVar(value: .number(Double(self))) } }
extension Int: SceneVarValue { public var sceneVar: SceneVar { SceneVar(value: .number(Double(self))) } }
extension Bool: SceneVarValue { public var sceneVar: SceneVar { SceneVar(value: .bool(self)) } }
extension String: SceneVarValue { public var sceneVar: SceneVar { SceneVar(value: .string(self)) } }
extension Array: SceneVarValue where Element: SceneVarValue {
    public var sceneVar: SceneVar {
        var numbers: [Double] = []
        for e in self {
            guard case .number(let d)? = e.sceneVar.value else { return SceneVar(value: nil) }
            numbers.append(d)
        }
        return SceneVar(value: VarOverrides.value(numbers: numbers))
    }
}
