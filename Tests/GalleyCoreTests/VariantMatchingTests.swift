import GalleyCore
import XCTest

/// The resolution rule, from tables: a set's entries and a device in, the
/// entry the device loads out.
final class VariantMatchingTests: XCTestCase {
    private let iPhone = PreviewDevice.forWidth(390).traits(appearance: .light)
    private let iPad = PreviewDevice.forWidth(820).traits(appearance: .light)

    private func entry(
        _ idiom: DeviceIdiom = .universal, _ scale: Int? = nil, _ appearance: Luminosity? = nil, contrast: Contrast? = nil,
        width: SizeClass? = nil, gamut: DisplayGamut? = nil, locale: String? = nil
    ) -> VariantConditions {
        VariantConditions(
            idiom: idiom, scale: scale, appearance: appearance, contrast: contrast, widthClass: width, gamut: gamut, locale: locale)
    }

    private func traits(
        _ base: AssetTraits, scale: Int? = nil, appearance: Luminosity? = nil, contrast: Contrast? = nil, gamut: DisplayGamut? = nil,
        locale: String? = nil
    ) -> AssetTraits {
        var traits = base
        if let scale { traits.scale = scale }
        if let appearance { traits.appearance = appearance }
        if let contrast { traits.contrast = contrast }
        if let gamut { traits.gamut = gamut }
        traits.locale = locale
        return traits
    }

    func testPreviewDevicesByWidth() {
        for width in [320.0, 375, 390, 393, 430] {
            XCTAssertEqual(PreviewDevice.forWidth(width).idiom, .iphone, "\(width)")
            XCTAssertEqual(PreviewDevice.forWidth(width).scale, 3, "\(width)")
        }
        XCTAssertEqual(PreviewDevice.forWidth(820).idiom, .ipad)
        XCTAssertEqual(PreviewDevice.forWidth(820).scale, 2)
        XCTAssertEqual(PreviewDevice.forWidth(820).widthClass, .regular)
    }

    func testResolutionTable() {
        let scales = [entry(.universal, 1), entry(.universal, 2), entry(.universal, 3)]
        let cases: [(String, [VariantConditions], AssetTraits, Int?)] = [
            ("exact scale on an iPhone", scales, iPhone, 2),
            ("exact scale on the iPad", scales, iPad, 1),
            ("nearest larger scale", [entry(.universal, 1), entry(.universal, 3)], iPad, 1),
            ("nearest smaller when no larger", [entry(.universal, 1), entry(.universal, 2)], iPhone, 1),
            ("nearest larger beats nearest smaller", [entry(.universal, 1), entry(.universal, 3)], traits(iPhone, scale: 2), 1),
            ("a single vector serves every scale", [entry()], iPhone, 0),
            ("an exact idiom beats universal", [entry(.universal, 3), entry(.iphone, 1)], iPhone, 1),
            ("universal when the idiom has no entry", [entry(.universal, 2), entry(.ipad, 2)], iPhone, 0),
            ("the iPad's own entry", [entry(.universal, 2), entry(.ipad, 2)], iPad, 1),
            ("no entry for the device", [entry(.ipad, 2), entry(.mac, 2)], iPhone, nil),
            ("dark entry in dark", [entry(.universal, 3), entry(.universal, 3, .dark)], traits(iPhone, appearance: .dark), 1),
            ("any entry in light", [entry(.universal, 3), entry(.universal, 3, .dark)], iPhone, 0),
            ("explicit light beats any", [entry(.universal, 3), entry(.universal, 3, .light), entry(.universal, 3, .dark)], iPhone, 1),
            ("dark beats the exact scale", [entry(.universal, 3), entry(.universal, 1, .dark)], traits(iPhone, appearance: .dark), 1),
            ("dark only, shown in light as the nearest", [entry(.universal, 2, .dark)], iPhone, 0),
            ("high contrast", [entry(), entry(contrast: .high)], traits(iPhone, contrast: .high), 1),
            ("normal contrast skips the high one", [entry(contrast: .high), entry()], iPhone, 1),
            (
                "dark and high contrast", [entry(), entry(.universal, nil, .dark), entry(.universal, nil, .dark, contrast: .high)],
                traits(iPhone, appearance: .dark, contrast: .high), 2
            ),
            ("compact width", [entry(width: .regular), entry(width: .compact)], iPhone, 1),
            ("regular width on the iPad", [entry(width: .compact), entry(width: .regular)], iPad, 1),
            ("display P3", [entry(gamut: .sRGB), entry(gamut: .displayP3)], iPhone, 1),
            ("sRGB device", [entry(gamut: .displayP3), entry(gamut: .sRGB)], traits(iPhone, gamut: .sRGB), 1),
            ("locale", [entry(), entry(locale: "ar"), entry(locale: "ja")], traits(iPhone, locale: "ja"), 2),
            ("locale by language", [entry(), entry(locale: "ja")], traits(iPhone, locale: "ja-JP"), 1),
            ("unlocalised for another language", [entry(locale: "ar"), entry()], traits(iPhone, locale: "fr"), 1),
            ("unlocalised without a locale", [entry(locale: "ar"), entry()], iPhone, 1),
            ("empty set", [], iPhone, nil),
        ]
        for (name, entries, traits, expected) in cases {
            XCTAssertEqual(VariantMatching.bestIndex(entries, for: traits), expected, name)
        }
    }

