import XCTest

@testable import GalleyCore

/// Reading an edited data file again from the previous reading must give
/// exactly what a fresh read gives, while reading only the edited item.
final class DataFileRereadTests: XCTestCase {
    private let reader = DataFileReader(schema: .seed, path: "Resources/speciesData.json")

    /// `text` read whole, then with `target` replaced by `replacement`, read again from that reading.
    private func edit(_ text: String, _ target: String, _ replacement: String) throws -> (
        before: DataFileSnapshot, edited: [UInt8], after: DataFileSnapshot
    ) {
        let before = reader.snapshot(of: Array(text.utf8))
        let range = try XCTUnwrap(text.range(of: target))
        let edited = Array(text.replacingCharacters(in: range, with: replacement).utf8)
        return (before, edited, reader.reread(edited, after: before))
    }

    func testAWordTypedInOneItemRereadsThatItemAlone() throws {
        let (_, edited, after) = try edit(
            DataFileTexts.pretty(items: 50, seed: 1), "Paragraph 3 of item 20", "Paragraph 3 of the edited item 20")
        XCTAssertEqual(after.reading, reader.snapshot(of: edited).reading)
        XCTAssertGreaterThan(after.bytesRead, 0)
        XCTAssertLessThan(after.bytesRead * 20, edited.count, "more than the edited item was read")
        XCTAssertEqual(reader.reread(edited, after: after).bytesRead, 0, "the same bytes again need no reading")
        guard case .items(let items, _) = after.reading else { return XCTFail("not items") }
        let item20 = try XCTUnwrap(items.firstIndex { $0.document.title == "Item 20" })
        XCTAssertEqual(after.changedItems, [item20], "the reader did not say which item changed")
        XCTAssertEqual(reader.reread(edited, after: after).changedItems, [], "the same bytes again change nothing")
        XCTAssertNil(reader.snapshot(of: edited).changedItems, "a reading of the whole file compared with nothing")
    }

    func testATitleTypedIntoReadsThatTitleAlone() throws {
        let text = DataFileTexts.pretty(items: 50, seed: 1)
        let stringsRead = WorkCounter()
        let counted = DataFileReader(schema: .seed, path: reader.path, stringsRead: stringsRead)
        let before = counted.snapshot(of: Array(text.utf8))
        let classifiedWhole = stringsRead.steps
        let edited = Array(text.replacingOccurrences(of: "\"Item 20\"", with: "\"Item 20 edited\"").utf8)
        let after = counted.reread(edited, after: before)
        XCTAssertEqual(after.reading, reader.snapshot(of: edited).reading)
        XCTAssertEqual(after.bytesRead, "\"Item 20 edited\"".utf8.count, "more than the title was parsed")
        XCTAssertEqual(stringsRead.steps, classifiedWhole, "the item's strings were classified again")
        guard case .items(let items, _) = after.reading, case .items(let earlier, _) = before.reading else { return XCTFail("not items") }
        let item20 = try XCTUnwrap(items.firstIndex { $0.document.title == "Item 20 edited" })
        XCTAssertEqual(after.changedItems, [item20])
        XCTAssertEqual(UnchangedBlocks(earlier: earlier[item20].document.blocks, blocks: items[item20].document.blocks).changed, 5..<5)

        // A member the seed does not read changes nothing.
        let family = Array(text.replacingOccurrences(of: "\"Family 20\"", with: "\"Family 20 edited\"").utf8)
        let unread = counted.reread(family, after: before)
        XCTAssertEqual(unread.reading, reader.snapshot(of: family).reading)
        XCTAssertEqual(unread.changedItems, [])
    }

    /// The format takes over the documents of the items a reread did not
    /// change: its readings of edited versions are those of whole readings.
    func testTheFormatsReadingsOfEditedVersionsAreThoseOfWholeReadings() {
        var random = SeededRandom(seed: 0xD0C5)
        let file = ContentFile(file: reader.path, format: DataFileFormat())
        let context = ReadingContext()
        var bytes = Array(DataFileTexts.pretty(items: 8, seed: 3).utf8)
        let valid = bytes
        var snapshot = file.read(bytes, in: context, after: nil)
        var inPart = 0
        for step in 0..<300 {
            bytes = DataFileTexts.randomEdit(of: bytes, valid: valid, using: &random)
            snapshot = file.read(bytes, in: context, after: snapshot)
            if snapshot.changedDocuments != nil { inPart += 1 }
            guard snapshot.reading == file.read(bytes, in: context) else {
                return XCTFail("step \(step): the reading differs from a whole one for\n" + String(decoding: bytes, as: UTF8.self))
            }
        }
        XCTAssertGreaterThan(inPart, 40, "only \(inPart) of 300 readings were made in part")
    }

