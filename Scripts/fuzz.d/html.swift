// Fuzz target `html`: HTMLDocumentReader.read, then the renderer on its
// document (built only when Sources/GalleyCore/HTML/ has the reader).
import GalleyCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let result = HTMLDocumentReader.read(bytes, path: "Fuzz/page.html")
    checkDiagnostics(result.diagnostics)
    renderAndCheck(result.document, inputSize: size)
    return 0
}
