/// The rule UIKit follows to pick one entry of a set for a device: the one
/// home of it, used for image sets and colour sets alike.
public enum VariantMatching {
    /// The index of the entry a device with `traits` loads, or nil when
    /// no entry is for its idiom (nor universal).
    ///
    /// An exact idiom beats `universal`. Then, trait by trait (size
    /// classes, appearance, contrast, gamut, locale), an entry made for the
    /// device's value beats one for any value, which beats one for another
    /// value. Last the scale: the exact one, else the nearest larger, else
    /// the nearest smaller; an entry without a scale serves every scale.
    public static func bestIndex(_ entries: [VariantConditions], for traits: AssetTraits) -> Int? {
        let exact = entries.indices.filter { entries[$0].idiom == traits.idiom }
        let candidates = exact.isEmpty ? entries.indices.filter { entries[$0].idiom == .universal } : exact
        return bestIndex(among: candidates, entries, traits)
    }

    /// The entry a device would load if idioms did not matter: what the
    /// preview shows, beside a warning, when the device itself finds none.
    public static func nearestIndex(_ entries: [VariantConditions], for traits: AssetTraits) -> Int? {
        bestIndex(entries, for: traits) ?? bestIndex(among: Array(entries.indices), entries, traits)
    }

    private static func bestIndex(among candidates: [Int], _ entries: [VariantConditions], _ traits: AssetTraits) -> Int? {
        var remaining = candidates
        narrow(&remaining, entries, \.subtype, to: nil)
        narrow(&remaining, entries, \.widthClass, to: traits.widthClass)
        narrow(&remaining, entries, \.heightClass, to: traits.heightClass)
        narrow(&remaining, entries, \.appearance, to: traits.appearance)
        narrow(&remaining, entries, \.contrast, to: traits.contrast == .high ? .high : nil)
        narrow(&remaining, entries, \.gamut, to: traits.gamut)
        narrowLocale(&remaining, entries, to: traits.locale)
        return bestScale(remaining, entries, traits.scale)
    }

    /// Keeps the entries made for `value`, else those for any value; when
    /// neither exists every entry stays (the nearest the set offers).
    private static func narrow<Value: Equatable>(_ remaining: inout [Int], _ entries: [VariantConditions], _ trait: KeyPath<VariantConditions, Value?>, to value: Value?) {
        let matching = remaining.filter { entries[$0][keyPath: trait] == value }
        if !matching.isEmpty { remaining = matching; return }
        let unconditional = remaining.filter { entries[$0][keyPath: trait] == nil }
        if !unconditional.isEmpty { remaining = unconditional }
    }

    /// `ja` matches `ja`, then `ja-JP` matches `ja`; else unlocalised entries.
    private static func narrowLocale(_ remaining: inout [Int], _ entries: [VariantConditions], to locale: String?) {
        func language(_ tag: String) -> Substring { tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "" }
        if let locale {
            let exact = remaining.filter { entries[$0].locale?.lowercased() == locale.lowercased() }
            if !exact.isEmpty { remaining = exact; return }
            let sameLanguage = remaining.filter { entries[$0].locale.map(language) == language(locale) }
            if !sameLanguage.isEmpty { remaining = sameLanguage; return }
        }
        let unlocalised = remaining.filter { entries[$0].locale == nil }
        if !unlocalised.isEmpty { remaining = unlocalised }
    }

    private static func bestScale(_ remaining: [Int], _ entries: [VariantConditions], _ scale: Int) -> Int? {
        func rank(_ index: Int) -> (Int, Int) {
            guard let entryScale = entries[index].scale else { return (1, 0) }
            if entryScale == scale { return (0, 0) }
            if entryScale > scale { return (2, entryScale - scale) }
            return (3, scale - entryScale)
        }
        // Ties keep the set's own order.
        return remaining.min { rank($0) < rank($1) }
    }
}
