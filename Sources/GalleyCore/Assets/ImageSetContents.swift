/// Reads an Xcode `*.imageset/Contents.json` and picks the file to show.
public enum ImageSetContents {
    /// The file name of the largest scale present (`3x` over `2x` over `1x`),
    /// or nil when the set names no file.
    public static func preferredFileName(_ bytes: [UInt8]) -> String? {
        guard case .success(let root) = JSONReader.parse(bytes),
              let images = root.member("images")?.value.arrayValue else { return nil }
        var best: (name: String, scale: Double)?
        for image in images {
            guard let name = image.member("filename")?.value.stringValue, !name.isEmpty else { continue }
            let scaleText = image.member("scale")?.value.stringValue ?? "1x"
            let scale = Double(scaleText.dropLast(scaleText.hasSuffix("x") ? 1 : 0)) ?? 1
            if scale > (best?.scale ?? -1) { best = (name, scale) }
        }
        return best?.name
    }
}
