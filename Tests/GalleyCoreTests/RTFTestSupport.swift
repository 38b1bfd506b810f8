import Foundation
import GalleySystem
import XCTest

@testable import GalleyCore

/// Helpers shared by the RTF reader tests.
enum RTFTestSupport {
    /// The system's converters, as the daemon gives them to every read: the
    /// reader tests read code pages the core does not convert itself.
    static let converters = CodePageConverters()

    /// Reads RTF given as a string (ASCII source; `\'hh` escapes for other bytes).
    static func read(_ source: String, converters: (any CodePageConverting)? = RTFTestSupport.converters)
        -> (document: Document, diagnostics: [Diagnostic])
    {
        RTFReader.read(Array(source.utf8), path: "test.rtf", converters: converters)
    }

    /// Reads one of the fixtures under `Golden/rtf`.
    static func readFixture(
        _ name: String, converters: (any CodePageConverting)? = RTFTestSupport.converters,
        filePath: StaticString = #filePath
    ) throws -> (document: Document, diagnostics: [Diagnostic]) {
        let url = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
            .appendingPathComponent("Golden/rtf").appendingPathComponent(name)
        let data = try Data(contentsOf: url)
        return RTFReader.read([UInt8](data), path: RelativePath(rawValue: name), converters: converters)
    }

    /// All paragraphs in reading order, table cells and footnotes included.
    static func paragraphs(_ blocks: [Block]) -> [Paragraph] {
        blocks.flatMap { block -> [Paragraph] in
            switch block.content {
            case .paragraph(let paragraph): return [paragraph]
            case .table(let rows): return rows.flatMap { $0.flatMap { paragraphs($0.blocks) } }
            case .image, .divider: return []
            }
        }
    }

    /// Paragraph texts joined by line breaks.
    static func plainText(_ document: Document) -> String {
        paragraphs(document.blocks).map(\.plainText).joined(separator: "\n")
    }

    /// Every block, table contents included, in reading order.
    static func allBlocks(_ blocks: [Block]) -> [Block] {
        blocks.flatMap { block -> [Block] in
            if case .table(let rows) = block.content {
                return [block] + rows.flatMap { $0.flatMap { allBlocks($0.blocks) } }
            }
            return [block]
        }
    }

    static func images(_ document: Document) -> [ImageBlock] {
        allBlocks(document.blocks).compactMap { block in
            if case .image(let image) = block.content { return image }
            return nil
        }
    }

    static func tables(_ document: Document) -> [[[TableCell]]] {
        allBlocks(document.blocks).compactMap { block in
            if case .table(let rows) = block.content { return rows }
            return nil
        }
    }

    static func links(_ document: Document) -> [(text: String, target: String)] {
        paragraphs(document.blocks).flatMap(\.runs).compactMap { run in run.style.link.map { (run.text, $0) } }
    }

    static func errors(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.filter { $0.severity == .error }
    }

    /// Collapses every run of whitespace to one space.
    static func normalizedWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
