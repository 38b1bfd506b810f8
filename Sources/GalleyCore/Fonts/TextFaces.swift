/// Which face draws each font family a style names, and that face's
/// metrics: the app's own font where it is bundled or installed, else
/// Galley's stand-in for an iOS font, else the first installed look-alike.
/// The geometry (`ColumnLayout`) takes its line heights from here, so they
/// are those of the face the page really draws with.
package struct TextFaces: Sendable {
    /// How one requested family is drawn.
    package struct Face: Sendable, Equatable {
        package enum Origin: Sendable, Equatable {
            /// A font file the app bundles or `galley.json`'s `fonts` folder holds.
            case bundled(path: String)
            /// A face this machine has under the requested name.
            case installed(path: String)
            /// A Galley stand-in: with the real font's metrics when known,
            /// else with the local face's own.
            case standIn(String, deviceMetrics: Bool)
            /// A look-alike from the page's font stack.
            case lookAlike
        }

        /// As the style names it (`Baskerville`).
        package var requested: String
        /// What draws it (`Liberation Serif`, or a file's path).
        package var drawnWith: String
        package var origin: Origin
        package var metrics: FontMetrics
        /// The font whose metrics `metrics` are (`Hiragino Sans` for its stand-in).
        package var metricsOf: String
        /// The files of its weights and slants, for the widths of its text.
        package var files: [File] = []
        /// How much wider the page draws them than the files say: a
        /// stand-in's `size-adjust`, else 1.
        package var widthScale: Double = 1

        /// The file that draws text of `weight` (100–900) and slant, as
        /// CSS's font matching picks among the family's faces.
        package func file(weight: Int, italic: Bool) -> File? {
            let slanted = files.filter { $0.isItalic == italic }
            return Self.nearest(weight, among: slanted.isEmpty ? files : slanted)
        }

        /// CSS Fonts 4, "font-weight" matching: from 400 to 500 the weights
        /// up to 500 first, then lighter, then heavier; below 400 lighter
        /// first; above 500 heavier first.
        private static func nearest(_ weight: Int, among files: [File]) -> File? {
            if let exact = files.first(where: { $0.weight == weight }) { return exact }
            let lighter = files.filter { $0.weight < weight }.sorted { $0.weight > $1.weight }
            let heavier = files.filter { $0.weight > weight }.sorted { $0.weight < $1.weight }
            switch weight {
            case 400...500:
                return heavier.first { $0.weight <= 500 } ?? lighter.first ?? heavier.first
            case ..<400:
                return lighter.first ?? heavier.first
            default:
                return heavier.first ?? lighter.first
            }
        }

        /// One line for an author: what draws the family, and whose
        /// metrics its lines have (`Baskerville: drawn with Liberation
        /// Serif, with Liberation Serif's own line height`).
        package var summary: String {
            switch origin {
            case .bundled(let path): return "\(requested): the app's font file '\(path)'"
            case .installed(let path): return "\(requested): this machine's '\(drawnWith)' (\(path))"
            case .standIn, .lookAlike:
                return "\(requested): drawn with \(drawnWith), with \(metricsOf)'s line height"
                    + (metricsOf == drawnWith ? " (no measurement of \(requested)'s)" : "")
            }
        }

        /// The fields a page reads: `requested`, `drawnWith`, `deviceMetrics`, `summary`.
        package func writeFields(into json: inout JSONWriter) {
            json.field("requested", requested)
            json.field("drawnWith", drawnWith)
            if case .standIn(_, true) = origin { json.field("deviceMetrics", true) } else { json.field("deviceMetrics", false) }
            json.field("summary", summary)
        }

        /// Whether another face than the requested one draws it.
        package var isSubstitute: Bool {
            switch origin {
            case .bundled, .installed: false
            case .standIn, .lookAlike: true
            }
        }
    }

    /// One font file of a face: bundled with the app (a path in the
    /// content folder) or this machine's (an absolute path).
    package struct File: Sendable, Equatable {
        package var path: String
        /// Within a collection (`.ttc`).
        package var index: Int
        /// 100–900.
        package var weight: Int
        package var isItalic: Bool
        package var isBundled: Bool
    }

    /// What a style with no font draws with: iOS's system font.
    package static let systemFamily = "System"
    /// What every page falls back to for Japanese, as iOS does.
    package static let japaneseFamily = "Hiragino Sans"
    /// Used only where nothing in a family's stack is installed; the
    /// common 1.2 em of text faces.
    package static let unknownMetrics = FontMetrics(ascent: 0.9, descent: 0.3, lineGap: 0)

    private var byFamily: [String: Face] = [:]
    /// For a family it was not asked about.
    private var otherMetrics = unknownMetrics

    /// Every family with the same metrics: for callers that know no
    /// machine's fonts (the fuzzers, tests of what is not about faces).
    package init(every metrics: FontMetrics) {
        otherMetrics = metrics
    }

    /// `metricsOfFile` reads an installed face's metrics (path, index in a collection).
    package init(
        families: [String?], bundled: BundledFonts, fallbacks: FallbackFontFaces, installed: InstalledFonts,
        metricsOfFile: (String, Int) -> FontMetrics?
    ) {
        for family in families {
            let requested = family ?? Self.systemFamily
            guard byFamily[requested.lowercased()] == nil else { continue }
            byFamily[requested.lowercased()] = Self.resolve(
                requested, bundled: bundled, fallbacks: fallbacks, installed: installed, metricsOfFile: metricsOfFile)
        }
    }

    private static func resolve(
        _ requested: String, bundled: BundledFonts, fallbacks: FallbackFontFaces, installed: InstalledFonts,
        metricsOfFile: (String, Int) -> FontMetrics?
    ) -> Face {
        // The regular face's metrics: a family's faces may differ a little.
        let regularFirst = bundled.faces(named: requested).sorted {
            abs($0.names.weight - 400) + ($0.names.isItalic ? 1000 : 0) < abs($1.names.weight - 400) + ($1.names.isItalic ? 1000 : 0)
        }
        func files(_ faces: [InstalledFonts.Face?]) -> [File] {
            faces.compactMap { $0.map { File(path: $0.path, index: $0.index, weight: $0.weight, isItalic: $0.isItalic, isBundled: false) } }
        }
        func installedFiles(_ family: String) -> [File] {
            let lowered = family.lowercased()
            return files(installed.faces.filter { $0.families.contains { $0.lowercased() == lowered } })
        }
        if let face = regularFirst.first(where: { $0.metrics != nil }), let metrics = face.metrics {
            return Face(
                requested: requested, drawnWith: face.path, origin: .bundled(path: face.path), metrics: metrics, metricsOf: requested,
                files: regularFirst.map {
                    File(path: $0.path, index: 0, weight: $0.names.weight, isItalic: $0.names.isItalic, isBundled: true)
                })
        }
        if let face = installed.face(family: requested), let metrics = metricsOfFile(face.path, face.index) {
            return Face(
                requested: requested, drawnWith: face.fullName, origin: .installed(path: face.path), metrics: metrics, metricsOf: requested,
                files: installedFiles(requested))
        }
        let chain =
            (requested.lowercased() == systemFamily.lowercased() ? ["Galley SF"] : FontStack.chain(for: requested))
            + FontStack.fallbackFamilies
        for name in chain {
            if let substitute = fallbacks.substitute(for: name),
                substitute.family.lowercased() == name.lowercased() || name.lowercased() == requested.lowercased(),
                let regular = substitute.faces.first ?? nil,
                let metrics = substitute.deviceMetrics ?? metricsOfFile(regular.path, regular.index)
            {
                return Face(
                    requested: requested, drawnWith: substitute.localFamily,
                    origin: .standIn(substitute.family, deviceMetrics: substitute.deviceMetrics != nil), metrics: metrics,
                    metricsOf: substitute.deviceMetrics == nil ? substitute.localFamily : substitute.standsFor.first ?? substitute.family,
                    files: files(substitute.faces), widthScale: substitute.sizeAdjust)
            }
            if let face = installed.face(family: name), let metrics = metricsOfFile(face.path, face.index) {
                return Face(
                    requested: requested, drawnWith: face.fullName, origin: .lookAlike, metrics: metrics, metricsOf: face.fullName,
                    files: installedFiles(name))
            }
        }
        return Face(
            requested: requested, drawnWith: "the browser's default face", origin: .lookAlike, metrics: unknownMetrics,
            metricsOf: "a common 1.2 em")
    }

    /// The metrics of the face that draws `family` (nil: the system font).
    package func metrics(forFamily family: String?) -> FontMetrics {
        face(forFamily: family)?.metrics ?? otherMetrics
    }

    package func face(forFamily family: String?) -> Face? {
        byFamily[(family ?? Self.systemFamily).lowercased()]
    }

    /// Every family drawn by another face than its own, by name.
    package var substitutes: [Face] {
        byFamily.values.filter(\.isSubstitute).sorted { $0.requested < $1.requested }
    }
}
