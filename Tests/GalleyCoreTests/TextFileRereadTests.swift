import XCTest

@testable import GalleyCore

/// Reading an edited text file again from the previous reading must give
/// exactly what a fresh read gives, while splitting only the lines the edit
/// touched.
final class TextFileRereadTests: XCTestCase {
    private let reader = TextFileReader(schema: .seed, path: "Drafts/draft.txt")

    /// The draft of issue 45's outside client: 295 plain lines.
    private let draft = (0..<295).map { "Line \($0) of a draft written in a plain editor, long enough to wrap.\n" }.joined()

    private func assertSameReading(_ incremental: TextFileSnapshot, _ bytes: [UInt8], _ message: @autoclosure () -> String = "") {
        let fresh = reader.snapshot(of: bytes)
        XCTAssertEqual(incremental.document, fresh.document, message())
        XCTAssertEqual(incremental.diagnostics, fresh.diagnostics, message())
        XCTAssertEqual(incremental.lines.starts, fresh.lines.starts, message())
        XCTAssertEqual(incremental.lines.bracketed, fresh.lines.bracketed, message())
    }

    func testAWordTypedOnOneLineSplitsThatLineAlone() {
        let before = reader.snapshot(of: Array(draft.utf8))
        let edited = Array(draft.replacingOccurrences(of: "Line 120 of", with: "Line 120 x of").utf8)
        let linesRead = WorkCounter()
        let counted = TextFileReader(schema: .seed, path: reader.path, linesRead: linesRead)
        let after = counted.reread(edited, after: before)
        assertSameReading(after, edited)
        XCTAssertEqual(linesRead.steps, 1, "lines the edit did not touch were split again")
        XCTAssertEqual(after.changed, true)
        XCTAssertLessThan(after.bytesRead, 100)
        // The paragraphs of the other lines are the very same values: rendering tells them unchanged at once.
        let unchanged = UnchangedBlocks(earlier: before.document.blocks, blocks: after.document.blocks)
        XCTAssertEqual(unchanged.changed, 120..<121)
        XCTAssertEqual(counted.reread(edited, after: after).changed, false, "the same bytes again change nothing")
        XCTAssertNil(reader.snapshot(of: edited).changed, "a reading of the whole file compared with nothing")
    }

    func testALineAddedMovesTheLinesAfterIt() throws {
        let before = reader.snapshot(of: Array(draft.utf8))
        let edited = Array(draft.replacingOccurrences(of: "Line 10 of", with: "New line\n\nLine 10 of").utf8)
        let linesRead = WorkCounter()
        let after = TextFileReader(schema: .seed, path: reader.path, linesRead: linesRead).reread(edited, after: before)
        assertSameReading(after, edited)
        XCTAssertEqual(linesRead.steps, 3)
        XCTAssertEqual(after.document.blocks[200].location.line, before.document.blocks[199].location.line + 2)
    }

    func testAnEditToldWithoutTheBytesReadsAsTheWholeText() {
        let before = reader.snapshot(of: Array(draft.utf8)).withoutSource
        let old = Array(draft.utf8)
        let range = 300..<305
        var edited = old
        edited.replaceSubrange(range, with: Array("a\nb<image>01</image>\n".utf8))
        let after = reader.reread(
            edited, after: before, edit: SourceEdit(replacing: range, of: old, with: Array("a\nb<image>01</image>\n".utf8)))
        assertSameReading(after, edited)
        XCTAssertLessThan(after.bytesRead, 200)
        XCTAssertEqual(after.lines.bracketed, 1)
    }

    /// Thousands of random edits (typing, deleting, line breaks in every
    /// form, tags typed and broken, a byte order mark): after every edit the
    /// incremental reading equals a fresh one, blocks, locations and
    /// diagnostics alike, whether the edit is found or told.
    func testRandomEditSequencesReadAsAFreshRead() {
        var random = SeededRandom(seed: 0x7E47)
        let pieces = [
            "x", "ペ", " word", "\n", "\r\n", "\r", "\n\n", "  ", "\t", "<", ">", "<image>01</image>", "<caption>c</caption>",
            "<imgae>1</imgae>", "</caption>", "\u{301}", "＜image＞02＜／image＞",
        ]
        let starts: [String] = [
            String(draft.prefix(2_000)), "<image>01</image>\n<caption>Penguins</caption>\nBody\n\n<imgae>2</imgae>\n",
            "\u{FEFF}café\r\nsecond\r\n\r\nthird", "",
        ]
        var edits = 0
        var partial = 0
        var unchangedSaid = 0
        for sequence in 0..<300 {
            var bytes = Array(starts[sequence % starts.count].utf8)
            var snapshot = reader.snapshot(of: bytes)
            var told = snapshot.withoutSource
            for _ in 0..<10 {
                let previous = bytes
                let at = Int(random.next() % UInt64(bytes.count + 1))
                switch random.next() % 3 {
                case 0:
                    let length = min(bytes.count - at, Int(random.next() % 6))
                    bytes.removeSubrange(at..<(at + length))
                default:
                    bytes.insert(contentsOf: Array(pieces[Int(random.next() % UInt64(pieces.count))].utf8), at: at)
                }
                let incremental = reader.reread(bytes, after: snapshot)
                let fresh = reader.snapshot(of: bytes)
                edits += 1
                if incremental.bytesRead < bytes.count { partial += 1 }
                guard incremental.document == fresh.document, incremental.diagnostics == fresh.diagnostics,
                    incremental.lines.starts == fresh.lines.starts
                else {
                    let blocks = zip(incremental.document.blocks, fresh.document.blocks).first { $0.0 != $0.1 }.map { "\($0)" } ?? "-"
                    return XCTFail(
                        "sequence \(sequence): the reread differs from a fresh read (first block apart: \(blocks); "
                            + "\(incremental.document.blocks.count) \(fresh.document.blocks.count) \(incremental.document.kind) "
                            + "\(fresh.document.kind) \(incremental.diagnostics.count) \(fresh.diagnostics.count) "
                            + "\(incremental.lines.starts.suffix(3)) \(fresh.lines.starts.suffix(3))) for\n"
                            + String(decoding: bytes, as: UTF8.self))
                }
                if incremental.changed == false {
                    unchangedSaid += 1
                    XCTAssertEqual(
                        snapshot.document, fresh.document, "said unchanged, but changed: \(String(decoding: bytes, as: UTF8.self))")
                    XCTAssertEqual(
                        snapshot.diagnostics, fresh.diagnostics, "said unchanged, but changed: \(String(decoding: bytes, as: UTF8.self))")
                }
                snapshot = incremental
                let knownReading = reader.reread(bytes, after: told, edit: SourceEdit(from: previous, to: bytes))
                guard knownReading.document == fresh.document, knownReading.diagnostics == fresh.diagnostics else {
                    return XCTFail(
                        "sequence \(sequence): the told edit's reading differs from a fresh read for\n"
                            + String(decoding: bytes, as: UTF8.self))
                }
                told = knownReading.withoutSource
            }
        }
        XCTAssertEqual(edits, 3000)
        XCTAssertGreaterThan(partial, edits / 2, "only \(partial) of \(edits) edits were read in part")
        XCTAssertGreaterThan(unchangedSaid, 10, "no edit was found to change nothing (trailing blanks, blank lines' blanks)")
    }
}
