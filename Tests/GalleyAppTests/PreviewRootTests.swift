import GalleyCore
import XCTest

@testable import GalleyApp

/// Where `galley lsp` may root a preview of its own: inside the workspace,
/// and never at a folder as wide as `/`, the home folder or `/usr` unless a
/// `galley.json` says it is content.
final class PreviewRootTests: XCTestCase {
    private func folder(_ file: String, _ workspace: [String], configs: Set<String> = []) -> Result<AbsolutePath, PreviewRefusal> {
        PreviewRoot.folder(for: file, workspaceFolders: workspace, home: "/home/ann", hasConfig: configs.contains)
    }

    func testTheWorkspaceFolderHoldingTheFileIsTheRoot() {
        XCTAssertEqual(folder("/home/ann/app/Resources/data.json", ["/home/ann/app"]), .success("/home/ann/app"))
        XCTAssertEqual(
            folder("/home/ann/app/help/a.rtf", ["/home/ann/app", "/home/ann/app/help"]), .success("/home/ann/app/help"),
            "the deepest of nested folders")
        XCTAssertEqual(
            folder("/home/ann/app2/x.json", ["/home/ann/app"]),
            .failure(.outsideWorkspace(file: "/home/ann/app2/x.json", workspaceFolders: ["/home/ann/app"])),
            "a name that starts like the folder is not in it")
        XCTAssertEqual(
            folder("/usr/share/doc/notes.txt", ["/home/ann/app"]),
            .failure(.outsideWorkspace(file: "/usr/share/doc/notes.txt", workspaceFolders: ["/home/ann/app"])))
    }

    func testWithoutAWorkspaceTheFilesFolderIsTheRoot() {
        XCTAssertEqual(folder("/home/ann/app/data.json", []), .success("/home/ann/app"))
        XCTAssertEqual(folder("/tmp/x/data.json", []), .success("/tmp/x"))
    }

    func testWideFoldersAreRefusedWithoutAConfig() {
        for (file, workspace, wide) in [
            ("/data.json", [String](), "/"),
            ("/home/ann/notes.txt", [], "/home/ann"),
            ("/home/ann/app/data.json", ["/home/ann"], "/home/ann"),
            ("/home/ann/app/data.json", ["/"], "/"),
            ("/home/notes.txt", [], "/home"),
            ("/usr/share/doc/notes.txt", [], "/usr/share/doc"),
            ("/usr/share/doc/x/notes.txt", ["/usr"], "/usr"),
            ("/tmp/notes.txt", [], "/tmp"),
            ("/var/lib/x/notes.txt", [], "/var/lib/x"),
        ] {
            XCTAssertEqual(folder(file, workspace), .failure(.tooWide(folder: AbsolutePath(rawValue: wide))), file)
            XCTAssertEqual(
                folder(file, workspace, configs: [wide]), .success(AbsolutePath(rawValue: wide)),
                "a galley.json in \(wide) says it is content")
        }
        XCTAssertFalse(PreviewRoot.isTooWide("/var/www/site", home: "/root"))
        XCTAssertFalse(PreviewRoot.isTooWide("/srv/content", home: nil))
        XCTAssertTrue(PreviewRoot.isTooWide("/usr/local/src/app", home: nil))
    }
}
