import XCTest

@testable import GalleyCore

/// Every crash, hang, slow unit or memory blow-up `Scripts/fuzz` found, and its seeds, replayed.
///
/// Each file under `Golden/fuzz/<target>/` is an input a fuzz target
/// (`Scripts/fuzz.d/<target>.swift`) once choked on; each under
/// `Scripts/fuzz.d/seeds/<target>/` one picked from a fuzzer's corpus. It goes through the
/// same reader and renderer as the harness did, and must come back with a
/// document and well-formed diagnostics, and render to HTML that runs no
/// script. Readers that count their work (RTF, HTML) must also stay within
/// a fixed number of steps per input byte, so a slow input fails by count,
/// never by the clock. Inputs that still fail wait in
/// `Golden/fuzz/pending/<target>/` and are not replayed until their bug is
/// fixed; then move them up a folder.
final class FuzzRegressionTests: XCTestCase {
    private static let findings = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden").appendingPathComponent("fuzz")
    /// Inputs picked from the fuzzers' corpora, which `Scripts/fuzz` also starts from.
    private static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/fuzz.d/seeds")

    /// Steps a reader may count per input byte (a few are normal); a quadratic
    /// path on a slow input costs hundreds or thousands.
    private static let stepsPerByte = 40

    /// The findings and seeds recorded for `target`, sorted by name; a target with none fails, as it would check nothing.
    private func inputs(_ target: String, file: StaticString, line: UInt) throws -> [URL] {
        let found = [Self.findings, Self.seeds].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(at: folder.appendingPathComponent(target), includingPropertiesForKeys: nil))
                ?? [])
                .filter { !$0.hasDirectoryPath && !$0.lastPathComponent.hasPrefix(".") && $0.pathExtension != "md" }
        }
        XCTAssertFalse(found.isEmpty, "no inputs in Golden/fuzz/\(target)/ or Scripts/fuzz.d/seeds/\(target)/", file: file, line: line)
        return found.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Runs `body` on each input of `target`, with a work counter, failing
    /// when one counts more than `stepsPerByte` steps per byte (plus a fixed allowance).
    private func replay(_ target: String, file: StaticString = #filePath, line: UInt = #line, _ body: ([UInt8], WorkCounter) -> Void) throws
    {
        for url in try inputs(target, file: file, line: line) {
            let bytes = try [UInt8](Data(contentsOf: url))
            let work = WorkCounter()
            body(bytes, work)
            XCTAssertLessThanOrEqual(
                work.steps, Self.stepsPerByte * (bytes.count + 1_000),
                "\(target)/\(url.lastPathComponent): \(work.steps) steps for \(bytes.count) bytes", file: file, line: line)
        }
    }

    private func render(
        _ document: Document, schema: ContentSchema = .seed, _ name: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        let context = RenderContext(
            schema: schema,
            resolveAsset: { $0.utf8.count % 3 == 0 ? nil : ResolvedImage(url: "/asset/" + $0, width: 40, height: 30) },
            resolveFile: { $0.utf8.count % 3 == 0 ? nil : ResolvedImage(url: "/file/" + $0, width: 10, height: 20) }
        )
        let rendered = HTMLRenderer(context: context).render(document)
        XCTAssertEqual(rendered.blockIDs.count, document.blocks.count, name, file: file, line: line)
        let html = rendered.html.lowercased()
        for forbidden in ["<script", "javascript:", "vbscript:", " on", "<iframe", "<object", "<embed", "<style"] {
            // " on…=" only matters as an attribute name, so quoted values are blanked first.
            if forbidden == " on" {
                let tags = html.replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression)
                XCTAssertNil(
                    tags.range(of: #"<[a-z0-9]+[^>]* on[a-z]+="#, options: .regularExpression), "\(name): event handler attribute",
                    file: file, line: line)
            } else if forbidden == "javascript:" || forbidden == "vbscript:" {
                XCTAssertNil(html.range(of: "href=\"" + forbidden), "\(name): unsafe link", file: file, line: line)
            } else {
                XCTAssertFalse(html.contains(forbidden), "\(name): \(forbidden)", file: file, line: line)
            }
        }
    }

    private func checkDiagnostics(_ diagnostics: [Diagnostic], _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        for diagnostic in diagnostics {
            XCTAssertGreaterThanOrEqual(diagnostic.location.line, 1, "\(name): \(diagnostic.formatted)", file: file, line: line)
            XCTAssertGreaterThanOrEqual(diagnostic.location.column, 1, "\(name): \(diagnostic.formatted)", file: file, line: line)
            XCTAssertFalse(diagnostic.message.isEmpty, name, file: file, line: line)
        }
    }

    func testJSONFindings() throws {
        try replay("json") { bytes, _ in
            switch JSONReader.parse(bytes) {
            case .success: break
            case .failure(let error):
                XCTAssert((0...bytes.count).contains(error.offset), "error offset \(error.offset)")
                XCTAssertFalse(error.message.isEmpty)
            }
        }
    }

    func testAppStringsFindings() throws {
        try replay("appstrings") { bytes, work in
            var files: [RelativePath: AppStrings.FileReading] = [:]
            for path in ["Localizable.xcstrings", "de.lproj/Localizable.stringsdict", "en.lproj/Localizable.strings"] {
                guard let reading = AppStringsFile.read(bytes, path: RelativePath(rawValue: path), work: work) else {
                    return XCTFail("\(path) is no strings file")
                }
                checkDiagnostics(reading.diagnostics, "appstrings")
                for entry in reading.entries {
                    XCTAssertGreaterThanOrEqual(entry.value.location.line, 1)
                    XCTAssertGreaterThanOrEqual(entry.value.location.column, 1)
                }
                files[RelativePath(rawValue: path)] = reading
            }
            let strings = AppStrings(files: files)
            var config = GalleyConfig()
            for key in strings.sortedKeys {
                config.titles["*.lproj/" + key] = key
                config.titleRanges["*.lproj/" + key] = SourceRange(at: .start)
            }
            checkDiagnostics(AppStringsCheck.findings(strings, files: [], config: config).all, "appstrings")
        }
    }

    func testStringsFindings() throws {
        try replay("strings") { bytes, work in
            for input in [bytes, [0xFF, 0xFE] + bytes] {
                let result = StringsFileReader.read(input, path: "en.lproj/Localizable.strings", work: work)
                checkDiagnostics(result.diagnostics, "strings")
                XCTAssertEqual(Set(result.table.entries.map(\.key)).count, result.table.entries.count, "strings: a key listed twice")
                for entry in result.table.entries {
                    XCTAssertGreaterThanOrEqual(entry.location.line, 1)
                    XCTAssertGreaterThanOrEqual(entry.location.column, 1)
                }
            }
        }
    }

    func testTaggedFindings() throws {
        try replay("tagged") { bytes, _ in
            checkDataFile(DataFileReader(schema: .seed, path: "Resources/fuzz.json").read(bytes), "tagged")
            let text = TextFileReader(schema: .seed, path: "Articles/fuzz.txt").read(bytes)
            checkDiagnostics(text.diagnostics, "text")
            render(text.document, "text")
        }
    }

    /// A data file's items and diagnostics checked, and each item's document rendered.
    private func checkDataFile(_ reading: DataFileReading, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        switch reading {
        case .items(let items, let fileDiagnostics):
            checkDiagnostics(fileDiagnostics, name, file: file, line: line)
            for item in items {
                checkDiagnostics(item.diagnostics, name + " item", file: file, line: line)
                render(item.document, name + " item", file: file, line: line)
            }
        case .notContent:
            break
        case .invalid(let diagnostic):
            checkDiagnostics([diagnostic], name, file: file, line: line)
        }
    }

    func testPlistFindings() throws {
        try replay("plist") { bytes, _ in
            if case .failure(let error) = PropertyListReader.parse(bytes) {
                XCTAssertTrue((0...bytes.count).contains(error.offset), error.message)
            }
            checkDataFile(DataFileReader(schema: .seed, path: "Resources/fuzz.plist", syntax: .propertyList).read(bytes), "plist")
        }
    }

    func testConfigFindings() throws {
        let sample = Array(
            (#"[{"name": "Fuzz", "title": "T", "imageName": "pic", "detailText": ["<image>pic_01</image>", "<caption>c</caption>", "#
                + #""<h>Heading</h>", "body", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"], "text": ["<h>Heading</h>", "body"]}]"#)
                .utf8)
        try replay("config") { bytes, _ in
            let result = ConfigReader(path: "galley.json").read(bytes)
            checkDiagnostics(result.diagnostics, "config")
            guard let config = result.config else {
                XCTAssertTrue(result.diagnostics.contains { $0.severity == .error }, "a rejected config says why")
                return
            }
            XCTAssertFalse(
                KindStyleSheet.css(
                    for: config.schema, faces: TextFaces(every: FontMetrics(ascent: 0.8, descent: 0.2, lineGap: 0)),
                    rules: config.layoutRules()
                ).contains("<"))
            if case .items(let items, _) = DataFileReader(schema: config.schema, path: "fuzz.json").read(sample) {
                for item in items { render(item.document, schema: config.schema, "config sample") }
            }
        }
    }

    func testRTFFindings() throws {
        try replay("rtf") { bytes, work in
            let result = RTFReader.read(bytes, path: "Fuzz.rtfd/TXT.rtf", work: work)
            checkDiagnostics(result.diagnostics, "rtf")
            render(result.document, "rtf")
            // As the harness does: an edit a third of the way in, read in part, reads as the whole file does.
            var edited = bytes
            let start = bytes.count / 3
            edited.replaceSubrange(start..<min(bytes.count, start + bytes.count % 7), with: Array("\\par\n".utf8))
            let reading = RTFReader.reading(of: bytes, path: "Fuzz.rtfd/TXT.rtf", checkpointSpacing: 64)
            let inPart = RTFReader.reread(edited, after: reading, path: "Fuzz.rtfd/TXT.rtf")
            let whole = RTFReader.reading(of: edited, path: "Fuzz.rtfd/TXT.rtf", checkpointSpacing: 64)
            XCTAssertEqual(inPart.document, whole.document, "rtf")
            XCTAssertEqual(inPart.diagnostics, whole.diagnostics, "rtf")
        }
    }

    func testHTMLFindings() throws {
        try replay("html") { bytes, work in
            let result = HTMLDocumentReader.read(bytes, path: "Fuzz/page.html", work: work)
            checkDiagnostics(result.diagnostics, "html")
            render(result.document, "html")
        }
    }

    func testAssetFindings() throws {
        try replay("assets") { bytes, _ in
            _ = ImageSetContents.read(bytes, path: "x.imageset/Contents.json")
            _ = ColorSetContents.read(bytes, path: "x.colorset/Contents.json")
            if let size = ImageDimensions.read(bytes) {
                XCTAssert(size.width >= 0 && size.height >= 0)
            }
        }
    }
}
