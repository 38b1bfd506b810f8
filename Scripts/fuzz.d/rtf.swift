// Fuzz target `rtf`: RTFReader.read, then the renderer on its document;
// and an edited version of the input read in part from the input's
// checkpoints, which must give what reading it whole gives.
import GalleyCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let result = RTFReader.read(bytes, path: "Fuzz.rtfd/TXT.rtf")
    checkDiagnostics(result.diagnostics)
    renderAndCheck(result.document, inputSize: size)
    let reading = RTFReader.reading(of: bytes, path: "Fuzz.rtfd/TXT.rtf", checkpointSpacing: 64)
    let edited = editedInTheMiddle(bytes)
    let inPart = RTFReader.reread(edited, after: reading, path: "Fuzz.rtfd/TXT.rtf")
    let whole = RTFReader.reading(of: edited, path: "Fuzz.rtfd/TXT.rtf", checkpointSpacing: 64)
    if inPart.document != whole.document || inPart.diagnostics != whole.diagnostics {
        fatalError("ORACLE: the edited input read in part differs from its whole reading")
    }
    return 0
}

/// The input with a few bytes a third of the way in replaced by a paragraph
/// end (FuzzRegressionTests makes the same edit).
func editedInTheMiddle(_ bytes: [UInt8]) -> [UInt8] {
    var edited = bytes
    let start = bytes.count / 3
    edited.replaceSubrange(start..<min(bytes.count, start + bytes.count % 7), with: Array("\\par\n".utf8))
    return edited
}
