// Fuzz target `rtf`: RTFReader.read, then the renderer on its document.
import GalleyCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let result = RTFReader.read(bytes, path: "Fuzz.rtfd/TXT.rtf")
    checkDiagnostics(result.diagnostics)
    renderAndCheck(result.document, inputSize: size)
    return 0
}
