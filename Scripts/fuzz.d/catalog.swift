// Fuzz target `catalog`: the asset-catalog readers of an image set's and a
// colour set's Contents.json, and what every device the page simulates
// resolves from them; and the readers of what an app bundles besides
// (a font file's names and advance widths, an Info.plist's font list).
import GalleyCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let images = ImageSetContents.read(bytes, path: "A.xcassets/x.imageset/Contents.json")
    let colors = ColorSetContents.read(bytes, path: "A.xcassets/x.colorset/Contents.json")
    for page in PreviewDevice.pageTraits {
        if let entry = images.nearestFile(for: page.traits), entry.filename == nil {
            fatalError("ORACLE: an empty slot was chosen for \(page.key)")
        }
        if let css = colors.color(for: page.traits)?.css, css.contains(";") || css.contains("}") || css.contains("<") {
            fatalError("ORACLE: colour CSS could leave its declaration: \(css)")
        }
    }
    _ = FontFileNames.read(bytes)
    if let widths = AdvanceWidths.read(bytes) {
        let measure = TextMeasure(widths: widths)
        let lines = LineBreaking("Little penguins, 「コガタペンギン」。") { measure.advance(of: $0, size: 17) }.lines(width: 100)
        if lines.isEmpty || lines.joined().unicodeScalars.filter({ $0 != " " }).count != 25 {
            fatalError("ORACLE: line breaking lost or made up characters: \(lines)")
        }
    }
    let fonts = AppFontList.read(bytes, path: "Info.plist")
    if fonts.files.count != fonts.locations.count {
        fatalError("ORACLE: a listed font without its position")
    }
    for diagnostic in images.diagnostics + colors.diagnostics + fonts.diagnostics
    where diagnostic.location.line < 1 || diagnostic.location.column < 1 {
        fatalError("ORACLE: diagnostic without a position: \(diagnostic.formatted)")
    }
    return 0
}
