// swift-tools-version:6.0
import Foundation
import PackageDescription

// Benchmarks live in their own package so that the main build and `swift test` stay fast.
// Run: cd Benchmarks && swift run -c release SceneBench
// A path dependency is named after its folder, whatever the clone is called.
let mainPackage = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(name: "SceneBench", dependencies: [.product(name: "Dynamics", package: mainPackage)]),
    ]
)
