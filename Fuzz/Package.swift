// swift-tools-version:6.0
import PackageDescription

// libFuzzer harnesses (see fuzz.sh): SceneFuzz over the loader, the expression parser and a short
// run; RecordFuzz over record mode's edits; MergeFuzz over `scenerun merge`'s reading of reports;
// PathFuzz over where run, mutate and merge write their reports (trees of folders, files, links).
// They compile scenerun's own sources (symbolic links under Sources/) with `-sanitize=fuzzer`,
// so the main package stays a plain build. Yams comes from the main package's checkout: build
// or test the main package once first (fuzz.sh does).
let package = Package(
    name: "SceneFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../.build/checkouts/Yams")],
    targets: [
        .target(name: "Geometry"),
        .target(name: "Diagnostics"),
        .target(name: "SceneVocabulary", dependencies: ["Diagnostics"]),
        .target(name: "CacheHints"),
        .target(name: "Dynamics", dependencies: ["Geometry", "CacheHints"]),
        .target(name: "UIDynamics", dependencies: ["Dynamics", "Geometry"]),
        .target(name: "Expressions", dependencies: ["SceneVocabulary", "Diagnostics", "Geometry"]),
        .target(name: "SceneModel", dependencies: ["SceneVocabulary", "Expressions", "Diagnostics", "Geometry"]),
        .target(name: "SceneLoader", dependencies: [.product(name: "Yams", package: "Yams"), "SceneVocabulary", "SceneModel", "Expressions", "Diagnostics", "Geometry"]),
        .target(name: "Interaction", dependencies: ["Geometry"]),
        .target(name: "Results", dependencies: ["Diagnostics", "Geometry"]),
        .target(name: "Expectations", dependencies: ["SceneVocabulary", "SceneModel", "Expressions", "Diagnostics", "Geometry", "Results"]),
        .target(name: "SceneRunner", dependencies: ["UIDynamics", "Interaction", "SceneVocabulary", "SceneModel", "Expressions", "Expectations",
                                                    "Diagnostics", "Geometry", "Results"]),
        .target(name: "Reports", dependencies: ["Results", "Expressions", "Diagnostics"]),
        .target(name: "RecordMode", dependencies: ["SceneLoader", "Results", "Diagnostics"]),
        .target(name: "Driver", dependencies: ["RecordMode", "SceneLoader", "SceneRunner", "Reports", "Results", "SceneModel", "SceneVocabulary",
                                               "Expressions", "Diagnostics"]),
        .target(name: "Mutation", dependencies: ["Driver", "SceneLoader", "SceneRunner", "Reports", "Results", "SceneModel", "Expressions",
                                                 "Expectations", "Diagnostics"]),
        // libFuzzer's driver and AddressSanitizer's heap hooks, in C.
        .target(name: "FuzzSupport"),
        .executableTarget(name: "SceneFuzz", dependencies: ["FuzzSupport", "SceneLoader", "SceneRunner", "Expressions", "Diagnostics", "Geometry"]),
        .executableTarget(name: "RecordFuzz", dependencies: [.product(name: "Yams", package: "Yams"), "FuzzSupport", "RecordMode", "SceneLoader",
                                                             "Results", "Diagnostics"]),
        .executableTarget(name: "MergeFuzz", dependencies: ["FuzzSupport", "Driver", "Mutation", "Reports"]),
        .executableTarget(name: "PathFuzz", dependencies: ["FuzzSupport", "Driver", "Mutation", "Reports"]),
    ]
)
