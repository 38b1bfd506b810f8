/// When one entry of an image set or colour set applies: the traits its
/// `Contents.json` gives it. A nil trait means "any".
package struct VariantConditions: Sendable, Hashable {
    package var idiom: DeviceIdiom = .universal
    /// `1x`/`2x`/`3x`; nil for a single vector file that serves every scale.
    package var scale: Int?
    package var appearance: Luminosity?
    package var contrast: Contrast?
    package var widthClass: SizeClass?
    package var heightClass: SizeClass?
    package var gamut: DisplayGamut?
    package var locale: String?
    /// Older iPhone slots (`retina4`, `736h`) that only some screens take.
    package var subtype: String?

    package init(
        idiom: DeviceIdiom = .universal, scale: Int? = nil, appearance: Luminosity? = nil, contrast: Contrast? = nil,
        widthClass: SizeClass? = nil, heightClass: SizeClass? = nil, gamut: DisplayGamut? = nil, locale: String? = nil,
        subtype: String? = nil
    ) {
        self.idiom = idiom
        self.scale = scale
        self.appearance = appearance
        self.contrast = contrast
        self.widthClass = widthClass
        self.heightClass = heightClass
        self.gamut = gamut
        self.locale = locale
        self.subtype = subtype
    }
}

extension VariantConditions {
    /// The traits an entry of an image set or colour set is for.
    init(catalogEntry entry: JSONNode) {
        var conditions = VariantConditions()
        func text(_ key: String) -> String? { entry.member(key)?.value.stringValue }
        conditions.idiom = text("idiom").map(DeviceIdiom.init(catalogValue:)) ?? .universal
        if let scale = text("scale"), scale.hasSuffix("x"), let value = Int(scale.dropLast()), (1...3).contains(value) {
            conditions.scale = value
        }
        for appearance in entry.member("appearances")?.value.arrayValue ?? [] {
            let value = appearance.member("value")?.value.stringValue
            switch appearance.member("appearance")?.value.stringValue {
            case "luminosity": conditions.appearance = value.flatMap(Luminosity.init)
            case "contrast": conditions.contrast = value == "high" ? .high : nil
            default: continue
            }
        }
        conditions.widthClass = text("width-class").flatMap(SizeClass.init)
        conditions.heightClass = text("height-class").flatMap(SizeClass.init)
        conditions.gamut = text("display-gamut").flatMap(DisplayGamut.init)
        conditions.locale = text("locale")
        conditions.subtype = text("subtype")
        self = conditions
    }
}
