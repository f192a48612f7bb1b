// swift-tools-version:6.0
import PackageDescription

// Dependency arrows (see docs/architecture.md):
//   scenerun ── ArgumentParser, Driver, Mutation (argument parsing only; Reports, SceneLoader, SceneRunner,
//               SceneVocabulary and Diagnostics for the option types and defaults it shows)
//   Driver ── RecordMode, SceneLoader, SceneRunner, Reports, Results, SceneModel, SceneVocabulary, Expressions,
//             Diagnostics (discovery, filtering, sharding, parallel runs, atomic writes, exit codes, --watch)
//   Mutation ── Driver, SceneLoader, SceneRunner, Reports, Results, SceneModel, Expressions, Diagnostics
//             (`scenerun mutate`: operators, finder, runner, reports, merge of its reports)
//   ScenerunKit ── Driver, Expressions, Reports, Results, SceneRunner  (SceneRun for Swift tests)
//   ScenerunPlugin ── scenerun  (`swift package scenerun PATHS`)
//   RecordMode ── SceneLoader (the parser's census of a file), Results, Diagnostics
//   SceneLoader ── Yams (the only target that sees YAML), SceneModel, Expressions
//   SceneRunner ── UIDynamics (the engine behind it), Interaction, SceneModel, Expressions, Expectations,
//                  Results
//   Reports ── Results, Expressions (number formatting)
//   Expectations ── SceneModel, Geometry, Results
//   Results ── Diagnostics, Geometry   (what a run produced: CaseResult, Failure, CaseRecording)
//   SceneModel ── Expressions, Diagnostics, Geometry
//   Expressions ── SceneVocabulary, Diagnostics, Geometry
//   SceneVocabulary ── Diagnostics     (jsonString for the schema)
//   Interaction ── Geometry
//   UIDynamics ── Dynamics, Geometry   (UIKit's behaviours on top of the engine)
//   Dynamics ── Geometry, CacheHints   (the Box2D 2.x engine: no Foundation)
//   Geometry, Diagnostics ── standard library; CacheHints ── C (a prefetch hint)
let package = Package(
    name: "scenerun",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "scenerun", targets: ["scenerun"]),
        .library(name: "Dynamics", targets: ["Dynamics", "UIDynamics"]),
        .library(name: "ScenerunKit", targets: ["ScenerunKit"]),
        .plugin(name: "ScenerunPlugin", targets: ["ScenerunPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        .target(name: "Geometry"),
        .target(name: "TestSupport"),
        .target(name: "Diagnostics"),
        // A prefetch hint for the engine's island-order walks (C: Swift has none).
        .target(name: "CacheHints"),
        .target(name: "Dynamics", dependencies: ["Geometry", "CacheHints"]),
        .target(name: "UIDynamics", dependencies: ["Dynamics", "Geometry"]),
        .target(name: "SceneVocabulary", dependencies: ["Diagnostics"]),
        .target(name: "Expressions", dependencies: ["SceneVocabulary", "Diagnostics", "Geometry"]),
        .target(name: "SceneModel", dependencies: ["SceneVocabulary", "Expressions", "Diagnostics", "Geometry"]),
        .target(name: "SceneLoader", dependencies: [
            .product(name: "Yams", package: "Yams"), "SceneVocabulary", "SceneModel", "Expressions", "Diagnostics", "Geometry",
        ]),
        .target(name: "Interaction", dependencies: ["Geometry"]),
        .target(name: "Results", dependencies: ["Diagnostics", "Geometry"]),
        .target(name: "Expectations", dependencies: ["SceneVocabulary", "SceneModel", "Expressions", "Diagnostics", "Geometry", "Results"]),
        .target(name: "SceneRunner", dependencies: [
            "UIDynamics", "Interaction", "SceneVocabulary", "SceneModel", "Expressions", "Expectations", "Diagnostics", "Geometry", "Results",
        ]),
        .target(name: "Reports", dependencies: ["Results", "Expressions", "Diagnostics"]),
        .target(name: "Driver", dependencies: [
            "RecordMode", "SceneLoader", "SceneRunner", "Reports", "Results", "SceneModel", "SceneVocabulary", "Expressions",
            "Diagnostics",
        ]),
        .target(name: "Mutation", dependencies: [
            "Driver", "SceneLoader", "SceneRunner", "Reports", "Results", "SceneModel", "Expressions", "Expectations",
            "Diagnostics",
        ]),
        .target(name: "RecordMode", dependencies: ["SceneLoader", "Results", "Diagnostics"]),
        .target(name: "ScenerunKit", dependencies: ["Driver", "Expressions", "Reports", "Results", "SceneRunner"]),
        .plugin(name: "ScenerunPlugin",
                capability: .command(intent: .custom(verb: "scenerun", description: "Run scenes with scenerun (docs/library.md)")),
                dependencies: ["scenerun"]),
        .executableTarget(name: "scenerun", dependencies: [
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            "Driver", "Mutation", "Reports", "SceneLoader", "SceneRunner", "SceneVocabulary", "Diagnostics",
        ]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        // A process-wide malloc counter (glibc interposition) for the engine's zero-allocation test.
        .target(name: "MallocCounter", path: "Tests/MallocCounter"),
        .testTarget(name: "DynamicsTests", dependencies: ["TestSupport", "Dynamics", "Geometry", "MallocCounter"]),
        .testTarget(name: "UIDynamicsTests", dependencies: ["UIDynamics", "Geometry"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "ExpressionsTests", dependencies: ["TestSupport", "Expressions", "Diagnostics", "Geometry"]),
        .testTarget(name: "SceneLoaderTests", dependencies: ["TestSupport", "SceneLoader", "SceneModel", "SceneVocabulary", "SceneRunner", "Expressions", "Diagnostics", "Geometry"],
                    exclude: ["FuzzCorpus"]),
        .testTarget(name: "InteractionTests", dependencies: ["Interaction", "Geometry"]),
        .testTarget(name: "ExpectationsTests", dependencies: ["Expectations", "Results", "SceneModel", "SceneLoader", "Expressions", "Diagnostics", "Geometry"]),
        .testTarget(name: "SceneRunnerTests", dependencies: ["TestSupport", "SceneRunner", "SceneLoader", "Expectations", "Reports", "Results", "Diagnostics", "Expressions", "Geometry", "Interaction", "SceneVocabulary", "SceneModel"]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "Results", "Diagnostics"],
                    exclude: ["Schemas", "Failing"]),
        .testTarget(name: "SceneVocabularyTests", dependencies: ["SceneVocabulary", "SceneLoader", "SceneModel", "Expectations", "Expressions", "Diagnostics", "Geometry"]),
        .testTarget(name: "ReplayTests", dependencies: ["TestSupport", "Reports", "SceneLoader", "SceneRunner", "Expectations", "Results", "SceneModel", "Diagnostics", "Geometry", "Mutation", "Driver"]),
        .testTarget(name: "MutationTests", dependencies: [
            "Mutation", "Driver", "SceneLoader", "SceneModel", "SceneRunner", "Expressions", "Diagnostics",
        ]),
        .testTarget(name: "DriverTests", dependencies: ["Driver", "Reports", "Results"]),
        .testTarget(name: "RecordModeTests", dependencies: ["RecordMode", "SceneLoader", "Results", "Diagnostics"]),
        .testTarget(name: "ScenerunKitTests", dependencies: ["ScenerunKit", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["scenerun", "TestSupport"], exclude: ["Golden"]),
    ]
)
