// swift-tools-version:6.0
import Foundation
import PackageDescription

// Benchmarks live in their own package so that the main build and `swift test` stay fast.
// Run: Benchmarks/run  (the fair one: the engine against Box2D 2.3.2 C++, see README there)
// A path dependency is named after its folder, whatever the clone is called.
let mainPackage = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        // A process-wide malloc counter (glibc interposition), shared with the C++ driver.
        .target(name: "MallocCounter"),
        .executableTarget(name: "EngineBench", dependencies: [.product(name: "Dynamics", package: mainPackage), "MallocCounter"],
                          swiftSettings: [.swiftLanguageMode(.v5)]),
        // Not a fair comparison: pybox2d driven from Python measures Python's per-step overhead.
        .executableTarget(name: "SceneBench", dependencies: [.product(name: "Dynamics", package: mainPackage)]),
    ]
)
