import Foundation
import Testing

/// The JSON Schema catches what `scenerun check` catches (issue 23): Tools/schema_plants.py plants
/// typos, values of the wrong type and numbers out of range at every place of every shipped
/// scene, variants included, and requires the schema to refuse every plant check refuses, but for
/// the classes docs/editors.md lists, and to accept every plant check accepts.
@Suite struct SchemaPlantTests {
    @Test(
        .enabled(
            if: pythonHasSchemaTools,
            "Python's jsonschema and ruamel.yaml are not installed: pip install jsonschema ruamel.yaml, as .ci/run does"
        ))
    func theSchemaRefusesWhatCheckRefuses() throws {
        let r = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "Tools/schema_plants.py", try binary().path])
        #expect(r.code == 0, "\(r.out)\(r.err)")
        // "N plants in M scenes: both refuse A, both accept B, left to scenerun C, disagreements 0"
        let counts = r.out.split(separator: "\n").first.map {
            $0.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        }
        let n = try #require(counts)
        #expect(n.count == 6 && n[0] > 2000 && n[2] > 1000 && n[5] == 0, "\(r.out)")
        // Every class docs/editors.md lists is met by some plant: none is a blanket excuse.
        for line in r.out.split(separator: "\n").dropFirst() where line.contains("left to scenerun:") {
            #expect(!line.contains(" 0 of class"), "\(line)")
        }
    }
}

/// Whether Python has jsonschema and ruamel.yaml (the scene schema tests need both).
let pythonHasSchemaTools: Bool = {
    (try? run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import jsonschema, ruamel.yaml"]))?.code == 0
}()
