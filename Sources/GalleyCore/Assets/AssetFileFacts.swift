extension AssetCatalog.FileFacts {
    /// What the catalog needs to know about the image file at `path`:
    /// whether anything can show it (the browser, or the daemon drawing a
    /// picture of it); a damaged file's own problem the pictures report.
    public static func examine(path: String, bytes: [UInt8]) -> AssetCatalog.FileFacts {
        let fileExtension = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        if let format = ImageFileTypes.format(forPath: path) {
            let hasHeader = [ImageFormat.png, .jpeg, .gif].contains(format)
            if hasHeader, ImageDimensions.read(bytes) == nil {
                return .init(problem: "it is not a readable \(fileExtension.uppercased()) image (\(bytes.isEmpty ? "the file is empty" : "its header is damaged"))")
            }
            return .init(problem: nil)
        }
        if fileExtension == "psd" {
            return .init(problem: "a Photoshop document is not an image format Xcode puts into an app, and browsers cannot show it; export it as PNG, HEIC or PDF")
        }
        return .init(problem: "'.\(fileExtension)' is not an image format Xcode puts into an app")
    }
}
