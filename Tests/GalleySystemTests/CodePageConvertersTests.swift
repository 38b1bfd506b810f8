import Foundation
import GalleyCore
import GalleySystem
import XCTest

/// The system's code-page converters, as the readers use them: readers share
/// them across threads, and each conversion starts from a converter's initial state.
final class CodePageConvertersTests: XCTestCase {
    private func read(_ source: String, _ converters: CodePageConverters) -> (text: String, diagnostics: [Diagnostic]) {
        let read = RTFReader.read(Array(source.utf8), path: "test.rtf", converters: converters)
        return (Self.text(read.document), read.diagnostics)
    }

    private static func text(_ document: Document) -> String {
        document.blocks.compactMap { block -> String? in
            guard case .paragraph(let paragraph) = block.content else { return nil }
            return paragraph.runs.map(\.text).joined()
        }.joined(separator: "\n")
    }

    func testCodePagesTheCoreDoesNotKnowAreConverted() {
        let converters = CodePageConverters()
        XCTAssertEqual(read(#"{\rtf1\ansi\ansicpg1251 \'cf\'f0\'e8\'e2\'e5\'f2\par}"#, converters).text, "Привет")
        XCTAssertEqual(read(#"{\rtf1\ansi\ansicpg932 \'82\'b1\'82\'f1\par}"#, converters).text, "こん")
        let shiftJIS = read(#"{\rtf1\ansi\ansicpg932 \'82\'b1\'82\'f1\par}"#, converters)
        XCTAssertTrue(shiftJIS.diagnostics.isEmpty, "\(shiftJIS.diagnostics)")
    }

    func testACodePageGlibcLacksIsReadAsWindowsLatin1AndSaidSo() {
        let read = read(#"{\rtf1\ansi\ansicpg99999 caf\'e9\par}"#, CodePageConverters())
        XCTAssertEqual(read.text, "café")
        XCTAssertEqual(read.diagnostics.map(\.message), ["code page '99999' is not supported; read as Windows Latin 1"])
    }

    func testReadersInParallelDecodeAsOneReaderAlone() throws {
        let fixture = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
            .appendingPathComponent("../GalleyCoreTests/Golden/rtf/encodings.rtf")
        let bytes = [UInt8](try Data(contentsOf: fixture))
        let converters = CodePageConverters()
        let alone = RTFReader.read(bytes, path: "encodings.rtf", converters: CodePageConverters())
        XCTAssertFalse(alone.diagnostics.contains { $0.message.contains("not supported") }, "\(alone.diagnostics)")
        let expected = Self.text(alone.document)
        let results = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            let text = Self.text(RTFReader.read(bytes, path: "encodings.rtf", converters: converters).document)
            results.withLock { $0.append(text) }
        }
        XCTAssertEqual(results.withLock { $0 }, Array(repeating: expected, count: 64))
    }

    func testAConverterLeftInAShiftStateIsResetForTheNextReader() {
        // ISO-2022-JP switches to JIS X 0208 with ESC $ B; this document ends without switching back.
        let converters = CodePageConverters()
        let shifted = read("{\\rtf1\\ansi\\ansicpg50220 \\'1b$B$\"}", converters)
        let plain = read("{\\rtf1\\ansi\\ansicpg50220 AB}", converters)
        XCTAssertTrue(shifted.diagnostics.isEmpty)
        XCTAssertEqual(plain.text, "AB")
    }
}
