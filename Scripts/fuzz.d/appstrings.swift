// Fuzz target `appstrings`: the same bytes as a String Catalog
// (`Localizable.xcstrings`, JSON) and as a `.stringsdict` (a property list),
// merged into the app's strings with a UTF-8 `.strings` copy of them,
// checked with every key a title, and the document a key titles rendered:
// every entry's and finding's position checked, every format counted, and
// the readers' work (a catalog's variations looked into, a strings file's
// steps) held to a fixed number of steps per byte, as FuzzRegressionTests
// holds it, so work that grows faster than the input is found by count
// before it is slow enough to time out.
import GalleyCore

private let stepsPerByte = 40

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    var files: [String: AppStrings.FileReading] = [:]
    for path in ["Localizable.xcstrings", "de.lproj/Localizable.stringsdict", "en.lproj/Localizable.strings"] {
        let work = WorkCounter()
        guard let reading = AppStringsFile.read(bytes, path: path, work: work) else { fatalError("ORACLE: \(path) is no strings file") }
        if work.steps > stepsPerByte * (size + 1_000) { fatalError("ORACLE: \(path): \(work.steps) steps for \(size) bytes") }
        checkDiagnostics(reading.diagnostics)
        for entry in reading.entries where entry.value.location.line < 1 || entry.value.location.column < 1 {
            fatalError("ORACLE: entry '\(entry.key)' at \(entry.value.location)")
        }
        files[path] = reading
    }
    let strings = AppStrings(files: files)
    var config = GalleyConfig()
    for key in strings.values.keys.sorted().prefix(50) {
        config.titles["*.lproj/" + key] = key
        config.titleRanges["*.lproj/" + key] = SourceRange(at: .start)
    }
    let findings = AppStringsCheck.findings(strings, files: [], config: config)
    checkDiagnostics(findings.all)
    for key in strings.values.keys.sorted().prefix(5) {
        for value in (strings.values[key] ?? [:]).values { _ = FormatSpecifiers(value.format).written }
        let title = strings.localizedTitle(key, documentAt: "de.lproj/Help.rtf", configured: nil) ?? key
        renderAndCheck(Document(title: title, kind: .rtf, blocks: []), inputSize: size)
    }
    return 0
}
