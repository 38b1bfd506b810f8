import XCTest

@testable import GalleyApp

final class EditorCommandTests: XCTestCase {
    func testSplitsLikeAShellButRunsNone() throws {
        let command = try XCTUnwrap(EditorCommand(template: "code -g '{file}:{line}:{column}'"))
        XCTAssertEqual(command.arguments(file: "/c/a b.json", line: 7, column: 3), ["code", "-g", "/c/a b.json:7:3"])
        let vim = try XCTUnwrap(EditorCommand(template: "x-terminal-emulator -e vim +{line} \"{file}\""))
        XCTAssertEqual(
            vim.arguments(file: "/c/$(rm -rf ~).json", line: 2, column: 1),
            ["x-terminal-emulator", "-e", "vim", "+2", "/c/$(rm -rf ~).json"], "a file name stays one argument")
    }

    func testRefusesCommandsWithoutAFile() {
        XCTAssertNil(EditorCommand(template: ""))
        XCTAssertNil(EditorCommand(template: "code -g"))
        XCTAssertNil(EditorCommand(template: "code '{file}"))
    }

    func testTokenComparison() {
        XCTAssertTrue(Secret.matches("abc", "abc"))
        XCTAssertFalse(Secret.matches("abc", "abd"))
        XCTAssertFalse(Secret.matches("abc", "abcd"))
    }
}
