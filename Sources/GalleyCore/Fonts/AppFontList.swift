/// The fonts an app bundles: the `UIAppFonts` array of its `Info.plist`.
///
/// Reads the XML property list Xcode writes with the least that is
/// correct for this one key (a general property-list reader is coming to
/// the core; this should then use it).
public enum AppFontList {
    public struct Result: Sendable, Equatable {
        /// File names as listed, relative to the bundle (`Fonts/Brand.ttf`).
        public var files: [String]
        /// Where each listed name is, for warnings about it.
        public var locations: [SourceLocation]
        public var diagnostics: [Diagnostic]
    }

    public static func read(_ bytes: [UInt8], path: String) -> Result {
        var result = Result(files: [], locations: [], diagnostics: [])
        if bytes.starts(with: Array("bplist".utf8)) {
            result.diagnostics.append(Diagnostic(path: path, location: .start, severity: .warning, message: "binary property lists are not read yet; save 'Info.plist' as XML to preview its fonts"))
            return result
        }
        var lines = SourceLocator(bytes)
        let utf8 = bytes
        guard let key = find("<key>UIAppFonts</key>", in: utf8, from: 0) else { return result }
        var position = key + "<key>UIAppFonts</key>".utf8.count
        skipSpaceAndComments(utf8, &position)
        if starts(utf8, position, "<array/>") { return result }
        guard starts(utf8, position, "<array>") else {
            result.diagnostics.append(Diagnostic(path: path, location: lines.location(of: position), severity: .warning, message: "'UIAppFonts' is not an array of file names"))
            return result
        }
        position += "<array>".utf8.count
        while true {
            skipSpaceAndComments(utf8, &position)
            if starts(utf8, position, "</array>") || position >= utf8.count { break }
            guard starts(utf8, position, "<string>"), let end = find("</string>", in: utf8, from: position) else {
                result.diagnostics.append(Diagnostic(path: path, location: lines.location(of: position), severity: .warning, message: "'UIAppFonts' holds something other than a file name"))
                break
            }
            let valueStart = position + "<string>".utf8.count
            // XML's entities are HTML's too: one decoder for both.
            var unknown: [HTMLCharacterReferences.UnknownReference] = []
            result.files.append(HTMLCharacterReferences.decode(utf8, valueStart..<end, inAttribute: false, unknown: &unknown))
            result.locations.append(lines.location(of: valueStart))
            position = end + "</string>".utf8.count
        }
        return result
    }

    private static func starts(_ bytes: [UInt8], _ offset: Int, _ literal: String) -> Bool {
        let pattern = Array(literal.utf8)
        return offset + pattern.count <= bytes.count && Array(bytes[offset..<offset + pattern.count]) == pattern
    }

    private static func find(_ literal: String, in bytes: [UInt8], from start: Int) -> Int? {
        let pattern = Array(literal.utf8)
        guard let first = pattern.first, bytes.count >= pattern.count else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == first, starts(bytes, index, literal) { return index }
            index += 1
        }
        return nil
    }

    private static func skipSpaceAndComments(_ bytes: [UInt8], _ position: inout Int) {
        while position < bytes.count {
            if [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) {
                position += 1
            } else if starts(bytes, position, "<!--"), let end = find("-->", in: bytes, from: position + 4) {
                position = end + 3
            } else {
                return
            }
        }
    }
}
