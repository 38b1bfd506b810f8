/// Keeps links from content from running script in the page.
package enum SafeLink {
    private static let allowedSchemes: Set<String> = ["http", "https", "mailto", "tel"]

    /// The link if it is safe to put in an `href`, else nil.
    package static func href(_ link: String) -> String? {
        // Browsers ignore control characters and spaces inside a scheme
        // ("java\tscript:"), so judge the link as they read it.
        let cleaned = String(link.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F })
        guard !cleaned.isEmpty else { return nil }
        if let colon = cleaned.firstIndex(of: ":") {
            let scheme = cleaned[..<colon]
            let isScheme = scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
            if isScheme && !scheme.contains("/") {
                return allowedSchemes.contains(scheme.lowercased()) ? link.trimmingSpaces : nil
            }
        }
        return cleaned.hasPrefix("#") ? cleaned : nil
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
