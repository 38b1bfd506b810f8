// Fuzz target `strings`: StringsFileReader on the bytes as given (UTF-8, or
// UTF-16 when they start with a byte order mark) and on the same bytes behind
// a UTF-16 mark, every entry's and diagnostic's position checked against the
// text's lines.
import GalleyCore

private func check(_ bytes: [UInt8]) {
    let work = WorkCounter()
    let result = StringsFileReader.read(bytes, path: "en.lproj/Localizable.strings", work: work)
    // Positions count lines of the text, so none lies past its last line.
    let lines = bytes.reduce(1) { $1 == 0x0A || $1 == 0x0D || $1 == 0 ? $0 + 1 : $0 } + 1
    for entry in result.table.entries {
        if entry.location.line < 1 || entry.location.line > lines || entry.location.column < 1 {
            fatalError("ORACLE: entry at \(entry.location.line):\(entry.location.column), \(lines) lines")
        }
    }
    for diagnostic in result.diagnostics {
        if diagnostic.location.line < 1 || diagnostic.location.line > lines || diagnostic.location.column < 1 || diagnostic.message.isEmpty
        {
            fatalError("ORACLE: diagnostic \(diagnostic.formatted), \(lines) lines")
        }
    }
    if work.steps > 40 * (bytes.count + 1_000) { fatalError("ORACLE: \(work.steps) steps for \(bytes.count) bytes") }
    if Set(result.table.entries.map(\.key)).count != result.table.entries.count { fatalError("ORACLE: a key listed twice") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    check(bytes)
    check([0xFF, 0xFE] + bytes)
    return 0
}
