/// Whether each text kind, and rich text that sets its own colours, can be
/// read in every appearance the device offers: WCAG 2.2's contrast ratio
/// against the view's background in light, dark and increased contrast.
package enum TextContrastCheck {
    /// One appearance in which a colour falls short.
    package struct Shortfall: Equatable, Sendable {
        package var appearance: Luminosity
        package var contrast: Contrast
        package var foreground: CatalogColor
        package var background: CatalogColor
        package var ratio: Double
        package var required: Double
    }

    /// The appearances an iPhone offers, in the order a message names them.
    static let appearances: [(Luminosity, Contrast)] = [(.light, .normal), (.dark, .normal), (.light, .high), (.dark, .high)]

    /// SwiftUI's `Text` is drawn at `.body` (17 pt) unless a size is given.
    static let defaultPoints = 17.0

    /// The appearances in which text of `style` is too faint on the view's
    /// background; empty when it passes everywhere or its colour is unknown.
    package static func shortfalls(of style: KindStyle, catalog: AssetCatalog, traits: AssetTraits) -> [Shortfall] {
        let points = style.fontSize ?? defaultPoints
        let required = ContrastRatio.required(points: points, isBold: isBold(style.fontWeight))
        return appearances.compactMap { appearance, contrast in
            var shown = traits
            shown.appearance = appearance
            shown.contrast = contrast
            guard let foreground = color(style.color ?? "primary", catalog: catalog, traits: shown) else { return nil }
            let background = viewBackground(appearance, contrast)
            let ratio = ContrastRatio.of(foreground, on: background)
            guard ratio < required else { return nil }
            return Shortfall(
                appearance: appearance, contrast: contrast, foreground: foreground, background: background, ratio: ratio, required: required
            )
        }
    }

    /// How a text kind falls short, and what its warning says.
    package struct KindShortfalls: Equatable, Sendable {
        package var shortfalls: [Shortfall]
        package var message: String
    }

    /// The shortfalls of each text kind of `schema` that falls short
    /// somewhere, with the warning's message, by kind name: they depend on
    /// the style, the colour sets and the device alone, so they are found
    /// when those change, not per save.
    package static func shortfalls(of schema: ContentSchema, catalog: AssetCatalog, traits: AssetTraits) -> [KindName: KindShortfalls] {
        var found: [KindName: KindShortfalls] = [:]
        for kind in schema.shownKinds where kind.role == .text {
            let shortfalls = shortfalls(of: kind.style, catalog: catalog, traits: traits)
            if !shortfalls.isEmpty {
                found[kind.name] = KindShortfalls(shortfalls: shortfalls, message: message(kind: kind, shortfalls: shortfalls))
            }
        }
        return found
    }

    /// A warning for each text kind of `schema` (among `kinds`, when given)
    /// that falls short somewhere, said once for the folder: at the kind's
    /// colour in `galley.json` when the configuration sets one, else at the
    /// kind's declaration there; for a kind the seed styles alone, at the
    /// start of `galley.json` when there is one (where a colour would be
    /// set), else, with no configuration to point at, at the first block of
    /// that kind in `document`, the folder's first to use it.
    /// `shortfalls` are those `shortfalls(of:catalog:traits:)` found for the schema.
    package static func diagnostics(
        for schema: ContentSchema, among kinds: Set<KindName>? = nil, shortfalls shortfallsOfKind: [KindName: KindShortfalls],
        configPath: RelativePath?, document: Document, documentPath: RelativePath
    ) -> [Diagnostic] {
        // Most renderings have no kind to speak of: asked before the schema's kinds are walked.
        if shortfallsOfKind.isEmpty || kinds?.isEmpty == true { return [] }
        var diagnostics: [Diagnostic] = []
        func consider(_ kind: BlockKind) {
            guard kind.role == .text, kinds?.contains(kind.name) ?? true, let found = shortfallsOfKind[kind.name] else { return }
            let path: RelativePath
            let location: SourceLocation
            if let configPath {
                (path, location) = (configPath, kind.style.colorRange?.start ?? kind.declarationRange?.start ?? .start)
            } else {
                (path, location) = (documentPath, document.blocks.first { $0.kind == kind.name }?.location ?? .start)
            }
            diagnostics.append(Diagnostic(path: path, id: .lowContrast, at: location, severity: .warning, message: found.message))
        }
        schema.forEachShownKind(consider)
        return diagnostics
    }

    /// What a run's contrast depends on: a document sets few of these and
    /// repeats them in every paragraph.
    private struct RunColors: Hashable {
        var color: RGBColor
        var background: RGBColor?
        var points: Double
        var isBold: Bool
    }

    /// The paragraphs of a rich-text document whose own colours are too
    /// faint, which its warning counts and whose first it points at: kept
    /// with the document, so that its next version is judged only where it
    /// changed (judging every paragraph of a 1 MB RTF again took a sixth of a save).
    package struct RichTextContrast: Sendable, Equatable {
        /// The faint paragraphs' indices among the document's blocks, ascending.
        package internal(set) var faintBlocks: [Int]
        /// How many blocks the document has.
        let blockCount: Int
    }

    /// The faint paragraphs of `document`: from `earlier`, those of the
    /// version before it, where `unchanged` says its blocks are unchanged,
    /// and judged anew elsewhere. Each distinct colour, background, size and
    /// weight is judged once (`work` counts those judgements): in an RTF of
    /// 5,000 coloured paragraphs, judging every run again took four fifths of a save.
    package static func richTextContrast(
        of document: Document, reusing earlier: RichTextContrast? = nil, unchanged: UnchangedBlocks? = nil,
        work: WorkCounter? = nil
    ) -> RichTextContrast {
        var judge = RunJudge(work: work)
        let blocks = document.blocks
        guard let earlier, let unchanged, unchanged.matches(earlierCount: earlier.blockCount, count: blocks.count) else {
            return RichTextContrast(faintBlocks: blocks.indices.filter { judge.faintRun(in: blocks[$0]) != nil }, blockCount: blocks.count)
        }
        let faint = earlier.faintBlocks
        // Before the change, the same indices; after it, shifted.
        let kept = faint.partitionPoint { $0 >= unchanged.prefix }
        let movedStart = faint.partitionPoint { $0 >= unchanged.suffixStart + unchanged.suffixShift }
        var found = Array(faint[..<kept])
        found += unchanged.changed.filter { judge.faintRun(in: blocks[$0]) != nil }
        found += faint[movedStart...].map { $0 - unchanged.suffixShift }
        return RichTextContrast(faintBlocks: found, blockCount: blocks.count)
    }

    /// A warning at the first paragraph of a rich-text document whose own
    /// colours are too faint on the text view's background in some appearance
    /// (black text written into an RTF is black on black in dark appearance),
    /// from its faint paragraphs `contrast`.
    package static func richTextDiagnostic(_ contrast: RichTextContrast, in document: Document, path: RelativePath) -> Diagnostic? {
        var judge = RunJudge(work: nil)
        guard let index = contrast.faintBlocks.first, document.blocks.indices.contains(index),
            let faint = judge.faintRun(in: document.blocks[index])
        else { return nil }
        let count = contrast.faintBlocks.count
        let others = count > 1 ? "; \(count) paragraphs set colours like it" : ""
        let message =
            "text colour \(hex(faint.run.style.color.map(CatalogColor.init) ?? faint.shortfall.foreground)) has a contrast ratio of "
            + "\(formatted(faint.shortfall.ratio)):1 on the text view's background \(hex(faint.shortfall.background)) in "
            + "\(name(faint.shortfall)); \(formatted(faint.shortfall.required)):1 is needed (WCAG 2.2)\(others)"
        return Diagnostic(path: path, id: .lowContrast, at: document.blocks[index].location, severity: .warning, message: message)
    }

    /// Judges runs' colours, each distinct colour, background, size and weight once.
    private struct RunJudge {
        let work: WorkCounter?
        var judged: [RunColors: Shortfall?] = [:]
        /// Paragraphs mostly take turns among a few styles: the last few
        /// judgements are kept at hand, which is cheaper than hashing. Kept
        /// in place and overwritten in turn (inserting at the front moved
        /// them at every paragraph).
        var recent: [(colors: RunColors, shortfall: Shortfall?)] = []
        var nextReplaced = 0
        /// How many judgements are kept at hand.
        static let judgementsAtHand = 4

        init(work: WorkCounter?) {
            self.work = work
            recent.reserveCapacity(Self.judgementsAtHand)
        }

        /// The first run of `block`, a paragraph, that shows text in a colour too faint.
        mutating func faintRun(in block: Block) -> (run: TextRun, shortfall: Shortfall)? {
            guard case .paragraph(let paragraph) = block.content else { return nil }
            // By index: a run is read in place, not copied with its text.
            let runs = paragraph.runs
            for index in runs.indices {
                guard let color = runs[index].style.color else { continue }
                let colors = RunColors(
                    color: color, background: runs[index].style.background,
                    points: runs[index].style.fontSize ?? 12, isBold: runs[index].style.bold)
                let shortfall: Shortfall?
                if let kept = recent.firstIndex(where: { $0.colors == colors }) {
                    shortfall = recent[kept].shortfall
                } else {
                    if let known = judged[colors] {
                        shortfall = known
                    } else {
                        work?.add(1)
                        shortfall = TextContrastCheck.shortfall(
                            of: colors.color, background: colors.background, points: colors.points, isBold: colors.isBold)
                        judged[colors] = shortfall
                    }
                    if recent.count < Self.judgementsAtHand {
                        recent.append((colors, shortfall))
                    } else {
                        recent[nextReplaced] = (colors, shortfall)
                        nextReplaced = (nextReplaced + 1) % Self.judgementsAtHand
                    }
                }
                if let shortfall, !runs[index].text.isBlank { return (runs[index], shortfall) }
            }
            return nil
        }
    }

    /// The first appearance in which an explicit run colour is too faint:
    /// on its own background when it sets one, else on the view's.
    private static func shortfall(of color: RGBColor, background: RGBColor?, points: Double, isBold: Bool) -> Shortfall? {
        let foreground = CatalogColor(color)
        let required = ContrastRatio.required(points: points, isBold: isBold)
        for (appearance, contrast) in appearances {
            let behind = background.map(CatalogColor.init) ?? viewBackground(appearance, contrast)
            let ratio = ContrastRatio.of(foreground, on: behind)
            if ratio < required {
                return Shortfall(
                    appearance: appearance, contrast: contrast, foreground: foreground, background: behind, ratio: ratio, required: required
                )
            }
        }
        return nil
    }

    private static func message(kind: BlockKind, shortfalls: [Shortfall]) -> String {
        let colour = kind.style.color ?? "primary"
        let worst = shortfalls.min { $0.ratio < $1.ratio } ?? shortfalls[0]
        let places = shortfalls.map { "\(formatted($0.ratio)):1 in \(name($0))" }.joined(separator: ", ")
        let points = formatted(kind.style.fontSize ?? defaultPoints)
        return
            "'\(kind.name)' text colour '\(colour)' (\(hex(worst.foreground))) on the background \(hex(worst.background)) has a contrast "
            + "ratio of \(places); \(points) pt text needs \(formatted(worst.required)):1 (WCAG 2.2)"
    }

    /// A style colour in one appearance: a SwiftUI name, `#rrggbb`, or a colour set.
    static func color(_ name: String, catalog: AssetCatalog, traits: AssetTraits) -> CatalogColor? {
        if let reference = SwiftUIColors.systemReference(of: name) {
            return SystemColors.color(named: reference, platform: "ios", appearance: traits.appearance, contrast: traits.contrast)
        }
        if let rgb = hexColor(name) { return rgb }
        return catalog.color(named: name, for: traits)
    }

    /// What a `ScrollView` or text view shows behind text: the system background.
    static func viewBackground(_ appearance: Luminosity, _ contrast: Contrast) -> CatalogColor {
        SystemColors.color(named: "systemBackground", platform: "ios", appearance: appearance, contrast: contrast)
            ?? CatalogColor(red: 1, green: 1, blue: 1)
    }

    private static func hexColor(_ text: String) -> CatalogColor? {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let rgb = digits.count == 8 ? value >> 8 : value
        let alpha = digits.count == 8 ? Double(value & 0xFF) / 255 : 1
        return CatalogColor(
            red: Double(rgb >> 16 & 0xFF) / 255, green: Double(rgb >> 8 & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255, alpha: alpha)
    }

    private static func isBold(_ weight: String?) -> Bool {
        guard let weight = weight?.lowercased() else { return false }
        if let number = Int(weight) { return number >= 700 }
        return ["bold", "heavy", "black"].contains(weight)
    }

    private static func name(_ shortfall: Shortfall) -> String {
        let appearance = shortfall.appearance == .light ? "light" : "dark"
        return shortfall.contrast == .high ? "\(appearance) appearance with increased contrast" : "\(appearance) appearance"
    }

    private static func hex(_ color: CatalogColor) -> String {
        let shown = color.encodedSRGB
        func byte(_ component: Double) -> String {
            let value = CatalogColor.eightBit(component)
            let digits = String(value, radix: 16, uppercase: true)
            return value < 16 ? "0" + digits : digits
        }
        let alpha = shown.alpha < 1 ? " at \(Int((shown.alpha * 100).rounded()))% opacity" : ""
        return "#" + byte(shown.red) + byte(shown.green) + byte(shown.blue) + alpha
    }

    /// Two decimals, as contrast checkers print a ratio (3.26).
    static func formatted(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100
        let fraction = hundredths % 100
        if fraction == 0 { return String(whole) }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension CatalogColor {
    /// An 8-bit sRGB colour as a document writes it.
    init(_ rgb: RGBColor) {
        self.init(red: Double(rgb.red) / 255, green: Double(rgb.green) / 255, blue: Double(rgb.blue) / 255)
    }
}
