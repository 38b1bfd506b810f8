import GalleyCore

/// The configuration from `galley.json` and what every page gets from it:
/// the style sheets, the device layout and the problems the style names.
struct PageStyle {
    private(set) var config = GalleyConfig.standard
    /// Problems in `galley.json`, shown on every document.
    private(set) var configDiagnostics: [Diagnostic] = []
    /// `galley.json` when the folder has one: where folder-wide warnings
    /// about the style, such as a faint colour, are said.
    private(set) var configPath: RelativePath?
    /// The whole style sheet of a tagged document's page, with its JSON:
    /// one value that every tagged document shares (3.7 KB each of 10,000
    /// copies otherwise), encoded once rather than for every answer.
    private(set) var taggedCSS: PageStyleSheet
    /// What every page's style sheet starts with: the stand-in faces'
    /// fallbacks and the scales of each text size.
    private static let sharedCSS = SystemFonts.fallbacks.css + ContentSizeCategory.styleSheet + ScreenStyleSheet.css
    /// The same for rich and plain text documents, whose lines are as tall as `richTextFaces` say.
    private(set) var textCSS: PageStyleSheet
    /// The faces that draw the fonts rich-text documents name.
    private(set) var richTextFaces: RichTextFaces
    /// The preview's defaults from `galley.json`, for the page; built once
    /// per config, and shared by every document.
    private(set) var layoutJSON: JSONFragment
    /// The style fonts drawn with another face, for the page to name.
    private(set) var fontSubstitutes: [TextFaces.Face]
    /// Each kind's geometry with the faces the page draws with (`/api/layout`).
    private(set) var kindGeometries: KindGeometries
    /// The widths of the faces that draw each kind with a line limit, by
    /// kind name (`LineLimitCheck`); empty when no kind has one.
    private(set) var lineMeasures: [KindName: TextMeasure] = [:]
    /// How each text kind's colour falls short of WCAG's contrast, and its
    /// warning, by kind name (`TextContrastCheck`); kinds that pass are left out.
    private(set) var contrastShortfalls: [KindName: TextContrastCheck.KindShortfalls] = [:]
    /// Colour and font names in `galley.json` that find nothing, and fonts
    /// an `Info.plist` lists that are missing: shown on tagged documents.
    private(set) var styleDiagnostics: [Diagnostic] = []

    init() {
        let faces = SystemFonts.faces(for: ContentSchema.seed, bundled: BundledFonts())
        let rules = GalleyConfig.standard.layoutRules()
        taggedCSS = PageStyleSheet(Self.sharedCSS + KindStyleSheet.css(for: .seed, faces: faces, rules: rules))
        kindGeometries = KindGeometries(schema: .seed, faces: faces, rules: rules)
        fontSubstitutes = faces.substitutes
        layoutJSON = Self.layoutJSON(for: .standard, substitutes: fontSubstitutes)
        richTextFaces = RichTextFaces(bundled: BundledFonts())
        textCSS = Self.textCSS(richTextFaces)
        // A folder with no galley.json and no catalog is never restyled: the seed's caption is checked all the same.
        contrastShortfalls = TextContrastCheck.shortfalls(of: .seed, catalog: AssetCatalog(), traits: previewTraits)
    }

    var schema: ContentSchema { config.schema }

    /// Takes in the bytes of `galley.json` (nil: there is none): an invalid
    /// one keeps the last valid config in force and shows its errors on
    /// every document.
    mutating func configure(reading bytes: Result<[UInt8], any Error>?) {
        switch bytes {
        case nil:
            configPath = nil
            configure(.standard, diagnostics: [])
        case .success(let bytes)?:
            configPath = ConfigFile.name
            let result = ConfigReader(path: ConfigFile.name).read(bytes)
            configure(result.config, diagnostics: result.diagnostics)
        case .failure(let error)?:
            configPath = ConfigFile.name
            configure(
                nil,
                diagnostics: [Diagnostic(path: ConfigFile.name, id: .unreadableFile, at: .start, severity: .error, message: "\(error)")])
        }
    }

    private mutating func configure(_ newConfig: GalleyConfig?, diagnostics: [Diagnostic]) {
        if let newConfig {
            config = newConfig
            layoutJSON = Self.layoutJSON(for: newConfig, substitutes: fontSubstitutes)
        }
        configDiagnostics = diagnostics
    }

