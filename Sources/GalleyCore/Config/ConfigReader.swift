import Foundation

/// Reads `galley.json`, reporting every problem at its line and column.
///
/// ```json
/// {
///   "keys": {"text": "detailText", "image": "imageName", "title": "name"},
///   "kinds": [
///     {"name": "heading", "pattern": "^<h>(.*)</h>$", "style": {"size": 26, "weight": "bold"}},
///     {"name": "image"}, {"name": "caption"}, {"name": "body"}
///   ],
///   "device": {"width": 390, "appearance": "light"},
///   "titles": {"Help/Usage.rtf": "How to use", "*.lproj/Help.rtf": "title-HelpView"},
///   "language": "ja",
///   "sdk": "iOS 17",
///   "stack": {"alignment": "leading", "spacing": 12},
///   "navigationTitle": {"key": "jpnName", "displayMode": "inline"},
///   "header": [{"key": "imageName", "renders": "image"}, {"key": "jpnName", "style": {"size": 34}}]
/// }
/// ```
/// A kind named like one of the seed's (`image`, `caption`, `body`) starts
/// from the seed's definition and changes it; other kinds are added to the
/// seed's, unless `"replaceKinds": true` makes the list the whole set. A kind
/// without a pattern matches everything.
package struct ConfigReader {
    package let path: RelativePath

    package init(path: RelativePath = ConfigFile.name) {
        self.path = path
    }

    /// The config, or nil when it has errors (the caller keeps the last
    /// valid one), plus every diagnostic.
    package func read(_ bytes: [UInt8]) -> (config: GalleyConfig?, diagnostics: [Diagnostic]) {
        var context = Context(path: path, lines: SourceLocator(bytes))
        switch JSONReader.parse(bytes) {
        case .failure(let error):
            context.diagnostics.append(error.diagnostic(path: path, location: context.lines.location(ofOffset:)))
            return (nil, context.diagnostics)
        case .success(let root):
            let config = readRoot(root, &context)
            let diagnostics = context.diagnostics.sorted { $0.location < $1.location }
            return (context.hasErrors ? nil : config, diagnostics)
        }
    }

    struct Context {
        let path: RelativePath
        let lines: SourceLocator
        var diagnostics: [Diagnostic] = []

        var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

        mutating func report(_ id: DiagnosticID, _ severity: Severity, _ message: String, at offsets: Range<Int>, fixIts: [FixIt] = []) {
            diagnostics.append(
                Diagnostic(path: path, id: id, range: lines.range(ofOffsets: offsets), severity: severity, message: message, fixIts: fixIts)
            )
        }

        /// An error about `node`'s value.
        mutating func reject(_ id: DiagnosticID, _ message: String, _ node: JSONNode) {
            report(id, .error, message, at: node.headOffsets)
        }

        mutating func wrongType(_ node: JSONNode, _ what: String, expected: String) {
            reject(.wrongType, "\(what) is \(node.value.typeDescription), expected \(expected)", node)
        }

        /// The object's members after warning about keys not in `known`.
        mutating func members(of node: JSONNode, named what: String, known: [String]) -> [String: JSONNode]? {
            guard let members = node.objectValue else {
                wrongType(node, what, expected: "an object")
                return nil
            }
            var result: [String: JSONNode] = [:]
            for member in members {
                if !known.contains(member.key) {
                    var message = "unknown key '\(member.key)' in \(what)"
                    let near = NearestName.find(member.key, among: known)
                    if let near { message += "; did you mean '\(near)'?" }
                    let fixIts = near.map { [FixIt.renamingKey(member.key, at: lines.range(ofOffsets: member.keyOffsets), to: $0)] } ?? []
                    report(.unknownKey, .warning, message, at: member.keyOffsets, fixIts: fixIts)
                } else if result[member.key] != nil {
                    report(.duplicateKey, .warning, "duplicate key '\(member.key)'; the last one is used", at: member.keyOffsets)
                }
                result[member.key] = member.value
            }
            return result
        }

        mutating func string(_ node: JSONNode?, _ what: String) -> String? {
            guard let node else { return nil }
            guard let text = node.stringValue else {
                wrongType(node, "'\(what)'", expected: "a string")
                return nil
            }
            return text
        }

        mutating func number(_ node: JSONNode?, _ what: String, range: ClosedRange<Double>) -> Double? {
            guard let node else { return nil }
            guard case .number(let value) = node.value else {
                wrongType(node, "'\(what)'", expected: "a number")
                return nil
            }
            guard range.contains(value) else {
                reject(
                    .invalidValue,
                    "'\(what)' is \(formatNumber(value)), expected \(formatNumber(range.lowerBound))–\(formatNumber(range.upperBound))",
                    node)
                return nil
            }
            return value
        }
    }

    private func readRoot(_ root: JSONNode, _ context: inout Context) -> GalleyConfig {
        var config = GalleyConfig.standard
        guard let members = context.members(of: root, named: "galley.json", known: ConfigReader.knownKeys[""] ?? []) else { return config }
        if let keys = members["keys"],
            let keyMembers = context.members(of: keys, named: "'keys'", known: ConfigReader.knownKeys["keys"] ?? [])
        {
            if let text = context.string(keyMembers["text"], "text") { config.schema.textKey = text }
            if let image = context.string(keyMembers["image"], "image") { config.schema.imageKey = image }
            if let title = context.string(keyMembers["title"], "title") { config.schema.titleKey = title }
        }
        if let kinds = members["kinds"] {
            if let list = kinds.arrayValue {
                var parsed: [BlockKind] = []
                for node in list {
                    if let kind = readKind(node, &context) {
                        if parsed.contains(where: { $0.name == kind.name }) {
                            context.reject(.duplicateKind, "kind '\(kind.name)' is declared twice", node)
                        }
                        parsed.append(kind)
                    }
                }
                if !parsed.isEmpty {
                    config.schema.kinds = replacesKinds(members["replaceKinds"], &context) ? Self.withFallback(parsed) : Self.merged(parsed)
                }
            } else {
                context.wrongType(kinds, "'kinds'", expected: "an array")
            }
        }
        if members["kinds"] == nil, let node = members["replaceKinds"] {
            context.report(.invalidValue, .warning, "'replaceKinds' has no 'kinds' to replace the seed's with", at: node.headOffsets)
        }
        if let node = members["requireImageLabels"] {
            if case .bool(let value) = node.value {
                config.schema.requiresImageLabels = value
            } else {
                context.reject(.wrongType, "'requireImageLabels' is \(node.value.typeDescription), expected true or false", node)
            }
        }
        if let titles = members["titles"] {
            if let entries = titles.objectValue {
                for entry in entries {
                    if let title = context.string(entry.value, entry.key) {
                        config.titles[entry.key] = title
                        config.titleRanges[entry.key] = context.lines.range(ofOffsets: entry.value.headOffsets)
                    }
                }
            } else {
                context.wrongType(titles, "'titles'", expected: "an object of paths and titles")
            }
        }
        if let name = context.string(members["textImageName"], "textImageName") { config.schema.textFileImageName = name }
        if let node = members["language"], let language = context.string(node, "language") {
            if DocumentLanguage.isTag(language) {
                config.language = language
            } else {
                context.reject(.invalidValue, "invalid language '\(language)', expected a tag such as 'ja' or 'zh-Hans'", node)
            }
        }
        if let node = members["fonts"], let folder = context.string(node, "fonts") {
            let trimmed = folder.removingByteSuffix("/") ?? folder
            if trimmed.isEmpty || trimmed.hasPrefix("/") || trimmed.slashSeparatedParts.contains("..") {
                context.reject(.invalidValue, "'fonts' must be a folder inside the content folder, written relative to it", node)
            } else {
                config.fontFolder = trimmed == "." ? "" : trimmed
            }
        }
        if let node = members["sdk"], let name = context.string(node, "sdk") {
            if let sdk = PlatformSDK(name: name) {
                config.sdk = sdk
            } else {
                let range = "'\(PlatformSDK.oldest)' to '\(PlatformSDK.newest)'"
                context.reject(.invalidValue, "unknown SDK '\(name)', expected \(range), such as 'iOS 17'", node)
            }
        }
        if let stack = members["stack"],
            let stackMembers = context.members(of: stack, named: "'stack'", known: ConfigReader.knownKeys["stack"] ?? [])
        {
            if let spacing = context.number(stackMembers["spacing"], "spacing", range: 0...1000) { config.stack.spacing = spacing }
            if let node = stackMembers["alignment"], let text = context.string(node, "alignment") {
                if let alignment = StackStyle.Alignment(rawValue: text) {
                    config.stack.alignment = alignment
                } else {
                    let names = StackStyle.Alignment.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                    context.reject(.invalidValue, "unknown stack alignment '\(text)', expected one of \(names)", node)
                }
            }
        }
        if let node = members["navigationTitle"] { config.schema.navigationTitle = readNavigationTitle(node, &context) }
        if let node = members["header"] {
            if let list = node.arrayValue {
                config.schema.headerFields = list.compactMap { readHeaderField($0, &context) }
            } else {
                context.wrongType(node, "'header'", expected: "an array of item fields")
            }
        }
        if let device = members["device"],
            let deviceMembers = context.members(of: device, named: "'device'", known: ConfigReader.knownKeys["device"] ?? [])
        {
            if let width = context.number(deviceMembers["width"], "width", range: 200...2000) { config.deviceWidth = width }
            if let node = deviceMembers["appearance"], let text = context.string(node, "appearance") {
                if let appearance = GalleyConfig.Appearance(rawValue: text) {
                    config.appearance = appearance
                } else {
                    context.reject(.invalidValue, "unknown appearance '\(text)', expected 'light', 'dark' or 'system'", node)
                }
            }
        }
        return config
    }

    /// Whether `replaceKinds` asks for the kinds to replace the seed's rather than change and add to them.
    private func replacesKinds(_ node: JSONNode?, _ context: inout Context) -> Bool {
        guard let node else { return false }
        guard case .bool(let value) = node.value else {
            context.wrongType(node, "'replaceKinds'", expected: "true or false")
            return false
        }
        return value
    }

    /// The declared kinds, in their order, with the seed's kinds they do not
    /// name: a `galley.json` that styles captions keeps the seed's images.
    /// The seed's that take a pattern are tried before the first declared
    /// kind that takes every string; its body, which takes every string, last.
    static func merged(_ declared: [BlockKind]) -> [BlockKind] {
        func takesEverything(_ kind: BlockKind) -> Bool { kind.matcher.isAlways }
        let kept = ContentSchema.seed.kinds.filter { seed in !declared.contains { $0.name == seed.name } }
        var kinds = declared
        kinds.insert(contentsOf: kept.filter { !takesEverything($0) }, at: kinds.firstIndex(where: takesEverything) ?? kinds.endIndex)
        return kinds + kept.filter(takesEverything)
    }

    /// The kinds as declared (`replaceKinds`), and the seed's body after them
    /// when none takes every string: strings matching no kind would vanish.
    static func withFallback(_ declared: [BlockKind]) -> [BlockKind] {
        let hasFallback = declared.contains { $0.matcher.isAlways }
        guard !hasFallback, let body = ContentSchema.seed.kind(named: "body"), !declared.contains(where: { $0.name == "body" }) else {
            return declared
        }
        return declared + [body]
    }

    static let maximumPatternLength = 200

    /// The keys each object of `galley.json` may hold, by the key that holds
    /// the object (`""` for the top level; `kinds` for each kind).
    package static let knownKeys: [String: [String]] = [
        "": [
            "keys", "kinds", "replaceKinds", "device", "titles", "language", "fonts", "textImageName", "requireImageLabels", "sdk", "stack",
            "navigationTitle", "header", "$schema",
        ],
        "stack": ["spacing", "alignment"],
        "navigationTitle": ["key", "displayMode"],
        "header": ["key", "renders", "style"],
        "keys": ["text", "image", "title"],
        "device": ["width", "appearance"],
        "kinds": ["name", "pattern", "renders", "style", "asset", "follows", "prefix", "label", "maxLines"],
        "style": [
            "font", "size", "fixedSize", "relativeTo", "weight", "italic", "color", "alignment", "paddingTop", "paddingBottom",
            "lineSpacing", "maxHeight", "aspectRatio",
        ],
    ]

    private func readNavigationTitle(_ node: JSONNode, _ context: inout Context) -> NavigationTitle? {
        let known = ConfigReader.knownKeys["navigationTitle"] ?? []
        guard let members = context.members(of: node, named: "'navigationTitle'", known: known) else { return nil }
        var displayMode = NavigationTitle.DisplayMode.inline
        if let modeNode = members["displayMode"], let text = context.string(modeNode, "displayMode") {
            if let mode = NavigationTitle.DisplayMode(rawValue: text) {
                displayMode = mode
            } else {
                let names = NavigationTitle.DisplayMode.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
                context.reject(.invalidValue, "unknown display mode '\(text)', expected \(names)", modeNode)
            }
        }
        guard let key = context.string(members["key"], "key") else {
            if members["key"] == nil {
                context.reject(.missingKey, "'navigationTitle' has no 'key' naming the item field of the title", node)
            }
            return nil
        }
        return NavigationTitle(key: key, displayMode: displayMode)
    }

    private func readHeaderField(_ node: JSONNode, _ context: inout Context) -> HeaderField? {
        guard let members = context.members(of: node, named: "a header field", known: ConfigReader.knownKeys["header"] ?? []) else {
            return nil
        }
        guard let key = context.string(members["key"], "key") else {
            if members["key"] == nil { context.reject(.missingKey, "header field has no 'key' naming the item field it shows", node) }
            return nil
        }
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            context.reject(.invalidValue, "header key '\(key)' must be letters, digits, '-' or '_'", members["key"] ?? node)
            return nil
        }
        var role = BlockKind.Role.text
        if let renders = members["renders"], let text = context.string(renders, "renders") {
            if let named = BlockKind.Role(rawValue: text), named != .divider {
                role = named
            } else {
                context.reject(.invalidValue, "unknown 'renders' value '\(text)' for a header field, expected 'text' or 'image'", renders)
            }
        }
        var style = KindStyle()
        if let styleNode = members["style"],
            let styleMembers = context.members(
                of: styleNode, named: "the style of header field '\(key)'", known: ConfigReader.knownKeys["style"] ?? [])
        {
            readStyle(styleMembers, into: &style, &context)
        }
        return HeaderField(key: key, kind: HeaderField.kind(forKey: key, role: role, style: style))
    }

    private func readKind(_ node: JSONNode, _ context: inout Context) -> BlockKind? {
        guard let members = context.members(of: node, named: "a kind", known: ConfigReader.knownKeys["kinds"] ?? []) else { return nil }
        guard let name = context.string(members["name"], "name") else {
            if members["name"] == nil { context.reject(.missingKey, "kind has no 'name'", node) }
            return nil
        }
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            context.reject(.invalidValue, "kind name '\(name)' must be letters, digits, '-' or '_'", members["name"] ?? node)
            return nil
        }
        let kindName = KindName(rawValue: name)
        var kind = ContentSchema.seed.kind(named: kindName) ?? BlockKind(name: kindName, matcher: .always, role: .text)
        kind.declarationRange = members["name"].map { context.lines.range(ofOffsets: $0.headOffsets) }
        if let pattern = members["pattern"], let text = context.string(pattern, "pattern") {
            // Foundation's regex engine leaks a copy of every longer pattern
            // it compiles (found by fuzzing), and galley.json is compiled
            // again on every save; no block notation needs more.
            guard text.utf16.count <= ConfigReader.maximumPatternLength else {
                context.reject(.invalidValue, "pattern is longer than \(ConfigReader.maximumPatternLength) characters", pattern)
                return nil
            }
            do {
                kind.matcher = try BlockMatcher.compile(pattern: text)
            } catch {
                context.reject(.invalidValue, "invalid regular expression '\(text)'", pattern)
            }
        } else if ContentSchema.seed.kind(named: kindName) == nil {
            kind.matcher = .always
        }
        if let renders = members["renders"], let text = context.string(renders, "renders") {
            if let role = BlockKind.Role(rawValue: text) {
                kind.role = role
            } else {
                context.reject(.invalidValue, "unknown 'renders' value '\(text)', expected 'text', 'image' or 'divider'", renders)
            }
        }
        if let asset = context.string(members["asset"], "asset") { kind.assetNameTemplate = asset }
        if let prefix = context.string(members["prefix"], "prefix") { kind.prefix = prefix }
        if let node = members["label"], let text = context.string(node, "label") {
            if let label = ImageLabel(rawValue: text) {
                kind.imageLabel = label
            } else {
                context.reject(.invalidValue, "unknown 'label' value '\(text)', expected 'asset', 'next' or 'none'", node)
            }
        }
        if let node = members["maxLines"] {
            if case .number(let value) = node.value, value >= 1, value <= 10_000, value == value.rounded() {
                kind.maxLines = Int(value)
                if kind.role != .text {
                    context.report(
                        .invalidValue, .warning, "'maxLines' limits the lines of text, and '\(name)' renders as \(kind.role.rawValue)",
                        at: node.headOffsets)
                }
            } else if case .number(let value) = node.value {
                context.reject(
                    .invalidValue, "'maxLines' is \(formatNumber(value)), expected a whole number of lines from 1 to 10000", node)
            } else {
                context.wrongType(node, "'maxLines'", expected: "a whole number of lines")
            }
        }
        if let follows = members["follows"] {
            if let list = follows.arrayValue {
                kind.follows = list.compactMap { context.string($0, "follows").map(KindName.init(rawValue:)) }
            } else {
                context.wrongType(follows, "'follows'", expected: "an array of kind names")
            }
        }
        if let style = members["style"],
            let styleMembers = context.members(of: style, named: "the style of '\(name)'", known: ConfigReader.knownKeys["style"] ?? [])
        {
            readStyle(styleMembers, into: &kind.style, &context)
        }
        return kind
    }

    private func readStyle(_ members: [String: JSONNode], into style: inout KindStyle, _ context: inout Context) {
        if let font = context.string(members["font"], "font") {
            style.fontFamily = font
            style.fontRange = members["font"].map { context.lines.range(ofOffsets: $0.headOffsets) }
        }
        if let size = context.number(members["size"], "size", range: 1...200) { style.fontSize = size }
        if let node = members["relativeTo"], let text = context.string(node, "relativeTo") {
            if let textStyle = TextStyle(rawValue: text) {
                style.sizing = .relative(to: textStyle)
            } else {
                let names = TextStyle.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                context.reject(.invalidValue, "unknown 'relativeTo' text style '\(text)', expected one of \(names)", node)
            }
        }
        if let node = members["fixedSize"] {
            if case .bool(let fixed) = node.value {
                if fixed, members["relativeTo"] != nil {
                    context.reject(
                        .invalidValue, "'fixedSize' and 'relativeTo' exclude each other: a fixed size follows no text style", node)
                } else if fixed {
                    style.sizing = .fixed
                }
            } else {
                context.wrongType(node, "'fixedSize'", expected: "true or false")
            }
        }
        if let weight = context.string(members["weight"], "weight") { style.fontWeight = weight }
        if let italic = members["italic"] {
            if case .bool(let value) = italic.value {
                style.italic = value
            } else {
                context.wrongType(italic, "'italic'", expected: "true or false")
            }
        }
        if let node = members["color"], let color = context.string(node, "color") {
            if KindStyleSheet.cssColor(color) == nil, color.hasPrefix("#") || color.isEmpty {
                context.reject(.unknownColor, "unknown colour '\(color)', expected a SwiftUI colour name, a colour set or '#rrggbb'", node)
            } else {
                // Any other name may be a colour set: the workspace, which
                // knows the asset catalogs, warns when it is none.
                style.color = color
                style.colorRange = context.lines.range(ofOffsets: node.headOffsets)
            }
        }
        if let node = members["alignment"], let text = context.string(node, "alignment") {
            if let alignment = TextAlignment(rawValue: text) {
                style.alignment = alignment
            } else {
                context.reject(.invalidValue, "unknown alignment '\(text)', expected 'leading', 'center', 'trailing' or 'justified'", node)
            }
        }
        if let value = context.number(members["paddingTop"], "paddingTop", range: 0...500) { style.paddingTop = value }
        if let value = context.number(members["paddingBottom"], "paddingBottom", range: 0...500) { style.paddingBottom = value }
        if let value = context.number(members["lineSpacing"], "lineSpacing", range: 0...200) { style.lineSpacing = value }
        if let value = context.number(members["maxHeight"], "maxHeight", range: 1...5000) { style.maxHeight = value }
        if let value = context.number(members["aspectRatio"], "aspectRatio", range: 0.05...20) { style.aspectRatio = value }
    }
}
