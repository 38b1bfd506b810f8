extension AssetCatalog.FileFacts {
    /// Formats a device loads that browsers cannot show directly: the daemon
    /// converts them (see `ImageFileTypes`), so they count as showable.
    static let convertedExtensions: Set<String> = ["heic", "heif", "pdf", "tif", "tiff", "bmp"]

    /// What the catalog needs to know about the image file at `path`.
    public static func examine(path: String, bytes: [UInt8]) -> AssetCatalog.FileFacts {
        let lowered = path.lowercased()
        let fileExtension = lowered.split(separator: ".").last.map(String.init) ?? ""
        if let mimeType = ImageFileTypes.mimeType(forPath: lowered) {
            let hasHeader = ["image/png", "image/jpeg", "image/gif"].contains(mimeType)
            if hasHeader, ImageDimensions.read(bytes) == nil {
                return .init(problem: "it is not a readable \(fileExtension.uppercased()) image (\(bytes.isEmpty ? "the file is empty" : "its header is damaged"))")
            }
            return .init(problem: nil)
        }
        if convertedExtensions.contains(fileExtension) { return .init(problem: nil) }
        if fileExtension == "psd" {
            return .init(problem: "a Photoshop document is not an image format Xcode puts into an app, and browsers cannot show it; export it as PNG, HEIC or PDF")
        }
        return .init(problem: "'.\(fileExtension)' is not an image format Xcode puts into an app")
    }
}
