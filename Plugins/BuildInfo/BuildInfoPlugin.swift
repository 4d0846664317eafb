import Foundation
import PackagePlugin

/// Gives the `mwkit` target a generated `BuildInfo.swift` naming the git commit it is built
/// from, for `mwkit --version`. A prebuild command (it runs before every build, so a new
/// commit is never missed) calls scripts/build-info.sh, which rewrites the file only when its
/// text changes, so an unchanged commit recompiles nothing. Nothing generated is committed.
///
/// Where the commit comes from, in order: `MWKIT_BUILD_COMMIT` (a packager building from a
/// plain tarball says it), the git checkout (`-dirty` when tracked files differ from it), the
/// commit `git archive` wrote into scripts/build-commit (export-subst, .gitattributes), else
/// `unknown`.
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let out = context.pluginWorkDirectoryURL.appendingPathComponent("generated", isDirectory: true)
        let root = context.package.directoryURL
        var env: [String: String] = [:]
        if let commit = ProcessInfo.processInfo.environment["MWKIT_BUILD_COMMIT"] { env["MWKIT_BUILD_COMMIT"] = commit }
        return [.prebuildCommand(
            displayName: "mwkit build info (git commit)",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: [root.appendingPathComponent("scripts/build-info.sh").path, root.path, out.path],
            environment: env,
            outputFilesDirectory: out)]
    }
}
