/// The language a document is written in, as a BCP 47 tag for the page's
/// `lang`. Browsers choose CJK glyphs by it: the same Han character is drawn
/// differently for Japanese and for Chinese readers.
public enum DocumentLanguage {
    /// The first that answers: the `.lproj` folder the file is in
    /// (`zh-Hans.lproj/…` → `zh-Hans`), the project's `language` in
    /// `galley.json`, or the scripts of the text itself; nil when none does.
    /// The folder comes first: in a localised app the project's language is
    /// only the development language, and each copy says its own.
    public static func decide(configured: String?, path: String, title: String, blocks: [Block]) -> String? {
        if let folder = ofLocalizationFolder(path) { return folder }
        if let configured, isTag(configured) { return configured }
        return ofText(CollectionOfOne(title) + blocks.flatMap(texts))
    }

    /// Whether `tag` looks like a BCP 47 tag (`ja`, `zh-Hans`, `pt-BR`), so
    /// nothing else reaches an attribute.
    public static func isTag(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = subtags.first, (2...8).contains(primary.utf8.count), primary.utf8.allSatisfy(isASCIILetter) else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.utf8.count) && subtag.utf8.allSatisfy { isASCIILetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
    }

    /// The language of the innermost `.lproj` folder in `path` (relative to
    /// the content folder); `Base.lproj` names none. Xcode also spells
    /// regions with an underscore (`pt_BR.lproj`).
    static func ofLocalizationFolder(_ path: String) -> String? {
        guard let localized = LocalizedPath(path), !localized.isBase, isTag(localized.language) else { return nil }
        return localized.language
    }

    /// Kana means Japanese (which also writes Han), hangul Korean, Han
    /// without either Chinese; any other text gives no CJK hint.
    static func ofText(_ texts: some Sequence<String>) -> String? {
        var hasHangul = false
        var hasHan = false
        for text in texts {
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9D: return "ja"
                case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: hasHangul = true
                case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: hasHan = true
                default: continue
                }
            }
        }
        return hasHangul ? "ko" : hasHan ? "zh" : nil
    }

    /// The text of a block and of the blocks nested in it.
    private static func texts(of block: Block) -> [String] {
        var texts: [String] = []
        block.walk { nested in
            if case .paragraph(let paragraph) = nested.content { texts += paragraph.runs.map(\.text) }
        }
        return texts
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
