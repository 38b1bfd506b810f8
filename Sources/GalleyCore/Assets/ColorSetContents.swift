/// An Xcode `*.colorset/Contents.json`: each entry's traits and colour, in
/// every notation Xcode writes (float, `0x` hex and 0–255 components,
/// five colour spaces, system colour references).
package struct ColorSetContents: Sendable, Equatable {
    package enum Value: Sendable, Equatable {
        case components(CatalogColor)
        /// A system colour (`systemBlueColor`) for a platform (`ios`, `osx`, `universal`).
        case reference(String, platform: String?)
    }

    package struct Entry: Sendable, Equatable {
        package var conditions: VariantConditions
        package var value: Value
        package var location: SourceLocation
    }

    package var entries: [Entry] = []
    package var diagnostics: [Diagnostic] = []

    package init() {}

    /// The colour a device with `traits` shows; nil when no entry is for it
    /// or it refers to a system colour Galley does not know.
    package func color(for traits: AssetTraits) -> CatalogColor? {
        guard let index = VariantMatching.nearestIndex(entries.map(\.conditions), for: traits) else { return nil }
        switch entries[index].value {
        case .components(let color): return color
        case .reference(let name, let platform):
            return SystemColors.color(named: name, platform: platform, appearance: traits.appearance, contrast: traits.contrast)
        }
    }

    package static func read(_ bytes: [UInt8], path: RelativePath) -> ColorSetContents {
        var contents = ColorSetContents()
        var lines = SourceLocator(bytes)
        guard let root = CatalogJSON.parse(bytes, path: path, lines: lines, what: "colour set", into: &contents.diagnostics) else {
            return contents
        }
        for entry in root.member("colors")?.value.arrayValue ?? [] {
            let location = lines.location(of: entry.offset)
            guard let color = entry.member("color")?.value else { continue }
            func warn(_ message: String, at node: JSONNode? = nil, id: DiagnosticID = .invalidValue) {
                contents.diagnostics.append(
                    Diagnostic(
                        path: path, id: id, range: node.map { lines.range(of: $0.headOffsets) } ?? SourceRange(at: location),
                        severity: .warning, message: message))
            }
            if let reference = color.member("reference")?.value.stringValue {
                let platform = color.member("platform")?.value.stringValue
                if SystemColors.color(named: reference, platform: platform, appearance: .light) == nil {
                    warn("unknown system colour '\(reference)'", at: color.member("reference")?.value, id: .unknownColor)
                }
                contents.entries.append(
                    Entry(
                        conditions: VariantConditions(catalogEntry: entry), value: .reference(reference, platform: platform),
                        location: location))
                continue
            }
            let spaceName = color.member("color-space")?.value.stringValue ?? "srgb"
            guard let space = CatalogColor.Space(rawValue: spaceName) else {
                warn("unknown colour space '\(spaceName)'", at: color.member("color-space")?.value)
                continue
            }
            let components = color.member("components")?.value
            func component(_ key: String, isAlpha: Bool = false) -> Double? {
                guard let node = components?.member(key)?.value else { return nil }
                guard let value = componentValue(node, isAlpha: isAlpha) else {
                    warn("unreadable colour component '\(key)'", at: node)
                    return nil
                }
                return value
            }
            let alpha = component("alpha", isAlpha: true) ?? 1
            let parsed: CatalogColor?
            switch space {
            case .grayGamma22, .extendedGray:
                parsed = component("white").map { CatalogColor(white: $0, alpha: alpha, space: space) }
            default:
                if let red = component("red"), let green = component("green"), let blue = component("blue") {
                    parsed = CatalogColor(space: space, red: red, green: green, blue: blue, alpha: alpha)
                } else {
                    parsed = nil
                }
            }
            guard let parsed else {
                warn("colour has no readable components")
                continue
            }
            contents.entries.append(
                Entry(conditions: VariantConditions(catalogEntry: entry), value: .components(parsed), location: location))
        }
        return contents
    }

    /// `"0.800"` and `0.8` are fractions, `"0xCC"` and `"204"` bytes; an
    /// alpha is always a fraction unless written in hex.
    private static func componentValue(_ node: JSONNode, isAlpha: Bool) -> Double? {
        switch node.value {
        case .number(let number):
            return !isAlpha && number > 1 ? number / 255 : number
        case .string(let text):
            let trimmed = text.trimmingSpaces
            if trimmed.hasPrefix("0x") || trimmed.hasPrefix("0X") {
                return Int(trimmed.dropFirst(2), radix: 16).map { Double($0) / 255 }
            }
            guard let number = Double(trimmed), number.isFinite else { return nil }
            let isByte = !isAlpha && !trimmed.contains(".") && !trimmed.contains("e") && !trimmed.contains("E")
            return isByte ? number / 255 : number
        default:
            return nil
        }
    }
}
