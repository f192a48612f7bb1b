// swift-tools-version:6.0
import PackageDescription

// A libFuzzer harness over the loader, the expression parser and a short run (see fuzz.sh).
// It compiles scenerun's own sources (symbolic links under Sources/) with `-sanitize=fuzzer`,
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
        .executableTarget(name: "SceneFuzz", dependencies: ["SceneLoader", "SceneRunner", "Expressions", "Diagnostics", "Geometry"]),
    ]
)
