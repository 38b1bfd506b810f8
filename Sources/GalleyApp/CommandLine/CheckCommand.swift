import GalleyCore
import GalleySystem
import Glibc

/// `galley check`: every diagnostic of the given files and folders, in the
/// chosen format, and an exit status for CI: 0 when clean, 1 for errors
/// (with `strict`, warnings too), 2 when a path cannot be checked.
struct CheckCommand {
    var paths: [String]
    var format: CheckFormat
    /// Warnings fail the check too.
    var strict: Bool

    /// The exit statuses `--help` and the manual page explain.
    static let exitStatuses = [
        "0 when nothing was found that fails the check",
        "1 when there is an error, or with --strict a warning",
        "2 when a PATH does not exist, holds no content to check, or the output cannot be written",
        "64 for a usage mistake",
    ]
    /// Also names the style fonts drawn with another face (on standard error
    /// unless the format is text, so that a JSON or SARIF output stays whole),
    /// and the characters no installed font draws.
    var verbose = false

    func run() -> Int32 {
        var diagnostics: [CheckedDiagnostic] = []
        var fileCount = 0
        var notes: [String] = []
        var empty: [String] = []
        for path in paths {
            guard FileSystem.exists(path) else {
                Console.error("galley: '\(path)' does not exist")
                return 2
            }
            let prefix = path.removingByteSuffix("/") ?? path
            if FileSystem.isDirectory(path) && !ContentFormats.isBundle(path) {
                let root = FilePath.realPath(path) ?? path
                let workspace = Workspace(root: root, output: .checking, pictures: ImagePictures(root: root))
                workspace.apply(.everything)
                let files = Set(workspace.allDocuments.map(\.path)).count
                fileCount += files
                // Said whether or not verbose: what was not checked is as much the answer as what was.
                let skipped = workspace.files.linksLeadingOutside.map { link in
                    "galley: " + SkippedLink.leadsOutside.sentence(about: relocatedPath(link, under: prefix))
                }
                notes += skipped
                if files == 0 { empty.append("galley: '\(path)' holds no content to check" + (skipped.isEmpty ? "" : " (see above)")) }
                if verbose { notes += substituteNotes(workspace, under: prefix) }
                let found = workspace.allDiagnostics + Self.configDiagnostics(root: root)
                diagnostics += Self.unique(found).map {
                    CheckedDiagnostic(diagnostic: $0, shownPath: relocatedPath($0.path.rawValue, under: prefix))
                }
            } else {
                let root = ContentRoot.of(file: path)
                guard let relative = ContentPath.relative(FilePath.resolvingFolders(path) ?? path, to: root) else { continue }
                let workspace = Workspace(root: root, output: .checking, pictures: ImagePictures(root: root))
                // galley.json's lines also carry what is said once for the folder about its
                // styles (a colour too faint for the documents that use it): read them all.
                if relative == ConfigFile.name.rawValue {
                    workspace.apply(.everything)
                } else {
                    workspace.apply(.onlyContent(at: DocumentPath(rawValue: relative)))
                }
                fileCount += 1
                if verbose { notes += substituteNotes(workspace, under: root) }
                // A config named directly is checked like any file: its syntax and keys, and the names it uses.
                let found = workspace.allDiagnostics + (relative == ConfigFile.name.rawValue ? Self.configDiagnostics(root: root) : [])
                // A bundle's problems are in its text file: `x.rtfd/TXT.rtf`, told under the path given.
                diagnostics += Self.unique(found).compactMap { diagnostic in
                    let path = diagnostic.path.rawValue
                    guard path == relative || path.hasBytePrefix(relative + "/") else { return nil }
                    return CheckedDiagnostic(diagnostic: diagnostic, shownPath: prefix + path.dropFirst(relative.count))
                }
            }
        }
        // A face missing here is a fact about this machine, not the content: CI
        // machines seldom have the phone's fonts, so it is said when asked for.
        if !verbose { diagnostics.removeAll { $0.diagnostic.id == .missingGlyph } }
        // Notes go with the text; they would break a JSON or SARIF document.
        if format != .text { notes.forEach(Console.error) }
        let noteLines = format == .text ? notes.map(TerminalText.shown) : []
        let report = (noteLines + [format.report(diagnostics, fileCount: fileCount)]).joined(separator: "\n")
        guard Console.output(report + "\n") else { return 2 }
        // Nothing checked is no pass: CI would go green over a folder it never read.
        guard empty.isEmpty else {
            empty.forEach(Console.error)
            return 2
        }
        let failing = diagnostics.map(\.diagnostic).contains { $0.severity == .error || (strict && $0.severity == .warning) }
        return failing ? 1 : 0
    }

    /// `galley.json`'s own problems, which documents carry only when there
    /// are documents to carry them.
    private static func configDiagnostics(root: String) -> [Diagnostic] {
        guard let bytes = try? ContentFolder(root: root).read(ConfigFile.name.rawValue) else { return [] }
        return ConfigReader(path: ConfigFile.name).read(bytes).diagnostics
    }

    private static func unique(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return diagnostics.filter { seen.insert($0).inserted }
    }

    /// `DIR: note: font Baskerville: drawn with Liberation Serif, …`,
    /// once per content folder, for a folder with tagged documents.
    private func substituteNotes(_ workspace: Workspace, under folder: String) -> [String] {
        guard workspace.allDocuments.contains(where: { $0.kind == .tagged }) else { return [] }
        return workspace.fontSubstitutes.map { "\(folder): note: font \($0.summary)" }
    }

    /// A path relative to the content folder, as relative to where check runs.
    private func relocatedPath(_ path: String, under prefix: String) -> String {
        prefix == "." ? path : prefix.slashJoined(path)
    }
}