    func testNearestFileIgnoresTheIdiomOnlyWhenNothingElseMatches() {
        let macOnly = [entry(.mac, 1), entry(.mac, 2)]
        XCTAssertNil(VariantMatching.bestIndex(macOnly, for: iPhone))
        XCTAssertEqual(VariantMatching.nearestIndex(macOnly, for: iPhone), 1)
        XCTAssertEqual(VariantMatching.nearestIndex([entry(.universal, 1), entry(.mac, 3)], for: iPhone), 0)
    }

    func testImageSetSkipsEmptySlots() {
        let contents = ImageSetContents.read(
            Array(
                #"""
                {"images": [{"idiom": "universal", "scale": "1x", "filename": "a.pdf"}, {"idiom": "universal", "scale": "2x"}, {"idiom": \#
                "universal", "scale": "3x"}],
                 "properties": {"template-rendering-intent": "template", "preserves-vector-representation": true, "compression-type": \#
                "lossless", "localizable": true}}
                """#.utf8), path: "x.imageset/Contents.json")
        XCTAssertEqual(contents.file(for: iPhone)?.filename, "a.pdf")
        XCTAssertEqual(contents.renderingIntent, .template)
        XCTAssertTrue(contents.preservesVectorRepresentation)
        XCTAssertEqual(contents.compressionType, "lossless")
        XCTAssertTrue(contents.isLocalizable)
        XCTAssertEqual(contents.diagnostics, [])
    }

    func testImageSetReadsEveryTrait() {
        let contents = ImageSetContents.read(
            Array(
                #"""
                {"images": [{"idiom": "iphone", "scale": "2x", "filename": "a.png", "width-class": "compact", "height-class": "regular",
                  "display-gamut": "display-P3", "locale": "ja", "subtype": "retina4",
                  "appearances": [{"appearance": "luminosity", "value": "dark"}, {"appearance": "contrast", "value": "high"}]},
                 {"idiom": "ios-marketing", "scale": "1x", "filename": "m.png"},
                 {"idiom": "universal", "scale": "4x", "filename": "b.png"}]}
                """#.utf8), path: "x.imageset/Contents.json")
        XCTAssertEqual(
            contents.entries[0].conditions,
            VariantConditions(
                idiom: .iphone, scale: 2, appearance: .dark, contrast: .high, widthClass: .compact, heightClass: .regular,
                gamut: .displayP3, locale: "ja", subtype: "retina4"))
        XCTAssertEqual(contents.entries[0].filenameLocation, SourceLocation(line: 1, column: 60))
        XCTAssertEqual(contents.entries[1].conditions.idiom, .marketing)
        XCTAssertEqual(
            contents.diagnostics.map(\.formatted),
            ["x.imageset/Contents.json:5:34: warning: unknown scale '4x', expected '1x', '2x' or '3x'"])
    }

    func testBrokenContentsIsAWarningWithItsPosition() {
        let contents = ImageSetContents.read(Array("{\n  \"images\": [,]\n}".utf8), path: "x.imageset/Contents.json")
        XCTAssertEqual(contents.entries, [])
        XCTAssertEqual(contents.diagnostics.first?.location.line, 2)
        XCTAssertEqual(contents.diagnostics.first?.severity, .warning)
    }
}