    /// The kinds' CSS with the colour sets and bundled `fonts` they name, and
    /// the warnings for names that find nothing; returns whether the CSS, the
    /// measure of lines or the faces of rich text changed.
    @discardableResult
    mutating func restyle(catalog: AssetCatalog, fonts bundled: BundledFonts, fontURL: (String) -> String?) -> Bool {
        var fonts = bundled
        fonts.folders = config.fontFolder.map { [$0] } ?? []
        let faces = SystemFonts.faces(for: schema, bundled: fonts)
        kindGeometries = KindGeometries(schema: schema, faces: faces, rules: config.layoutRules())
        let measures = LineLimitCheck.measures(for: schema, faces: faces) { [fonts] file in
            file.isBundled ? fonts.widths(ofFile: file.path) : SystemFonts.widths(ofFile: file.path, index: file.index)
        }
        // A bundled font saved again changes the lines, not the CSS.
        let measuresChanged = measures != lineMeasures
        lineMeasures = measures
        fontSubstitutes = faces.substitutes
        layoutJSON = Self.layoutJSON(for: config, substitutes: fontSubstitutes)
        let css =
            Self.sharedCSS + FontFaceStyleSheet.css(for: schema, fonts: fonts, url: fontURL)
            + KindStyleSheet.css(for: schema, faces: faces, rules: config.layoutRules())
            + ColorSetStyleSheet.css(for: schema, catalog: catalog)
        let unknownColors = schema.shownKinds.compactMap { kind -> Diagnostic? in
            guard let color = kind.style.color, KindStyleSheet.cssColor(color) == nil, !catalog.hasColorSet(named: color) else {
                return nil
            }
            return catalog.unknownColor(color, path: ConfigFile.name, range: kind.style.colorRange ?? SourceRange(at: .start))
        }
        contrastShortfalls = TextContrastCheck.shortfalls(of: schema, catalog: catalog, traits: previewTraits)
        styleDiagnostics =
            unknownColors + FontFaceStyleSheet.unknownFonts(in: schema, fonts: fonts, configPath: ConfigFile.name) + fonts.diagnostics
        // Rich text names its fonts in each document: any of the app's fonts may draw it.
        let richTextFacesChanged = fonts.faces != richTextFaces.bundledFaces
        if richTextFacesChanged {
            richTextFaces = RichTextFaces(bundled: fonts)
            textCSS = Self.textCSS(richTextFaces)
        }
        guard css != taggedCSS.css else { return measuresChanged || richTextFacesChanged }
        taggedCSS = PageStyleSheet(css)
        return true
    }

    private static func textCSS(_ faces: RichTextFaces) -> PageStyleSheet {
        PageStyleSheet(Self.sharedCSS + TextViewStyleSheet.css(faceMetrics: faces.metrics(forFamily:)))
    }

    /// The style sheet of a document of `kind`.
    func css(for kind: DocumentKind) -> PageStyleSheet {
        kind == .tagged ? taggedCSS : textCSS
    }

    /// What the previewed device is, for the file each asset resolves to.
    var previewTraits: AssetTraits {
        PreviewDevice.forWidth(config.deviceWidth).traits(appearance: config.appearance == .dark ? .dark : .light)
    }

    /// How many pixels wide an image as wide as the column is on the
    /// configured device: what pictures are drawn at.
    var shownImageWidth: Int {
        PictureDelivery.columnPixels(deviceWidth: config.deviceWidth)
    }

    private static func layoutJSON(for config: GalleyConfig, substitutes: [TextFaces.Face]) -> JSONFragment {
        var json = JSONWriter()
        json.beginObject()
        json.key("fontSubstitutes")
        FontSubstitutes.write(substitutes, into: &json)
        json.field("deviceWidth", Int(config.deviceWidth))
        json.field("appearance", config.appearance.rawValue)
        // The rules in force, for the document's info.
        json.field("sdk", config.sdk.description)
        // Which width is which device and its scale, so the page picks
        // among the files the renderer resolved for each one.
        json.key("devices")
        PreviewDevice.writeTable(into: &json)
        json.endObject()
        return JSONFragment(json)
    }
}
