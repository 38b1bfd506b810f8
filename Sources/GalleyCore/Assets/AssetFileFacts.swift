extension AssetCatalog.FileFacts {
    /// What the catalog needs to know about the image file at `path`:
    /// whether anything can show it (the browser, or the daemon drawing a
    /// picture of it); a damaged file's own problem the pictures report.
    package static func examine(path: String, bytes: [UInt8]) -> AssetCatalog.FileFacts {
        examine(path: path, format: ImageFileTypes.format(forPath: path), isEmpty: bytes.isEmpty, dimensions: ImageDimensions.read(bytes))
    }

    /// The same, from what reading the file found already: its format by
    /// name and the size its header gives (`ImageDimensions.read`).
    package static func examine(
        path: String, format: ImageFormat?, isEmpty: Bool, dimensions: (width: Int, height: Int)?
    ) -> AssetCatalog.FileFacts {
        // Only a file with a problem is named by its extension.
        var fileExtension: String { path.split(separator: ".").last.map { $0.lowercased() } ?? "" }
        switch format {
        case .png?, .jpeg?, .gif?:
            guard dimensions == nil else { return .init(problem: nil) }
            let damage = isEmpty ? "the file is empty" : "its header is damaged"
            return .init(problem: "it is not a readable \(fileExtension.uppercased()) image (\(damage))")
        case .some:
            return .init(problem: nil)
        case nil:
            if fileExtension == "psd" {
                return .init(
                    problem: "a Photoshop document is not an image format Xcode puts into an app, and browsers cannot show it;"
                        + " export it as PNG, HEIC or PDF")
            }
            return .init(problem: "'.\(fileExtension)' is not an image format Xcode puts into an app")
        }
    }
}
