// swift-tools-version:6.0
import PackageDescription

// Dependency arrows (see docs/architecture.md):
//   scenerun ── ArgumentParser, SceneLoader, SceneRunner, Reports
//   SceneLoader ── Yams (the only target that sees YAML), SceneModel, Expressions
//   SceneRunner ── UIDynamics, Dynamics, Interaction, SceneModel, Expressions, Expectations
//   Reports ── Expectations, SceneModel
//   Expectations ── SceneModel, Geometry
//   SceneModel ── Expressions, Diagnostics, Geometry
//   Expressions ── Diagnostics, Geometry
//   Interaction ── Geometry
//   UIDynamics ── Dynamics, Geometry   (UIKit's behaviours on top of the engine)
//   Dynamics ── Geometry               (the Box2D 2.x engine: no Foundation)
//   Geometry, Diagnostics ── standard library
let package = Package(
    name: "scenerun",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "scenerun", targets: ["scenerun"]),
        .library(name: "Dynamics", targets: ["Dynamics", "UIDynamics"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        .target(name: "Geometry"),
        .target(name: "TestSupport"),
        .target(name: "Diagnostics"),
        .target(name: "Dynamics", dependencies: ["Geometry"]),
        .target(name: "UIDynamics", dependencies: ["Dynamics", "Geometry"]),
        .target(name: "Expressions", dependencies: ["Diagnostics", "Geometry"]),
        .target(name: "SceneModel", dependencies: ["Expressions", "Diagnostics", "Geometry"]),
        .target(name: "SceneLoader", dependencies: [
            .product(name: "Yams", package: "Yams"), "SceneModel", "Expressions", "Diagnostics", "Geometry",
        ]),
        .target(name: "Interaction", dependencies: ["Geometry"]),
        .target(name: "Expectations", dependencies: ["SceneModel", "Diagnostics", "Geometry"]),
        .target(name: "SceneRunner", dependencies: [
            "UIDynamics", "Dynamics", "Interaction", "SceneModel", "Expressions", "Expectations", "Diagnostics", "Geometry",
        ]),
        .target(name: "Reports", dependencies: ["Expectations", "SceneModel", "Expressions", "Diagnostics"]),
        .executableTarget(name: "scenerun", dependencies: [
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            "SceneLoader", "SceneRunner", "Reports", "Expectations", "SceneModel", "Diagnostics",
        ]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics"]),
        // A process-wide malloc counter (glibc interposition) for the engine's zero-allocation test.
        .target(name: "MallocCounter", path: "Tests/MallocCounter"),
        .testTarget(name: "DynamicsTests", dependencies: ["TestSupport", "Dynamics", "Geometry", "MallocCounter"]),
        .testTarget(name: "UIDynamicsTests", dependencies: ["UIDynamics", "Dynamics", "Geometry"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "ExpressionsTests", dependencies: ["TestSupport", "Expressions", "Diagnostics", "Geometry"]),
        .testTarget(name: "SceneLoaderTests", dependencies: ["TestSupport", "SceneLoader", "SceneModel", "SceneRunner", "Expressions", "Diagnostics"]),
        .testTarget(name: "InteractionTests", dependencies: ["Interaction", "Geometry"]),
        .testTarget(name: "ExpectationsTests", dependencies: ["Expectations", "SceneModel", "SceneLoader", "Expressions", "Diagnostics", "Geometry"]),
        .testTarget(name: "SceneRunnerTests", dependencies: ["SceneRunner", "SceneLoader", "SceneModel", "Expectations", "Reports", "Diagnostics"]),
        .testTarget(name: "ReportsTests", dependencies: ["Reports", "Expectations", "SceneModel", "Diagnostics"]),
        .testTarget(name: "EndToEndTests", dependencies: ["scenerun"]),
    ]
)
