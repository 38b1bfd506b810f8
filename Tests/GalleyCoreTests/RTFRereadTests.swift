import Foundation
import XCTest

@testable import GalleyCore

/// Reading an edited RTF document from checkpoints must give exactly what
/// reading it whole gives, and read only around the edit.
final class RTFRereadTests: XCTestCase {
    /// Pieces of RTF an author's edit or a writer's output is made of:
    /// styles, groups, escapes, paragraph ends both ways, lists, tables,
    /// footnotes, links, pictures, unknown destinations, line breaks, and
    /// now and then a brace too many or too few.
    private static let pieces: [String] = [
        "word ", "other words ", "\\b ", "\\b0 ", "\\i ", "\\i0 ", "{\\i grouped} ", "{", "}", "\\par\n", "\\par ", "\\\n",
        "\\pard ", "\\qc ", "\\ql ", "\\li720 ", "\\fi-360 ", "\\sa120 ", "\\f0 ", "\\f1 ", "\\fs36 ", "\\cf1 ", "\\cf2 ", "\\plain ",
        "\\u12354?", "\\u-10179?\\u-8704?", "\\'e9", "\\'82\\'a0", "\\ul ", "\\ulnone ", "\\strike ", "\\super ", "\\nosupersub ",
        "\\ls1\\ilvl0 {\\listtext 1.\\tab}item\\par\n", "\\trowd\\cellx2000\\cellx4000 \\intbl a\\cell b\\cell\\row\n",
        "{\\footnote \\chftn note}", "{\\field{\\*\\fldinst HYPERLINK \"https://example.com\"}{\\fldrslt link}}",
        "{\\pict\\pngblip\\picw10\\pich10 89504e470d0a1a0a}", "{\\*\\unknowndest skipped}", "\\line ", "\\tab ", "\n", "\r\n",
        "\\uc0 ", "\\uc1 ", "\\v hidden\\v0 ", "\\caps ", "\\caps0 ", "\\'", "\\", "\\bin3 abc", "\\pntext", "{\\pntext a.}",
    ]

    /// As the daemon reads: the documents hold text in a code page the core does not convert itself.
    private let converters = RTFTestSupport.converters

    private static let header =
        "{\\rtf1\\ansi\\ansicpg1252\\cocoartf2709\n{\\fonttbl\\f0\\fswiss Helvetica;\\f1\\fnil\\fcharset128 HiraginoSans-W3;}\n"
        + "{\\colortbl;\\red255\\green0\\blue0;\\red0\\green0\\blue255;}\n"
        + "{\\*\\listtable{\\list\\listtemplateid1{\\listlevel\\levelnfc0\\levelstartat1{\\leveltext\\'02\\'00.;}}\\listid1}}\n"
        + "{\\*\\listoverridetable{\\listoverride\\listid1\\listoverridecount0\\ls1}}\n{\\info{\\title A title}}\n\\pard\\f0\\fs24 "

