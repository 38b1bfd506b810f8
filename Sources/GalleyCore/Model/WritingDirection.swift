/// Which way lines run: left to right, or right to left as in Arabic and
/// Hebrew. Written as HTML's `dir` values.
package enum WritingDirection: String, Sendable, Hashable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// The direction an app lays a document out in: that of the language of
    /// its localisation folder (`ar.lproj/…` → right to left), else of the
    /// project's `language` in `galley.json`. Nil when neither names one: each
    /// paragraph then runs the way its first strong character does, as
    /// `NSParagraphStyle`'s natural direction has it (the page's
    /// `unicode-bidi: plaintext`).
    package static func decide(configured: String?, path: DocumentPath) -> WritingDirection? {
        if let folder = DocumentLanguage.ofLocalizationFolder(path.rawValue) { return WritingDirection(language: folder) }
        if let configured, DocumentLanguage.isTag(configured) { return WritingDirection(language: configured) }
        return nil
    }

    /// The direction of the script a BCP 47 tag names or implies: a script
    /// subtag decides when there is one (`az-Arab`, `ks-Deva`), else the
    /// language's usual script.
    package init(language tag: String) {
        let subtags = tag.lowercased().split(separator: "-")
        if let script = subtags.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            self = Self.rightToLeftScripts.contains(String(script)) ? .rightToLeft : .leftToRight
            return
        }
        self = subtags.first.map { Self.rightToLeftLanguages.contains(String($0)) } == true ? .rightToLeft : .leftToRight
    }

    /// ISO 15924 codes of the scripts written right to left (lowercased).
    private static let rightToLeftScripts: Set<String> = [
        "adlm", "arab", "aran", "hebr", "mand", "mend", "nkoo", "rohg", "samr", "syrc", "thaa", "yezi",
    ]

    /// Languages whose usual script runs right to left: the localisations
    /// Xcode offers (`ar`, `he`, `fa`, `ur`) and the others CLDR lists.
    private static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "azb", "bal", "bqi", "ckb", "dv", "fa", "glk", "he", "iw", "ji", "khw", "ks", "lrc", "mzn",
        "nqo", "pnb", "prs", "ps", "sd", "sdh", "syr", "ug", "ur", "yi",
    ]
}
