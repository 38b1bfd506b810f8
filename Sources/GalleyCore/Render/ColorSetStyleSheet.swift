/// CSS custom properties for the colour sets a schema's styles name, one
/// per set, switched with the page's appearance (and the reader's contrast
/// setting) as the app switches them.
package enum ColorSetStyleSheet {
    /// The custom property that holds colour set `name`.
    package static func property(for name: String) -> String {
        "--galley-color-" + KindStyleSheet.cssIdentifier(name)
    }

    /// The colour-set names a schema's styles use (not SwiftUI names nor hex).
    package static func colorSetNames(in schema: ContentSchema) -> [String] {
        var seen = Set<String>()
        return schema.shownKinds.compactMap(\.style.color)
            .filter { KindStyleSheet.cssColor($0) == nil && seen.insert($0).inserted }
    }

    package static func css(for schema: ContentSchema, catalog: AssetCatalog) -> String {
        let names = colorSetNames(in: schema).filter(catalog.hasColorSet(named:))
        guard !names.isEmpty else { return "" }
        let device = PreviewDevice.all[0]
        func declarations(_ luminosity: Luminosity, _ contrast: Contrast) -> String {
            names.compactMap { name in
                catalog.color(named: name, for: device.traits(appearance: luminosity, contrast: contrast)).map {
                    "\(property(for: name)):\($0.css)"
                }
            }.joined(separator: ";")
        }
        // The same selectors as the page's own dark colours (galley.css).
        let dark = ":root[data-appearance=\"dark\"]"
        let systemDark = ":root:not([data-appearance=\"light\"])"
        return ":root{\(declarations(.light, .normal))}\n"
            + "\(dark){\(declarations(.dark, .normal))}\n"
            + "@media (prefers-color-scheme: dark){\(systemDark){\(declarations(.dark, .normal))}}\n"
            + "@media (prefers-contrast: more){:root{\(declarations(.light, .high))}\(dark){\(declarations(.dark, .high))}}\n"
            + "@media (prefers-contrast: more) and (prefers-color-scheme: dark){\(systemDark){\(declarations(.dark, .high))}}\n"
    }
}
