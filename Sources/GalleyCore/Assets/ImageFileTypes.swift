/// The image files Galley resolves and serves, by extension.
public enum ImageFileTypes {
    public static let mimeTypes: [String: String] = [
        "png": "image/png",
        "jpg": "image/jpeg",
        "jpeg": "image/jpeg",
        "gif": "image/gif",
        "webp": "image/webp",
        "svg": "image/svg+xml",
    ]

    public static func mimeType(forPath path: String) -> String? {
        guard let dot = path.lastIndex(of: ".") else { return nil }
        return mimeTypes[path[path.index(after: dot)...].lowercased()]
    }
}
