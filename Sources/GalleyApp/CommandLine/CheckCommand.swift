import GalleySystem
import GalleyCore
import Glibc

/// `galley check`: every diagnostic of the given files and folders, in the
/// form editors and CI parse, and exit status 1 on errors.
struct CheckCommand {
    var paths: [String]
    var json: Bool

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
                diagnostics += workspace.allDiagnostics.map { relocated($0, under: prefix) }
            } else {
                let root = ContentRoot.of(file: path)
                guard let relative = ContentPath.relative(FilePath.realPath(path) ?? path, to: root) else { continue }
                let workspace = Workspace(root: root, output: .checking, pictures: ImagePictures(root: root))
                workspace.load(onlyContentAt: relative)
                fileCount += 1
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
            for diagnostic in diagnostics { print(diagnostic.formatted) }
            print("\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s") in \(fileCount) file\(fileCount == 1 ? "" : "s")")
        }
        return errors > 0 ? 1 : 0
    }

    private func relocated(_ diagnostic: Diagnostic, under prefix: String) -> Diagnostic {
        var moved = diagnostic
        moved.path = prefix == "." ? diagnostic.path : prefix + "/" + diagnostic.path
        return moved
    }
}
