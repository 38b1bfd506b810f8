/// Which face draws each font family a style names, and that face's
/// metrics: the app's own font where it is bundled or installed, else
/// Galley's stand-in for an iOS font, else the first installed look-alike.
/// The geometry (`ColumnLayout`) takes its line heights from here, so they
/// are those of the face the page really draws with.
public struct TextFaces: Sendable {
    /// How one requested family is drawn.
    public struct Face: Sendable, Equatable {
        public enum Origin: Sendable, Equatable {
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
        public var requested: String
        /// What draws it (`Liberation Serif`, or a file's path).
        public var drawnWith: String
        public var origin: Origin
        public var metrics: FontMetrics

        /// Whether another face than the requested one draws it.
        public var isSubstitute: Bool {
            switch origin {
            case .bundled, .installed: false
            case .standIn, .lookAlike: true
            }
        }
    }

    /// What a style with no font draws with: iOS's system font.
    public static let systemFamily = "System"
    /// Used only where nothing in a family's stack is installed; the
    /// common 1.2 em of text faces.
    static let unknownMetrics = FontMetrics(ascent: 0.9, descent: 0.3, lineGap: 0)

    private var byFamily: [String: Face] = [:]
    /// For a family it was not asked about.
    private var otherMetrics = unknownMetrics

    /// Every family with the same metrics: for callers that know no
    /// machine's fonts (the fuzzers, tests of what is not about faces).
    public init(every metrics: FontMetrics) {
        otherMetrics = metrics
    }

    /// `metricsOfFile` reads an installed face's metrics (path, index in a collection).
    public init(families: [String?], bundled: BundledFonts, fallbacks: FallbackFontFaces, installed: InstalledFonts,
                metricsOfFile: (String, Int) -> FontMetrics?) {
        for family in families {
            let requested = family ?? Self.systemFamily
            guard byFamily[requested.lowercased()] == nil else { continue }
            byFamily[requested.lowercased()] = Self.resolve(requested, bundled: bundled, fallbacks: fallbacks, installed: installed, metricsOfFile: metricsOfFile)
        }
    }

    private static func resolve(_ requested: String, bundled: BundledFonts, fallbacks: FallbackFontFaces, installed: InstalledFonts,
                                metricsOfFile: (String, Int) -> FontMetrics?) -> Face {
        if let face = bundled.faces(named: requested).first(where: { $0.metrics != nil }), let metrics = face.metrics {
            return Face(requested: requested, drawnWith: face.path, origin: .bundled(path: face.path), metrics: metrics)
        }
        if let face = installed.face(family: requested), let metrics = metricsOfFile(face.path, face.index) {
            return Face(requested: requested, drawnWith: face.fullName, origin: .installed(path: face.path), metrics: metrics)
        }
        let chain = requested.lowercased() == systemFamily.lowercased() ? ["Galley SF"] : FontStack.chain(for: requested)
        for name in chain {
            if let substitute = fallbacks.substitute(for: name), substitute.family.lowercased() == name.lowercased() || name.lowercased() == requested.lowercased(),
               let regular = substitute.faces.first ?? nil,
               let metrics = substitute.deviceMetrics ?? metricsOfFile(regular.path, regular.index) {
                return Face(requested: requested, drawnWith: substitute.localFamily,
                            origin: .standIn(substitute.family, deviceMetrics: substitute.deviceMetrics != nil), metrics: metrics)
            }
            if let face = installed.face(family: name), let metrics = metricsOfFile(face.path, face.index) {
                return Face(requested: requested, drawnWith: face.fullName, origin: .lookAlike, metrics: metrics)
            }
        }
        return Face(requested: requested, drawnWith: "the browser's default", origin: .lookAlike, metrics: unknownMetrics)
    }

    /// The metrics of the face that draws `family` (nil: the system font).
    public func metrics(forFamily family: String?) -> FontMetrics {
        face(forFamily: family)?.metrics ?? otherMetrics
    }

    public func face(forFamily family: String?) -> Face? {
        byFamily[(family ?? Self.systemFamily).lowercased()]
    }

    /// Every family drawn by another face than its own, by name.
    public var substitutes: [Face] {
        byFamily.values.filter(\.isSubstitute).sorted { $0.requested < $1.requested }
    }
}
