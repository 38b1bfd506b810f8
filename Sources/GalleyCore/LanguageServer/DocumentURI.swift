import Foundation

/// A document as the protocol names it: a URI, kept as the editor wrote it
/// (answers echo it), and a file's path only where it is a `file:` URI.
package struct DocumentURI: StringIdentifier {
    package let rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The `file:` URI of `path`.
    package init(file path: AbsolutePath) {
        rawValue = "file://" + (path.rawValue.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path.rawValue)
    }

    /// The absolute path of a `file:` URI, percent-decoded; nil for other schemes.
    package var filePath: AbsolutePath? {
        guard rawValue.hasPrefix("file://") else { return nil }
        var rest = rawValue.dropFirst("file://".count)
        if rest.hasPrefix("localhost/") { rest = rest.dropFirst("localhost".count) }
        guard rest.hasPrefix("/"), let decoded = String(rest).removingPercentEncoding else { return nil }
        return AbsolutePath(rawValue: decoded)
    }
}
