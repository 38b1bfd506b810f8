// Times the pure core's readers and renderer on the files given, for
// Scripts/bench; prints JSON: [{"name", "megabytes", "megabytesPerSecond"}].
import Foundation
import GalleyCore
import GalleySystem

let files = CommandLine.arguments.dropFirst().compactMap { path -> (String, [UInt8])? in
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return (path, Array(data))
}
let jsonFiles = files.filter { $0.0.hasSuffix(".json") }.map(\.1)
let rtfFiles = files.filter { $0.0.hasSuffix(".rtf") }.map(\.1)

/// Runs `body` on every input index repeatedly for about half a second;
/// MB/s of the inputs' source bytes.
func throughput(_ inputs: [[UInt8]], _ body: (Int) -> Int) -> (megabytes: Double, perSecond: Double) {
    let bytes = inputs.reduce(0) { $0 + $1.count }
    guard bytes > 0 else { return (0, 0) }
    var sink = 0
    for index in inputs.indices { sink &+= body(index) }
    var rounds = 0
    let clock = ContinuousClock()
    let start = clock.now
    while start.duration(to: clock.now) < .milliseconds(500) {
        for index in inputs.indices { sink &+= body(index) }
        rounds += 1
    }
    let elapsed = start.duration(to: clock.now)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    if sink == 42 { print("") }
    return (Double(bytes) / 1e6, Double(bytes * rounds) / 1e6 / seconds)
}

let renderer = HTMLRenderer(context: RenderContext(resolveAsset: { ResolvedImage(url: "/files/\($0).png?v=1", width: 640, height: 480) }))
let documents = jsonFiles.map { bytes -> [Document] in
    guard case .items(let items, _) = DataFileReader(schema: .seed, path: "bench.json").read(bytes) else { return [] }
    return items.map(\.document)
}
/// As the daemon reads: code-page converters stay open from one read to the next.
let converters = CodePageConverters()
let richDocuments = rtfFiles.map { RTFReader.read($0, path: "bench.rtf").document }
/// Each rich-text document after an edit of its first paragraph, with the
/// rendering of the version before, as a save hands them to the renderer
/// (read again, so that no storage is shared with the version before).
let editedRichDocuments = zip(rtfFiles, richDocuments).map { bytes, document -> (Document, PreviousRendering) in
    var edited = RTFReader.read(bytes, path: "bench.rtf").document
    if let index = edited.blocks.firstIndex(where: { if case .paragraph = $0.content { true } else { false } }),
        case .paragraph(var paragraph) = edited.blocks[index].content
    {
        paragraph.runs.insert(TextRun("edited "), at: 0)
        edited.blocks[index].content = .paragraph(paragraph)
    }
    return (edited, PreviousRendering(document: document, rendered: renderer.render(document)))
}
/// The same edit as an incremental parse would hand it over: every block
/// but the edited one is the previous version's value, sharing its storage.
let sharedEditedRichDocuments = editedRichDocuments.map { edited, previous -> Document in
    var shared = previous.document
    if let index = shared.blocks.indices.first(where: { shared.blocks[$0] != edited.blocks[$0] }) {
        shared.blocks[index] = edited.blocks[index]
    }
    return shared
}
/// A paragraph added at the top, as an incremental parse hands it over:
/// every other block kept, one line further down.
let sharedAddedRichDocuments = editedRichDocuments.map { _, previous -> Document in
    var added = previous.document
    added.blocks = added.blocks.map { $0.movedDown(by: 1) }
    added.blocks.insert(
        Block(kind: "paragraph", location: SourceLocation(line: 1, column: 1), content: .paragraph(Paragraph(runs: [TextRun("Added.")]))),
        at: 0)
    return added
}
let results: [(String, (megabytes: Double, perSecond: Double))] = [
    (
        "JSON reader (positions)",
        throughput(jsonFiles) { index in
            if case .success(let node) = JSONReader.parse(jsonFiles[index]) { return node.offset }
            return 0
        }
    ),
    (
        "tagged data file reader (JSON + blocks + diagnostics)",
        throughput(jsonFiles) { index in
            if case .items(let items, _) = DataFileReader(schema: .seed, path: "bench.json").read(jsonFiles[index]) { return items.count }
            return 0
        }
    ),
    (
        "HTML renderer (tagged documents, MB of source)",
        throughput(jsonFiles) { index in
            documents[index].reduce(0) { $0 + renderer.render($1).html.utf8.count }
        }
    ),
    (
        "RTF reader (corpus)",
        throughput(rtfFiles) { index in
            RTFReader.read(rtfFiles[index], path: "bench.rtf", converters: converters).document.blocks.count
        }
    ),
    (
        "HTML renderer (rich text, MB of source)",
        throughput(rtfFiles) { index in
            renderer.render(richDocuments[index]).html.utf8.count
        }
    ),
    (
        "HTML renderer after a one-paragraph edit, reusing the last rendering (rich text, MB of source)",
        throughput(rtfFiles) { index in
            renderer.render(editedRichDocuments[index].0, reusing: editedRichDocuments[index].1).html.utf8.count
        }
    ),
    (
        "HTML renderer after a one-paragraph edit, the other blocks shared with the last version (rich text, MB of source)",
        throughput(rtfFiles) { index in
            renderer.render(sharedEditedRichDocuments[index], reusing: editedRichDocuments[index].1).html.utf8.count
        }
    ),
    (
        "HTML renderer after a paragraph is added at the top, the other blocks shared and moved down (rich text, MB of source)",
        throughput(rtfFiles) { index in
            renderer.render(sharedAddedRichDocuments[index], reusing: editedRichDocuments[index].1).html.utf8.count
        }
    ),
]
let json = results.map { name, result in
    "{\"name\": \"\(name)\", \"megabytes\": \(result.megabytes), \"megabytesPerSecond\": \(result.perSecond)}"
}
print("[" + json.joined(separator: ",\n ") + "]")
