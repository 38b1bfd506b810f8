import Foundation
import PackagePlugin

/// Writes `BuildInfo.swift` into GalleyApp before each build: the git commit
/// the binary is built from, so `galley --version` and the package name it.
/// The file lives in the build folder (never committed), and is rewritten
/// only when the commit changes, so an unchanged tree rebuilds nothing.
@main
struct GalleyBuildInfo: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildInfo")
        let script = context.package.directoryURL.appending(path: "Scripts/build-info").path
        return [
            .prebuildCommand(
                displayName: "Recording the git commit of \(target.name)",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script, context.package.directoryURL.path, output.appending(path: "BuildInfo.swift").path],
                outputFilesDirectory: output
            )
        ]
    }
}
