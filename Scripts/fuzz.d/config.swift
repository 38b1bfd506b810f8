// Fuzz target `config`: ConfigReader on galley.json; a config it accepts
// then drives the rest of the pipeline: its style sheet is built, and a
// fixed set of item strings is parsed with its kinds (and their regular
// expressions) and rendered.
import GalleyCore

private let sampleItem: [UInt8] = Array(
    """
    [{"name": "Fuzz", "title": "T", "imageName": "pic", "image": "pic", "detailText": [
      "<image>pic_01</image>", "<caption>A caption</caption>", "<h>Heading</h>", "plain body text",
      "<p>para</p>", "<quote>aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!</quote>", "---", "* bullet",
      "<x>\\u00e9\\u3042</x>", "\\n", "", "<image></image>"
    ], "text": ["<h>Heading</h>", "body"]}]
    """.utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let result = ConfigReader(path: "galley.json").read(bytes)
    checkDiagnostics(result.diagnostics)
    guard let config = result.config else { return 0 }
    let css = KindStyleSheet.css(
        for: config.schema, faces: TextFaces(every: FontMetrics(ascent: 0.8, descent: 0.2, lineGap: 0)), rules: config.layoutRules())
    if css.contains("<") { fatalError("ORACLE: '<' in the kinds' style sheet (could close <style>): \(css.prefix(300))") }
    if case .items(let items, let fileDiagnostics) = DataFileReader(schema: config.schema, path: "fuzz.json").read(sampleItem) {
        checkDiagnostics(fileDiagnostics)
        for item in items {
            checkDiagnostics(item.diagnostics)
            renderAndCheck(item.document, schema: config.schema, inputSize: size + sampleItem.count)
        }
    }
    return 0
}
