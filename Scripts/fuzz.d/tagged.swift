// Fuzz target `tagged`: the same bytes as a JSON data file of items
// (DataFileReader with the seed's schema) and as a tagged .txt file
// (TextFileReader); every document is rendered and the HTML checked.
import GalleyCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    checkDataFile(DataFileReader(schema: .seed, path: "Resources/fuzz.json").read(bytes), inputSize: size)
    let text = TextFileReader(schema: .seed, path: "Articles/fuzz.txt").read(bytes)
    checkDiagnostics(text.diagnostics)
    renderAndCheck(text.document, inputSize: size)
    return 0
}
