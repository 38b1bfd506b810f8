/// The preview page's files, embedded in the binary so `galley` works from
/// any folder with no resources beside it.
public enum PageFiles {
    public struct File: Sendable {
        public let bytes: [UInt8]
        public let contentType: String
    }

    /// The embedded file served at `/_galley/<name>` (or as a page), by name.
    public static func named(_ name: String) -> File? {
        switch name {
        case "page.html": File(bytes: PackageResources.page_html, contentType: "text/html; charset=utf-8")
        case "index.html": File(bytes: PackageResources.index_html, contentType: "text/html; charset=utf-8")
        case "galley.css": File(bytes: PackageResources.galley_css, contentType: "text/css; charset=utf-8")
        case "galley.js": File(bytes: PackageResources.galley_js, contentType: "text/javascript; charset=utf-8")
        default: nil
        }
    }
}