    func testALineAddedInOneItemMovesTheItemsAfterIt() throws {
        let (before, edited, after) = try edit(
            DataFileTexts.pretty(items: 10, seed: 2), "\"Paragraph 1 of item 4", "\"New paragraph\",\n      \"Paragraph 1 of item 4")
        XCTAssertLessThan(after.bytesRead * 5, edited.count)
        XCTAssertEqual(after.reading, reader.snapshot(of: edited).reading)
        guard case .items(let oldItems, _) = before.reading, case .items(let newItems, _) = after.reading else {
            return XCTFail("not items")
        }
        XCTAssertEqual(newItems[7].document.blocks[0].location.line, oldItems[7].document.blocks[0].location.line + 1)
    }

    /// Thousands of random edit sequences (typing, deleting, breaking and
    /// mending the JSON, new lines, whole items): after every edit the
    /// incremental reading equals a fresh one, documents, blocks,
    /// locations and diagnostics alike.
    func testRandomEditSequencesReadAsAFreshParse() {
        var random = SeededRandom(seed: 0x6A11E7)
        var edits = 0
        var partial = 0
        // Edits read as one string: at most one string classified again.
        let classified = WorkCounter()
        var inOneString = 0
        // Rereads that said which items changed: each item they call unchanged must be.
        var saidWhatChanged = 0
        var sent = 0
        var knownInPart = 0
        // Every third sequence read with a schema whose bar title and header fields are items' members.
        var fielded = ContentSchema.seed
        fielded.navigationTitle = NavigationTitle(key: "family", displayMode: .large)
        fielded.headerFields = [
            HeaderField(key: "binomen", kind: HeaderField.kind(forKey: "binomen", role: .text, style: KindStyle())),
            HeaderField(key: "imageName", kind: HeaderField.kind(forKey: "imageName", role: .image, style: KindStyle())),
        ]
        for sequence in 0..<400 {
            let reader = sequence % 3 == 1 ? DataFileReader(schema: fielded, path: reader.path) : reader
            let counted = DataFileReader(schema: reader.schema, path: reader.path, stringsRead: classified)
            let layout = sequence % 3
            var bytes = Array(
                (layout == 2
                    ? DataFileTexts.wrapped(items: 6, seed: UInt64(sequence))
                    : DataFileTexts.pretty(items: 6, seed: UInt64(sequence))).utf8)
            var snapshot = reader.snapshot(of: bytes)
            // The same edits told to the reader, as an editor's are, after a
            // reading kept without its bytes: one at a time, or two as one.
            let knownAtOnce = sequence % 2 == 0 ? 2 : 1
            var withoutBytes = snapshot.withoutSource
            var edit: SourceEdit?
            let valid = bytes
            for step in 0..<8 {
                let previous = bytes
                bytes = DataFileTexts.randomEdit(of: bytes, valid: valid, using: &random)
                let next = SourceEdit(from: previous, to: bytes)
                edit = edit.map { $0.followed(by: next) } ?? next
                let before = classified.steps
                let incremental = counted.reread(bytes, after: snapshot)
                let fresh = reader.snapshot(of: bytes)
                edits += 1
                if incremental.bytesRead < bytes.count { partial += 1 }
                if incremental.bytesRead > 0, classified.steps - before <= 1 { inOneString += 1 }
                guard incremental.reading == fresh.reading else {
                    return XCTFail(
                        "sequence \(sequence): the incremental reading differs from a fresh one "
                            + "for\n\(String(decoding: bytes, as: UTF8.self))"
                    )
                }
                if let changed = incremental.changedItems, case .items(let old, let oldFile) = snapshot.reading,
                    case .items(let new, let newFile) = incremental.reading
                {
                    saidWhatChanged += 1
                    let unchanged = new.indices.filter { !changed.contains($0) }
                    let allSame = old.count == new.count && unchanged.allSatisfy { old[$0] == new[$0] }
                    guard allSame, unchanged.isEmpty || oldFile == newFile else {
                        return XCTFail(
                            "sequence \(sequence): an item said to be unchanged changed in\n"
                                + String(decoding: bytes, as: UTF8.self))
                    }
                }
                snapshot = incremental
                if step % knownAtOnce == knownAtOnce - 1 {
                    let knownReading = reader.reread(bytes, after: withoutBytes, edit: edit)
                    guard knownReading.reading == fresh.reading else {
                        return XCTFail(
                            "sequence \(sequence): the told edit's reading differs from a fresh one for\n"
                                + String(decoding: bytes, as: UTF8.self))
                    }
                    sent += 1
                    if knownReading.bytesRead < bytes.count { knownInPart += 1 }
                    withoutBytes = knownReading.withoutSource
                    edit = nil
                }
            }
        }
        XCTAssertEqual(edits, 3200)
        XCTAssertEqual(sent, 2400)
        XCTAssertGreaterThan(knownInPart, sent / 10, "only \(knownInPart) of \(sent) told edits were read in part")

        // Not vacuous: most edits took the incremental path.
        // (Edits that break the JSON are read whole until it is mended.)
        XCTAssertGreaterThan(partial, edits / 5, "only \(partial) of \(edits) edits were read in part")
        XCTAssertGreaterThan(inOneString, edits / 20, "only \(inOneString) of \(edits) edits classified one string alone")
        XCTAssertGreaterThan(saidWhatChanged, edits / 5, "only \(saidWhatChanged) of \(edits) rereads said which items changed")
    }
}

