import Foundation
import PackagePlugin

/// `swift package scenerun [options] PATHS…`: builds scenerun and runs it in the package's
/// folder with the arguments given, so a package can run its scenes without installing anything.
/// The exit code is scenerun's (see docs/cli.md).
@main
struct ScenerunPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "scenerun")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments.isEmpty ? ["scenes/"] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("scenerun exited \(process.terminationStatus)")
            exit(process.terminationStatus)
        }
    }
}