    private func document(_ random: inout SeededRandom, pieces count: Int) -> [UInt8] {
        var body = ""
        for _ in 0..<count {
            body += Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &random)]
            if Int.random(in: 0..<4, using: &random) == 0 { body += "\\par\n" }
        }
        return Array((Self.header + body + "}").utf8)
    }

    private func edited(_ bytes: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
        var bytes = bytes
        let start = Int.random(in: 0...bytes.count, using: &random)
        let removed = min(bytes.count - start, Int.random(in: 0...12, using: &random))
        var inserted: [UInt8] = []
        switch Int.random(in: 0..<3, using: &random) {
        case 0: inserted = Array(Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &random)].utf8)
        case 1:
            let alphabet = Array("ab {}\\\n'0".utf8)
            inserted = (0..<Int.random(in: 0...6, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
        default: break
        }
        bytes.replaceSubrange(start..<(start + removed), with: inserted)
        return bytes
    }

    /// Asserts that rereading equals reading whole; returns the reread.
    private func reread(
        _ bytes: [UInt8], after previous: RTFReading, spacing: Int, context: String,
        file: StaticString = #filePath, line: UInt = #line
    ) -> RTFReading {
        let incremental = RTFReader.reread(bytes, after: previous, path: "edited.rtf", converters: converters)
        let whole = RTFReader.reading(of: bytes, path: "edited.rtf", converters: converters, checkpointSpacing: spacing)
        XCTAssertEqual(incremental.document, whole.document, context, file: file, line: line)
        XCTAssertEqual(incremental.diagnostics, whole.diagnostics, context, file: file, line: line)
        if incremental.diagnostics != whole.diagnostics || incremental.document != whole.document {
            let old = previous.bytes ?? []
            let (p, s) = ByteEdit.commonEnds(old, bytes)
            print("edit at", p, "oldEnd", old.count - s, "newEnd", bytes.count - s, "read", incremental.bytesRead, "count", bytes.count)
            print("checkpoints", previous.checkpoints.map(\.offset))
            print("previous", String(decoding: old[max(0, p - 60)..<min(old.count, old.count - s + 20)], as: UTF8.self).debugDescription)
            print(
                "edited", String(decoding: bytes[max(0, p - 60)..<min(bytes.count, bytes.count - s + 20)], as: UTF8.self).debugDescription)
        }
        XCTAssertEqual(incremental.canBeResumed, whole.canBeResumed, context, file: file, line: line)
        let plain = RTFReader.read(bytes, path: "edited.rtf", converters: converters)
        XCTAssertEqual(whole.document, plain.document, context, file: file, line: line)
        XCTAssertEqual(whole.diagnostics, plain.diagnostics, context, file: file, line: line)
        return incremental
    }

    func testRandomEditSequencesReadAsTheWholeFileReads() {
        var resumedInPart = 0
        for seed in 0..<1_000 {
            var random = SeededRandom(seed: UInt64(seed))
            var bytes = document(&random, pieces: Int.random(in: 5...120, using: &random))
            let spacing = [1, 16, 64, 512][seed % 4]
            var reading = RTFReader.reading(of: bytes, path: "edited.rtf", converters: converters, checkpointSpacing: spacing)
            for step in 0..<10 {
                bytes = edited(bytes, &random)
                reading = reread(bytes, after: reading, spacing: spacing, context: "seed \(seed), edit \(step)")
                if reading.bytesRead < bytes.count { resumedInPart += 1 }
                if testRun?.failureCount ?? 0 > 0 { return }
            }
        }
        // Random edits often leave a brace open or a footnote early, which is
        // read whole; a test that rarely resumed would prove little.
        XCTAssertGreaterThan(resumedInPart, 2_000)
    }

    /// The edits told to the reader, as an editor's are, two at a time as
    /// one: a reading kept without its bytes reads on as the whole file reads,
    /// and without the edit it reads whole (it has nothing to compare).
    func testToldEditsReadAsTheWholeFileReadsWithoutThePreviousBytes() {
        var resumedInPart = 0
        for seed in 0..<300 {
            var random = SeededRandom(seed: UInt64(seed) + 10_000)
            var bytes = document(&random, pieces: Int.random(in: 5...120, using: &random))
            let spacing = [1, 16, 64, 512][seed % 4]
            var reading = RTFReader.reading(of: bytes, path: "edited.rtf", checkpointSpacing: spacing).withoutSource
            var sent: SourceEdit?
            for step in 0..<10 {
                let previous = bytes
                bytes = edited(bytes, &random)
                let edit = SourceEdit(from: previous, to: bytes)
                sent = sent.map { $0.followed(by: edit) } ?? edit
                if step % 2 == 0 { continue }
                let incremental = RTFReader.reread(bytes, after: reading, edit: sent, path: "edited.rtf")
                let whole = RTFReader.reading(of: bytes, path: "edited.rtf", checkpointSpacing: spacing)
                XCTAssertEqual(incremental.document, whole.document, "seed \(seed), edit \(step)")
                XCTAssertEqual(incremental.diagnostics, whole.diagnostics, "seed \(seed), edit \(step)")
                if incremental.bytesRead < bytes.count { resumedInPart += 1 }
                if reading.canBeResumed {
                    XCTAssertEqual(RTFReader.reread(bytes, after: reading, path: "edited.rtf").bytesRead, bytes.count)
                }
                if testRun?.failureCount ?? 0 > 0 { return }
                reading = incremental.withoutSource
                sent = nil
            }
        }
        XCTAssertGreaterThan(resumedInPart, 150, "a test that rarely resumed would prove little")
    }

    func testEditsOfRealDocumentsReadAsTheWholeFileReads() throws {
        let folder = try SharedCorpus.require("rtf")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        XCTAssertTrue(names.contains { $0.hasSuffix(".rtf") }, "no RTF in \(folder.path)")
        var random = SeededRandom(seed: 7)
        for name in names.sorted() where name.hasSuffix(".rtf") {
            var bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            var reading = RTFReader.reading(of: bytes, path: "edited.rtf", converters: converters, checkpointSpacing: 32)
            for step in 0..<40 {
                bytes = edited(bytes, &random)
                reading = reread(bytes, after: reading, spacing: 32, context: "\(name), edit \(step)")
                if testRun?.failureCount ?? 0 > 0 { return }
            }
        }
    }

    /// 2,000 styled paragraphs on lines of their own, as Cocoa writes them.
    private func longDocument(lineBreaks: Bool = true) -> [UInt8] {
        var body = ""
        for index in 0..<2_000 {
            body += "\\f0\\b Section \(index)\\b0  \\i emphasis\\i0  plain text \\u12467?\\u12460? \\\(lineBreaks ? "\n" : "par ")"
        }
        return Array((Self.header + body + "}").utf8)
    }

    private func replacing(_ old: String, with new: String, in bytes: [UInt8]) -> [UInt8] {
        Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: old, with: new).utf8)
    }

    func testAWordEditedInALongDocumentIsReadAroundTheEditOnly() {
        let original = longDocument()
        let reading = RTFReader.reading(of: original, path: "long.rtf", converters: converters)
        let edited = replacing("Section 1000\\b0", with: "Chapter 1000\\b0", in: original)
        let reread = reread(edited, after: reading, spacing: RTFReader.checkpointSpacing, context: "word")
        XCTAssertLessThanOrEqual(reread.bytesRead, 3 * RTFReader.checkpointSpacing)
        XCTAssertGreaterThan(reread.bytesRead, 0)
        // Reading on from there is reading the next version in part too.
        let again = self.reread(original, after: reread, spacing: RTFReader.checkpointSpacing, context: "back")
        XCTAssertLessThanOrEqual(again.bytesRead, 3 * RTFReader.checkpointSpacing)
    }

    func testAParagraphAddedAtTheTopMovesTheRestWithoutReadingIt() {
        let original = longDocument()
        let reading = RTFReader.reading(of: original, path: "long.rtf", converters: converters)
        let edited = replacing("\\f0\\b Section 0\\b0", with: "A new first paragraph\\\n\\f0\\b Section 0\\b0", in: original)
        let reread = reread(edited, after: reading, spacing: RTFReader.checkpointSpacing, context: "added")
        XCTAssertLessThanOrEqual(reread.bytesRead, 3 * RTFReader.checkpointSpacing)
        XCTAssertEqual(reread.document.blocks.count, reading.document.blocks.count + 1)
        XCTAssertEqual(reread.document.blocks.last?.location.line, (reading.document.blocks.last?.location.line ?? 0) + 1)
    }

    func testAnEditOnTheLineOfLaterParagraphsMovesTheirColumns() {
        // One line holds every paragraph: an edit moves the columns of all after it.
        let original = longDocument(lineBreaks: false)
        let reading = RTFReader.reading(of: original, path: "long.rtf", converters: converters)
        let edited = replacing("Section 1500\\b0", with: "Section fifteen hundred\\b0", in: original)
        let reread = reread(edited, after: reading, spacing: RTFReader.checkpointSpacing, context: "one line")
        XCTAssertLessThanOrEqual(reread.bytesRead, 3 * RTFReader.checkpointSpacing)
        XCTAssertEqual(
            reread.document.blocks.last?.location.column,
            (reading.document.blocks.last?.location.column ?? 0) + "fifteen hundred".utf8.count - "1500".utf8.count)
    }
}