/// Data files and edits for the tests above.
enum DataFileTexts {
    static func item(_ index: Int, seed: UInt64) -> String {
        let words = [
            "ペンギン", "heron", "<image>0\(index % 3)</image>", "<caption>Photo \(seed)</caption>", "<imgae>1</imgae>",
            "tab\\tand \\\"quote\\\"", "\\u00e9t\\u00e9",
        ]
        let text = (0..<5).map { p in "\"Paragraph \(p) of item \(index): \(words[(p + index + Int(seed % 7)) % words.count])\"" }
        // Members the seed does not read, or that a later one of the same key replaces.
        let unread = index % 4 == 3 ? "    \"name\": \"Old name \(index)\",\n" : "    \"binomen\": \"Genus \(index)\",\n"
        return "  {\n" + unread + "    \"name\": \"Item \(index)\",\n    \"imageName\": \"sugi\",\n    \"family\": \"Family \(index)\",\n"
            + "    \"detailText\": [\n      " + text.joined(separator: ",\n      ") + "\n    ]\n  }"
    }

    /// A top-level array of items, one member per line; one element is not an object.
    static func pretty(items: Int, seed: UInt64) -> String {
        var elements = (0..<items).map { item($0, seed: seed) }
        if items > 3 { elements.insert("  \"not an item\"", at: 2) }
        return "[\n" + elements.joined(separator: ",\n") + "\n]\n"
    }

    /// The items in an object's member, after another member.
    static func wrapped(items: Int, seed: UInt64) -> String {
        "{\n  \"version\": 2,\n  \"species\": " + pretty(items: items, seed: seed) + "}\n"
    }

    static func randomEdit(of bytes: [UInt8], valid: [UInt8], using random: inout SeededRandom) -> [UInt8] {
        var bytes = bytes
        let pieces = [
            "x", "ペ", " word", "\\\"", "\\n", "\n", "\n      ", "\r", "\r\n  ", "\"", ",", "}", "{", "]", "\\u00", "<caption>c</caption>",
            "\"a\": 1, ",
        ]
        switch random.next() % 10 {
        case 0...4:
            // Typing inside a string (after a quote), most of what authors do.
            let quotes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\"") }
            guard let quote = quotes.randomElement(using: &random) else { return valid }
            let at = min(bytes.count, quote + 1 + Int(random.next() % 6))
            let piece =
                random.next() % 4 == 0 ? pieces.randomElement(using: &random)! : ["a", "ず", " ", "e"].randomElement(using: &random)!
            bytes.insert(contentsOf: Array(piece.utf8), at: at)
        case 5, 6:
            let at = Int(random.next() % UInt64(max(1, bytes.count)))
            let length = min(bytes.count - at, Int(random.next() % 4))
            bytes.removeSubrange(at..<(at + length))
        case 7:
            let at = Int(random.next() % UInt64(bytes.count + 1))
            bytes.insert(contentsOf: Array(pieces.randomElement(using: &random)!.utf8), at: at)
        case 8:
            // A whole item copied after another one.
            let text = String(decoding: bytes, as: UTF8.self)
            guard let end = text.range(of: "\n  }", options: .backwards) else { return valid }
            bytes = Array(
                (String(text[..<end.upperBound]) + ",\n" + item(9, seed: random.next() % 5) + String(text[end.upperBound...])).utf8)
        default:
            return valid
        }
        return bytes
    }
}
