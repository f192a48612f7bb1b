import Diagnostics
import SceneVocabulary
import Yams

extension Walker {
    /// `format: 1.2`: the scene format the scene is written for. A newer one than this scenerun
    /// reads is refused at the value, naming both; anything but `major.minor` is an error.
    func checkFormat(_ root: Node) throws(Diagnostic) {
        guard case .mapping(let m) = root,
            let v = m.first(where: { $0.key.string == TopLevelKey.format.rawValue })?.value
        else { return }
        let read = SceneFormat.read
        guard case .scalar(let s) = v, let f = SceneFormat(text: s.string) else {
            let found = kind(v)
            let whole = Int(v.string ?? "").map { "; name the minor version too (`format: \($0).0`)" } ?? ""
            throw err(
                "`format` names the scene format the scene is written for as major.minor (this scenerun reads up "
                    + "to `format: \(read)`), found \(found)\(whole)", v)
        }
        if f > read {
            throw err(
                "this scene is written for scene format \(f); this scenerun reads up to \(read) (update scenerun)", v)
        }
    }
}
