/// The rule UIKit follows to pick one entry of a set for a device: the one
/// home of it, used for image sets and colour sets alike.
package enum VariantMatching {
    /// The index of the entry a device with `traits` loads, or nil when
    /// no entry is for its idiom (nor universal).
    ///
    /// An exact idiom beats `universal`. Then, trait by trait (size
    /// classes, appearance, contrast, gamut, locale), an entry made for the
    /// device's value beats one for any value, which beats one for another
    /// value. Last the scale: the exact one, else the nearest larger, else
    /// the nearest smaller; an entry without a scale serves every scale.
    package static func bestIndex(_ entries: [VariantConditions], for traits: AssetTraits) -> Int? {
        let exact = entries.indices.filter { entries[$0].idiom == traits.idiom }
        let candidates = exact.isEmpty ? entries.indices.filter { entries[$0].idiom == .universal } : exact
        return bestIndex(among: candidates, entries, traits)
    }

    /// The entry a device would load if idioms did not matter: what the
    /// preview shows, beside a warning, when the device itself finds none.
    package static func nearestIndex(_ entries: [VariantConditions], for traits: AssetTraits) -> Int? {
        bestIndex(entries, for: traits) ?? bestIndex(among: Array(entries.indices), entries, traits)
    }

    private static func bestIndex(among candidates: [Int], _ entries: [VariantConditions], _ traits: AssetTraits) -> Int? {
        var remaining = candidates
        narrow(&remaining, to: nil) { entries[$0].subtype }
        narrow(&remaining, to: traits.widthClass) { entries[$0].widthClass }
        narrow(&remaining, to: traits.heightClass) { entries[$0].heightClass }
        narrow(&remaining, to: traits.appearance) { entries[$0].appearance }
        narrow(&remaining, to: traits.contrast == .high ? .high : nil) { entries[$0].contrast }
        narrow(&remaining, to: traits.gamut) { entries[$0].gamut }
        narrowLocale(&remaining, entries, to: traits.locale)
        return bestScale(remaining, entries, traits.scale)
    }

    /// Keeps the entries made for `value`, else those for any value; when
    /// neither exists every entry stays (the nearest the set offers). The
    /// trait is read through a closure, not a key path: projecting a key
    /// path was most of the cost of matching a set of a few entries.
    private static func narrow<Value: Equatable>(_ remaining: inout [Int], to value: Value?, _ trait: (Int) -> Value?) {
        // Most sets name few traits: when every entry is for any value, all stay.
        guard remaining.contains(where: { trait($0) != nil }) else { return }
        let matching = remaining.filter { trait($0) == value }
        if !matching.isEmpty {
            remaining = matching
            return
        }
        let unconditional = remaining.filter { trait($0) == nil }
        if !unconditional.isEmpty { remaining = unconditional }
    }

    /// `ja` matches `ja`, then `ja-JP` matches `ja`; else unlocalised entries.
    private static func narrowLocale(_ remaining: inout [Int], _ entries: [VariantConditions], to locale: String?) {
        guard remaining.contains(where: { entries[$0].locale != nil }) else { return }
        func language(_ tag: String) -> Substring { tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "" }
        if let locale {
            let exact = remaining.filter { entries[$0].locale?.lowercased() == locale.lowercased() }
            if !exact.isEmpty {
                remaining = exact
                return
            }
            let sameLanguage = remaining.filter { entries[$0].locale.map(language) == language(locale) }
            if !sameLanguage.isEmpty {
                remaining = sameLanguage
                return
            }
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
