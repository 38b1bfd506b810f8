import GalleyWatcher
import XCTest

/// Editors' temporaries, swap and backup files and VCS folders are never content; ordinary names are.
final class EditorTemporaryFilesTests: XCTestCase {
    func testTemporaryNames() {
        let temporary = [
            ".doc.json.swp", ".doc.json.swo", "doc.json.swp", "doc.json~", "#doc.json#", ".#doc.json", "4913", "5036",
            "doc.json___jb_tmp___", "doc.json___jb_old___", "doc.json.tmp", "doc.json.crswap", ".DS_Store", ".git",
            ".hg",
            ".svn", "node_modules", "sedAb12Cd", "~$report.docx", ".goutputstream-ABC123", "Thumbs.db",
        ]
        for name in temporary {
            XCTAssertTrue(EditorTemporaryFiles.isTemporary(name: name), name)
        }
    }

    func testContentNames() {
        let content = [
            "speciesData.json", "lpenguin_02.png", "Contents.json", "help.rtf", "TXT.rtf", "4912", "4914", "1000",
            "sedation.txt", "README", "a~b.txt", "notes.tmp.json", "Assets.xcassets",
        ]
        for name in content {
            XCTAssertFalse(EditorTemporaryFiles.isTemporary(name: name), name)
        }
    }
}
