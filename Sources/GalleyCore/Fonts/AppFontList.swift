/// The fonts an app bundles: the `UIAppFonts` array of its `Info.plist`,
/// XML or binary, read by the core's property-list reader.
package enum AppFontList {
    package struct Result: Sendable, Equatable {
        /// File names as listed, relative to the bundle (`Fonts/Brand.ttf`).
        package var files: [String]
        /// Where each listed name is, for warnings about it (a binary list
        /// gives byte offsets: line 1, column offset + 1).
        package var locations: [SourceLocation]
        package var diagnostics: [Diagnostic]
    }

    package static func read(_ bytes: [UInt8], path: RelativePath) -> Result {
        var result = Result(files: [], locations: [], diagnostics: [])
        var lines = SourceLocator(bytes)
        func location(_ offset: Int) -> SourceLocation {
            PropertyListReader.form(of: bytes) == .binary ? SourceLocation(line: 1, column: offset + 1) : lines.location(of: offset)
        }
        let root: JSONNode
        switch PropertyListReader.parse(bytes) {
        case .success(let node): root = node
        case .failure(let error):
            result.diagnostics.append(
                error.diagnostic(
                    path: path, id: .propertyListSyntax, severity: .warning,
                    prefix: "'Info.plist' is not a property list Galley can read: ", location: location))
            return result
        }
        guard let fonts = root.member("UIAppFonts")?.value else { return result }
        guard let names = fonts.arrayValue else {
            result.diagnostics.append(
                Diagnostic(
                    path: path, id: .wrongType, at: location(fonts.offset), severity: .warning,
                    message: "'UIAppFonts' is not an array of file names"))
            return result
        }
        for name in names {
            guard let file = name.stringValue else {
                result.diagnostics.append(
                    Diagnostic(
                        path: path, id: .wrongType, at: location(name.offset), severity: .warning,
                        message: "'UIAppFonts' holds something other than a file name"))
                continue
            }
            result.files.append(file)
            result.locations.append(location(name.offset))
        }
        return result
    }
}
