import GalleySystem
import GalleyCore
import Glibc

/// `galley check`: every diagnostic of the given files and folders, in the
/// form editors and CI parse, and exit status 1 on errors.
struct CheckCommand {
    var paths: [String]
    var json: Bool
    /// Also names the style fonts drawn with another face (on standard error with `--json`).
    var verbose = false

    func run() -> Int32 {
        var diagnostics: [Diagnostic] = []
        var fileCount = 0
        for path in paths {
            guard FileSystem.exists(path) else {
                Console.error("galley: '\(path)' does not exist")
                return 1
            }
            let prefix = path.removingByteSuffix("/") ?? path
            if FileSystem.isDirectory(path) && !ContentFormats.isBundle(path) {
                let root = FilePath.realPath(path) ?? path
                let workspace = Workspace(root: root, output: .checking, pictures: ImagePictures(root: root))
                workspace.loadAll()
                fileCount += Set(workspace.allDocuments.map(\.path)).count
                if verbose { noteSubstitutes(workspace, under: prefix) }
                diagnostics += workspace.allDiagnostics.map { relocated($0, under: prefix) }
            } else {
                let root = ContentRoot.of(file: path)
                guard let relative = ContentPath.relative(FilePath.resolvingFolders(path) ?? path, to: root) else { continue }
                let workspace = Workspace(root: root, output: .checking, pictures: ImagePictures(root: root))
                workspace.load(onlyContentAt: relative)
                fileCount += 1
                if verbose { noteSubstitutes(workspace, under: root) }
                diagnostics += workspace.allDiagnostics.filter { $0.path == relative }.map { diagnostic in
                    var moved = diagnostic
                    moved.path = prefix
                    return moved
                }
            }
        }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        if json {
            var json = JSONWriter()
            json.beginArray()
            for diagnostic in diagnostics {
                json.beginObject()
                diagnostic.writeFields(into: &json)
                json.endObject()
            }
            json.endArray()
            print(json.text)
        } else {
            for diagnostic in diagnostics { print(TerminalText.shown(diagnostic.formatted)) }
            print("\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s") in \(fileCount) file\(fileCount == 1 ? "" : "s")")
        }
        return errors > 0 ? 1 : 0
    }

    /// `DIR: note: font Baskerville: drawn with Liberation Serif, …`,
    /// once per content folder, for a folder with tagged documents.
    private func noteSubstitutes(_ workspace: Workspace, under folder: String) {
        guard workspace.allDocuments.contains(where: { $0.kind == .tagged }) else { return }
        for face in workspace.fontSubstitutes {
            let line = "\(folder): note: font \(face.summary)"
            if json { Console.error(line) } else { print(line) }
        }
    }

    private func relocated(_ diagnostic: Diagnostic, under prefix: String) -> Diagnostic {
        var moved = diagnostic
        moved.path = prefix == "." ? diagnostic.path : prefix + "/" + diagnostic.path
        return moved
    }
}
