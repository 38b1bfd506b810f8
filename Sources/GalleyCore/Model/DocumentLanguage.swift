/// The language a document is written in, as a BCP 47 tag for the page's
/// `lang`. Browsers choose CJK glyphs by it: the same Han character is drawn
/// differently for Japanese and for Chinese readers.
package enum DocumentLanguage {
    /// The first that answers: the `.lproj` folder the file is in
    /// (`zh-Hans.lproj/…` → `zh-Hans`), the project's `language` in
    /// `galley.json`, or the scripts of the title and of the blocks' text
    /// (a rendering knows them per block, so a save scans only the blocks
    /// it changed); nil when none does.
    /// The folder comes first: in a localised app the project's language is
    /// only the development language, and each copy says its own.
    package static func decide(configured: String?, path: DocumentPath, title: String, scriptsOfBlocks: Scripts) -> String? {
        if let folder = ofLocalizationFolder(path.rawValue) { return folder }
        if let configured, isTag(configured) { return configured }
        return Scripts(in: title).union(scriptsOfBlocks).language
    }

    /// The CJK scripts a text uses, which tell its language apart.
    package struct Scripts: OptionSet, Sendable, Hashable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }

        package static let kana = Scripts(rawValue: 1)
        package static let hangul = Scripts(rawValue: 2)
        package static let han = Scripts(rawValue: 4)

        /// Kana means Japanese (which also writes Han), hangul Korean, Han
        /// without either Chinese; any other text gives no CJK hint.
        package var language: String? {
            contains(.kana) ? "ja" : contains(.hangul) ? "ko" : contains(.han) ? "zh" : nil
        }

        /// The scripts of a block's text and of the blocks nested in it.
        package init(in block: Block) {
            var found: Scripts = []
            block.walk { nested in
                guard case .paragraph(let paragraph) = nested.content else { return }
                for run in paragraph.runs where !found.contains(.kana) { found.formUnion(Scripts(in: run.text)) }
            }
            self = found
        }

        /// The scripts of every block's text, as a rendering of them finds (`RenderedDocument.scripts`).
        package init(in blocks: [Block]) {
            self = blocks.reduce(into: []) { $0.formUnion(Scripts(in: $1)) }
        }

        package init(in text: String) {
            var text = text
            self = text.withUTF8(Scripts.init(inUTF8:))
        }

        /// Reads the UTF-8 bytes, decoding only the scalars that can be CJK:
        /// those from U+1100 on, whose lead byte is 0xE1 or more. Stops at
        /// the first kana, which settles the question.
        private init(inUTF8 bytes: UnsafeBufferPointer<UInt8>) {
            var found: Scripts = []
            guard let start = bytes.baseAddress else {
                self = found
                return
            }
            var index = 0
            let count = bytes.count
            while index < count {
                // Eight bytes of ASCII at a time: most text is mostly ASCII.
                if index + 8 <= count,
                    UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                    continue
                }
                let lead = bytes[index]
                guard lead >= 0xE1 else {
                    index += 1
                    continue
                }
                // Strings hold valid UTF-8: a lead byte has its continuation bytes.
                let scalar: UInt32
                if lead < 0xF0 {
                    scalar = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                    index += 3
                } else {
                    scalar =
                        UInt32(lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12 | UInt32(bytes[index + 2] & 0x3F) << 6
                        | UInt32(bytes[index + 3] & 0x3F)
                    index += 4
                }
                switch scalar {
                case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9D:
                    found.insert(.kana)
                    self = found
                    return
                case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: found.insert(.hangul)
                case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: found.insert(.han)
                default: continue
                }
            }
            self = found
        }
    }

    /// Whether `tag` looks like a BCP 47 tag (`ja`, `zh-Hans`, `pt-BR`), so
    /// nothing else reaches an attribute.
    package static func isTag(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = subtags.first, (2...8).contains(primary.utf8.count), primary.utf8.allSatisfy(isASCIILetter) else {
            return false
        }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.utf8.count)
                && subtag.utf8.allSatisfy { isASCIILetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
    }

    /// The language of the innermost `.lproj` folder in `path` (relative to
    /// the content folder); `Base.lproj` names none. Xcode also spells
    /// regions with an underscore (`pt_BR.lproj`).
    static func ofLocalizationFolder(_ path: String) -> String? {
        guard let localized = LocalizedPath(path), !localized.isBase, isTag(localized.language) else { return nil }
        return localized.language
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
