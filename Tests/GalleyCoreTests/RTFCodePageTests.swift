import GalleySystem
import XCTest

@testable import GalleyCore

/// What the core converts itself, without the system's converters
/// (`CodePageConverting`): UTF-8, the Symbol font and Windows Latin 1; any
/// other code page is read as Windows Latin 1, and the reader says so.
final class RTFCodePageTests: XCTestCase {
    private func read(_ source: String) -> (text: String, diagnostics: [String]) {
        let read = RTFReader.read(Array(source.utf8), path: "test.rtf", converters: nil)
        return (RTFTestSupport.plainText(read.document), read.diagnostics.map(\.message))
    }

    func testWindowsLatin1NeedsNoConverter() {
        let read = read(#"{\rtf1\ansi\ansicpg1252 \'80 \'93caf\'e9\'94 \'85 \'9f\'ff\par}"#)
        XCTAssertEqual(read.text, "€ “café” … Ÿÿ")
        XCTAssertEqual(read.diagnostics, [])
    }

    func testTheBytesWindowsLatin1LeavesUndefinedAreReplacementCharacters() {
        XCTAssertEqual(read(#"{\rtf1\ansi\ansicpg1252 a\'81b\'8d\'8f\'90\'9dc\par}"#).text, "a\u{FFFD}b\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}c")
    }

    func testWithoutConvertersAnotherCodePageIsReadAsWindowsLatin1AndSaidOnce() {
        let read = read(#"{\rtf1\ansi\ansicpg1251 \'cf\'f0\'e8\par \'e2\'e5\'f2\par}"#)
        XCTAssertEqual(read.text, "Ïðè\nâåò")
        XCTAssertEqual(read.diagnostics, ["code page '1251' is not supported; read as Windows Latin 1"])
    }

    /// A converter given is asked only for the code pages the core does not convert.
    func testTheConvertersAreAskedOnlyForOtherCodePages() {
        let converters = RecordingConverters()
        let bytes = Array(#"{\rtf1\ansi\ansicpg1252{\fonttbl{\f0\fcharset204 Arial;}{\f1 Times;}}\f1 caf\'e9 {\f0 \'cf}\par}"#.utf8)
        _ = RTFReader.read(bytes, path: "test.rtf", converters: converters)
        XCTAssertEqual(Set(converters.asked.withLock { $0 }), [1251])
    }
}

/// Converters that convert nothing and note the code pages asked for.
private final class RecordingConverters: CodePageConverting {
    let asked = Locked<[Int]>([])

    func convert(_ bytes: UnsafeBufferPointer<UInt8>, codePage: Int, into utf8: inout [UInt8]) -> Bool {
        asked.withLock { $0.append(codePage) }
        return false
    }
}
