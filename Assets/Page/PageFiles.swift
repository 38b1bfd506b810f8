/// The preview page's files, embedded in the binary so `galley` works from
/// any folder with no resources beside it. Package.swift names them
/// (`.embedInCode`); `embedded` is made from that list at build time
/// (Sources/GalleyPageFiles), so no file is listed in one place only.
public enum PageFiles {
    public struct File: Sendable {
        public let bytes: [UInt8]
        public let contentType: String

        public init(bytes: [UInt8], contentType: String) {
            self.bytes = bytes
            self.contentType = contentType
        }
    }

    /// What the page's scripts are served as: ES modules by concern,
    /// `galley.js` the entry that imports the rest.
    public static let scriptContentType = "text/javascript; charset=utf-8"

    /// The embedded file served at `/_galley/<name>` (or as a page), by name.
    public static func named(_ name: String) -> File? {
        guard let bytes = embedded[name], let contentType = contentType(ofFileNamed: name) else { return nil }
        return File(bytes: bytes, contentType: contentType)
    }

    /// Every embedded file's name.
    public static var names: [String] { embedded.keys.sorted() }

    private static func contentType(ofFileNamed name: String) -> String? {
        if name.hasSuffix(".js") { return scriptContentType }
        if name.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if name.hasSuffix(".css") { return "text/css; charset=utf-8" }
        return nil
    }
}
