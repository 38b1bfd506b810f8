import GalleyTestSupport
import XCTest

@testable import GalleyCore

/// The fixtures in `Golden/plist/` were written by Python's `plistlib` from
/// the bundled example's `speciesData.json` (and, for `wrapped`, from that
/// data inside a dictionary with every other value type).
final class PropertyListReaderTests: XCTestCase {
    private func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: GoldenFile.folder.appendingPathComponent("plist/" + name)))
    }

    private func example() throws -> [UInt8] {
        let url = GoldenFile.folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/Example/Resources/speciesData.json")
        return Array(try Data(contentsOf: url))
    }

    /// The tree without positions, to compare what two syntaxes hold.
    private func shape(_ node: JSONNode) -> JSONNode {
        switch node.value {
        case .array(let elements): JSONNode(.array(elements.map(shape)), offset: 0)
        case .object(let members):
            JSONNode(
                .object(members.sorted { $0.key < $1.key }.map { JSONMember(key: $0.key, keyOffset: 0, value: shape($0.value)) }), offset: 0
            )
        default: JSONNode(node.value, offset: 0)
        }
    }

    private func tree(_ result: Result<JSONNode, JSONSyntaxError>, file: StaticString = #filePath, line: UInt = #line) throws -> JSONNode {
        switch result {
        case .success(let node): return node
        case .failure(let error):
            XCTFail("\(error.offset): \(error.message)", file: file, line: line)
            throw error
        }
    }

    func testBothFormsHoldWhatTheJSONHolds() throws {
        let json = shape(try tree(JSONReader.parse(try example())))
        XCTAssertEqual(shape(try tree(PropertyListReader.parse(try fixture("speciesData.xml.plist")))), json)
        XCTAssertEqual(shape(try tree(PropertyListReader.parse(try fixture("speciesData.binary.plist")))), json)
    }

    func testEveryValueType() throws {
        for name in ["wrapped.xml.plist", "wrapped.binary.plist"] {
            let root = try tree(PropertyListReader.parse(try fixture(name)))
            func value(_ key: String) -> JSONValue? { root.member(key)?.value.value }
            XCTAssertEqual(value("version"), .number(3), name)
            XCTAssertEqual(value("count"), .number(-7), name)
            XCTAssertEqual(value("ratio"), .number(0.5), name)
            XCTAssertEqual(value("published"), .bool(true), name)
            XCTAssertEqual(value("draft"), .bool(false), name)
            XCTAssertEqual(value("thumbnail"), .string("AAEC"), name)
            XCTAssertEqual(value("updated"), .string("2020-05-01T12:00:00Z"), name)
        }
    }

    func testDataFilesReadTheSameDocumentsFromEverySyntax() throws {
        let schema = ContentSchema.seed
        guard case .items(let fromJSON, _) = DataFileReader(schema: schema, path: "a.json").read(try example()) else {
            return XCTFail("the example is not read as items")
        }
        for name in ["speciesData.xml.plist", "speciesData.binary.plist"] {
            guard
                case .items(let items, let fileDiagnostics) = DataFileReader(
                    schema: schema, path: RelativePath(rawValue: name), syntax: .propertyList
                ).read(try fixture(name))
            else {
                return XCTFail("\(name) is not read as items")
            }
            XCTAssertEqual(fileDiagnostics, [])
            XCTAssertEqual(items.map(\.document.title), fromJSON.map(\.document.title))
            XCTAssertEqual(items.map { $0.document.blocks.map(\.content) }, fromJSON.map { $0.document.blocks.map(\.content) })
            XCTAssertEqual(items.map { $0.document.blocks.map(\.kind) }, fromJSON.map { $0.document.blocks.map(\.kind) })
        }
    }

    func testXMLBlocksKnowTheirLineAndBinaryBlocksTheirOffset() throws {
        let xml = try fixture("speciesData.xml.plist")
        guard case .items(let items, _) = DataFileReader(schema: .seed, path: "s.plist", syntax: .propertyList).read(xml) else {
            return XCTFail("not items")
        }
        let lines = String(decoding: xml, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for block in items[0].document.blocks {
            let line = lines[block.location.line - 1]
            let column = line.unicodeScalars.index(line.unicodeScalars.startIndex, offsetBy: block.location.column - 1)
            XCTAssertTrue(String(line.unicodeScalars[column...]).hasPrefix("<string>"), "\(block.location): \(line)")
        }
        let binary = try fixture("speciesData.binary.plist")
        guard case .items(let binaryItems, _) = DataFileReader(schema: .seed, path: "s.plist", syntax: .propertyList).read(binary) else {
            return XCTFail("not items")
        }
        for block in binaryItems[0].document.blocks {
            XCTAssertEqual(block.location.line, 1)
            // A string object's marker byte: ASCII (0x5_) or UTF-16 (0x6_).
            XCTAssertTrue([0x5, 0x6].contains(binary[block.location.column - 1] >> 4), "\(block.location)")
        }
    }

    func testNonContentPropertyListsAreQuietlyIgnored() {
        let info = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
              <key>CFBundleName</key><string>Species</string>
              <key>UIAppFonts</key><array><string>Fonts/Brand.ttf</string></array>
            </dict></plist>
            """
        guard case .notContent = DataFileReader(schema: .seed, path: "Info.plist", syntax: .propertyList).read(Array(info.utf8)) else {
            return XCTFail("Info.plist read as content")
        }
    }

    func testXMLSyntaxErrorsPointAtTheirLineAndColumn() {
        let cases: [(source: String, line: Int, column: Int, message: String)] = [
            ("<plist><array>\n  <string>a</strin>\n</array></plist>", 2, 12, "expected </string> to close <string>, found </strin>"),
            ("<plist><array>\n  <strng>a</strng>\n</array></plist>", 2, 3, "unknown element <strng>"),
            ("<plist><dict>\n  <string>a</string>\n</dict></plist>", 2, 3, "expected <key> in <dict>, found <string>"),
            ("<plist><dict><key>a</key>\n</dict></plist>", 2, 1, "<key>a</key> has no value before </dict>"),
            ("<plist><array>\n  <string>a &amp b</string></array></plist>", 2, 13, "'&' starts no entity reference"),
            ("<plist><array>\n  <integer>12x</integer></array></plist>", 2, 3, "'12x' is not an integer"),
            ("<plist><array>\n  <string>open", 2, 3, "unclosed <string>"),
            ("<plist>\n<array>", 2, 1, "unexpected end of file inside <array>"),
            ("<plist><array/></plist>\ntrailing", 2, 1, "unexpected text after the property list"),
            ("", 1, 1, "empty property list"),
        ]
        for entry in cases {
            guard case .failure(let error) = PropertyListReader.parse(Array(entry.source.utf8)) else {
                XCTFail("accepted: \(entry.source)")
                continue
            }
            let location = SourceLocator(Array(entry.source.utf8)).location(ofOffset: error.offset)
            XCTAssertEqual(location, SourceLocation(line: entry.line, column: entry.column), "\(entry.source): \(error.message)")
            XCTAssertTrue(error.message.hasPrefix(entry.message), "\(error.message) for \(entry.source)")
        }
    }

    func testXMLTextForms() throws {
        let source = """
            <?xml version="1.0"?>
            <!-- a comment -->
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "x">
            <plist version="1.0"><array>
              <string/><string>&lt;image&gt;02&lt;/image&gt;</string>
              <string><![CDATA[<caption>a & b</caption>]]></string>
              <string>&#x1F427; &#12371; <!-- skipped --> x</string>
              <integer>0x1F</integer><real>-2.5e1</real><true></true>
            </array></plist>
            """
        let root = try tree(PropertyListReader.parse(Array(source.utf8)))
        XCTAssertEqual(
            root.arrayValue?.map(\.value),
            [
                .string(""), .string("<image>02</image>"), .string("<caption>a & b</caption>"), .string("🐧 こ  x"),
                .number(31), .number(-25), .bool(true),
            ])
    }

    func testHostileBinaryListsAreRefusedNotFollowed() {
        func binary(objects: [[UInt8]], top: UInt8 = 0, referenceSize: UInt8 = 1) -> [UInt8] {
            var bytes = Array("bplist00".utf8)
            var offsets: [UInt8] = []
            for object in objects {
                offsets.append(UInt8(bytes.count))
                bytes += object
            }
            let table = bytes.count
            bytes += offsets
            bytes += [0, 0, 0, 0, 0, 0, 1, referenceSize]
            bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(objects.count)]
            bytes += [0, 0, 0, 0, 0, 0, 0, top]
            bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(table)]
            return bytes
        }
        let cases: [(String, [UInt8], String)] = [
            ("an array holding itself", binary(objects: [[0xA1, 0]]), "object 0 contains itself"),
            ("a reference past the objects", binary(objects: [[0xA1, 5]]), "a reference to object 5"),
            ("a string longer than the file", binary(objects: [[0x5F, 0x13, 0xFF, 0xFF, 0xFF, 0xFF]]), "a length of"),
            ("a top object that does not exist", binary(objects: [[0x08]], top: 3), "the trailer's object count"),
            ("a key that is not a string", binary(objects: [[0xD1, 1, 1], [0x10, 1]]), "a dictionary key is a number"),
            ("an unknown marker", binary(objects: [[0x70]]), "unknown object marker"),
            ("too short", Array("bplist00".utf8), "not a binary property list"),
        ]
        for (name, bytes, message) in cases {
            guard case .failure(let error) = PropertyListReader.parse(bytes) else {
                XCTFail("accepted \(name)")
                continue
            }
            XCTAssertTrue(error.message.hasPrefix(message), "\(name): \(error.message)")
        }
    }

    /// A binary property list of `objects`, each as encoded here (references
    /// two bytes wide), the first the top object.
    private func binaryList(_ objects: [[UInt8]]) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets += bigEndian(bytes.count, size: 4)
            bytes += object
        }
        let table = bytes.count
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 4, 2] + bigEndian(objects.count, size: 8) + bigEndian(0, size: 8) + bigEndian(table, size: 8)
        return bytes
    }

    private func bigEndian(_ value: Int, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// An array of the objects `references` names.
    private func array(_ references: [Int]) -> [UInt8] {
        [0xAF, 0x12] + bigEndian(references.count, size: 4) + references.flatMap { bigEndian($0, size: 2) }
    }

    /// An ASCII string of `length` letters.
    private func string(_ length: Int) -> [UInt8] {
        [0x5F, 0x12] + bigEndian(length, size: 4) + [UInt8](repeating: UInt8(ascii: "a"), count: length)
    }

    func testSharedObjectsThatExpandExponentiallyAreBounded() {
        // Object i is an array holding object i+1 twice: 2^40 values as a tree.
        let objects = (0..<40).map { array([$0 + 1, $0 + 1]) } + [[0x08]]
        guard case .failure(let error) = PropertyListReader.parse(binaryList(objects)) else { return XCTFail("expanded a bomb") }
        XCTAssertTrue(error.message.contains("more than \(PropertyListReader.maximumValues) values"), error.message)
    }

    func testAStringSharedByManyReferencesIsDecodedOnce() throws {
        let root = try tree(PropertyListReader.parse(binaryList([array(Array(repeating: 1, count: 100)), string(1_000)])))
        let elements = try XCTUnwrap(root.arrayValue)
        XCTAssertEqual(elements.count, 100)
        let storage = Set(elements.map { $0.stringValue?.utf8.withContiguousStorageIfAvailable { Int(bitPattern: $0.baseAddress) } })
        XCTAssertEqual(storage.count, 1, "one string, shared by every reference")
        XCTAssertEqual(elements.last?.stringValue?.utf8.count, 1_000)
    }

    func testOneLongStringReferencedThousandsOfTimesIsRefusedAtTheBudget() throws {
        // 10,000 references to one 100 kB string: a gigabyte of text as a tree.
        let bytes = binaryList([array(Array(repeating: 1, count: 10_000)), string(100_000)])
        guard case .failure(let error) = PropertyListReader.parse(bytes) else { return XCTFail("expanded 10,000 copies") }
        let budget = PropertyListReader.maximumExpandedBytes(fileSize: bytes.count)
        XCTAssertLessThan(budget, 10_000 * 100_000 / 100)
        XCTAssertTrue(error.message.hasPrefix("the property list expands to more than \(budget) bytes of text"), error.message)
        XCTAssertEqual(error.problem, .limitReached(.expandedText(maximumBytes: budget)))
        // Under the budget, the same sharing is a writer's ordinary thrift.
        let thrifty = binaryList([array(Array(repeating: 1, count: 10)), string(100_000)])
        XCTAssertEqual(try tree(PropertyListReader.parse(thrifty)).arrayValue?.count, 10)
    }

    func testASharedSubtreeIsAsDeepAsTheDeepestPlaceItIsReferencedFrom() {
        // Object 1 nests 300 levels, as does object 301; the innermost array
        // of the second holds object 1, which then ends 600 levels down.
        let levels = 300
        var objects: [[UInt8]] = [array([1, levels + 1])]
        objects += (1..<levels).map { array([$0 + 1]) } + [[0x09]]
        objects += (levels + 1..<2 * levels).map { array([$0 + 1]) } + [array([1])]
        guard case .failure(let error) = PropertyListReader.parse(binaryList(objects)) else { return XCTFail("nested 600 levels") }
        XCTAssertTrue(error.message.hasPrefix("nested deeper than \(PropertyListReader.maximumDepth) levels"), error.message)
        XCTAssertEqual(error.problem, .limitReached(.nestingDepth(maximum: PropertyListReader.maximumDepth)))
        XCTAssertEqual(error.diagnostic(path: "deep.plist", id: .propertyListSyntax) { _ in .start }.id, .limitReached)
        // Referenced only from near the top, the same subtree is read.
        objects[2 * levels] = [0x08]
        XCTAssertNotNil(try? PropertyListReader.parse(binaryList(objects)).get())
    }

    func testDatesAcrossTheCalendar() {
        XCTAssertEqual(PropertyListDate.iso8601(secondsSince2001: 0), "2001-01-01T00:00:00Z")
        XCTAssertEqual(PropertyListDate.iso8601(secondsSince2001: -1), "2000-12-31T23:59:59Z")
        XCTAssertEqual(PropertyListDate.iso8601(secondsSince2001: 5_097_600), "2001-03-01T00:00:00Z")
        XCTAssertEqual(PropertyListDate.iso8601(secondsSince2001: 604_713_600), "2020-03-01T00:00:00Z")
        XCTAssertEqual(PropertyListDate.iso8601(secondsSince2001: .nan), "invalid date")
    }
}
