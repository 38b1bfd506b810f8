/// `@font-face` rules for the fonts a schema's styles name that the app
/// bundles, so the page draws with the app's own font files.
package enum FontFaceStyleSheet {
    /// `url` gives the address the page loads a font file from.
    package static func css(for schema: ContentSchema, fonts: BundledFonts, url: (String) -> String?) -> String {
        var seen = Set<String>()
        var css = ""
        for kind in schema.shownKinds {
            guard let name = kind.style.fontFamily, seen.insert(name.lowercased()).inserted else { continue }
            let faces = fonts.faces(named: name)
            let isFamily = faces.contains { $0.names.family.lowercased() == name.lowercased() }
            for face in faces {
                guard let address = url(face.path) else { continue }
                css += "@font-face{font-family:\(FontStack.quote(name));src:url(\"\(cssEscaped(address))\")"
                // A family gets each face at its own weight and style; a face
                // named by PostScript name is that name's only face.
                if isFamily { css += ";font-weight:\(face.names.weight);font-style:\(face.names.isItalic ? "italic" : "normal")" }
                css += "}\n"
            }
        }
        return css
    }

    /// The style fonts that are neither bundled nor iOS's own, as warnings
    /// at their place in `galley.json`.
    package static func unknownFonts(in schema: ContentSchema, fonts: BundledFonts, configPath: RelativePath) -> [Diagnostic] {
        schema.shownKinds.compactMap { kind in
            guard let name = kind.style.fontFamily, fonts.faces(named: name).isEmpty, !SystemFontFamilies.contains(name) else { return nil }
            return Diagnostic(
                path: configPath, id: .unknownFont, range: kind.style.fontRange ?? SourceRange(at: .start), severity: .warning,
                message: "font '\(name)' is neither bundled (listed under 'UIAppFonts' in an Info.plist) nor an iOS system font")
        }
    }

    private static func cssEscaped(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\"" && $0 != "\\" && $0.value >= 0x20 }))
    }
}
