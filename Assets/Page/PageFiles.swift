/// The preview page's files, embedded in the binary so `galley` works from
/// any folder with no resources beside it.
public enum PageFiles {
    public struct File: Sendable {
        public let bytes: [UInt8]
        public let contentType: String
    }

    /// The page's script: ES modules by concern, `galley.js` the entry that
    /// imports the rest. Each one is served at `/_galley/<name>`.
    static let scriptModules: [String: [UInt8]] = [
        "galley.js": PackageResources.galley_js,
        "connection.js": PackageResources.connection_js,
        "patching.js": PackageResources.patching_js,
        "blockLocations.js": PackageResources.blockLocations_js,
        "scrolling.js": PackageResources.scrolling_js,
        "settings.js": PackageResources.settings_js,
        "toolbar.js": PackageResources.toolbar_js,
        "diagnostics.js": PackageResources.diagnostics_js,
        "editorLink.js": PackageResources.editorLink_js,
        "documentPage.js": PackageResources.documentPage_js,
        "indexPage.js": PackageResources.indexPage_js,
        "languages.js": PackageResources.languages_js,
        "onDevice.js": PackageResources.onDevice_js,
        "deviceFiles.js": PackageResources.deviceFiles_js,
        "navigation.js": PackageResources.navigation_js,
        "fontNote.js": PackageResources.fontNote_js,
        "reviewViews.js": PackageResources.reviewViews_js,
        "changes.js": PackageResources.changes_js,
    ]

    /// The embedded file served at `/_galley/<name>` (or as a page), by name.
    public static func named(_ name: String) -> File? {
        if let script = scriptModules[name] { return File(bytes: script, contentType: "text/javascript; charset=utf-8") }
        return switch name {
        case "page.html": File(bytes: PackageResources.page_html, contentType: "text/html; charset=utf-8")
        case "index.html": File(bytes: PackageResources.index_html, contentType: "text/html; charset=utf-8")
        case "changes.html": File(bytes: PackageResources.changes_html, contentType: "text/html; charset=utf-8")
        case "galley.css": File(bytes: PackageResources.galley_css, contentType: "text/css; charset=utf-8")
        default: nil
        }
    }
}
