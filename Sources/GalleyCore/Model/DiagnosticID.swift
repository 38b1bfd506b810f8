/// Which kind of problem a diagnostic is: one case per kind, with a stable
/// name (`rawValue`) that editors show as the diagnostic's code, CI tools
/// use as the rule, and tests assert. Rewording a message never changes it.
package enum DiagnosticID: String, Sendable, Hashable, CaseIterable, Codable {
    // Syntax of the file as a whole.
    /// JSON that does not parse (a data file, `galley.json`, a `Contents.json`).
    case jsonSyntax = "json-syntax"
    /// A property list that does not parse.
    case propertyListSyntax = "plist-syntax"
    /// RTF that breaks its own grammar (braces, escapes, header).
    case rtfSyntax = "rtf-syntax"
    /// HTML that a browser would repair (unclosed elements, cut-off tags).
    case htmlSyntax = "html-syntax"
    /// A file that cannot be read at all (permissions, size, not UTF-8…).
    case unreadableFile = "unreadable-file"
    /// More nesting, or more problems, than Galley follows.
    case limitReached = "limit-reached"

    // Tagged content.
    /// A tag that names no block kind (`<imgae>`).
    case unknownTag = "unknown-tag"
    /// An opening tag closed by another, or one of the pair missing.
    case mismatchedTag = "mismatched-tag"
    /// A block where its kind may not stand (a caption not after an image).
    case misplacedBlock = "misplaced-block"
    /// A block with nothing in it, or an image with no name.
    case emptyBlock = "empty-block"

    // Keys and values of JSON and property lists.
    /// A key Galley does not know, often a misspelt one.
    case unknownKey = "unknown-key"
    /// A key written twice in one object: the last one counts.
    case duplicateKey = "duplicate-key"
    /// A key an item or a kind needs is not there.
    case missingKey = "missing-key"
    /// A value of the wrong JSON type (a number where a string belongs).
    case wrongType = "wrong-type"
    /// A value of the right type that means nothing here (a width of 5).
    case invalidValue = "invalid-value"
    /// A block kind declared twice in `galley.json`.
    case duplicateKind = "duplicate-kind"

    // Assets.
    /// An image name that finds no image set and no image file.
    case missingImage = "missing-image"
    /// An image that exists but cannot be shown (broken, unsupported format).
    case unreadableImage = "unreadable-image"
    /// An image set whose `Contents.json` names a file that is not there.
    case missingImageFile = "missing-image-file"
    /// A colour name that is no SwiftUI colour and no colour set.
    case unknownColor = "unknown-color"
    /// A font family no bundled or system font provides.
    case unknownFont = "unknown-font"
    /// A bundled font that is missing or cannot be read, or an `Info.plist`
    /// whose `UIAppFonts` Galley cannot follow.
    case unreadableFont = "unreadable-font"

    // Documents.
    /// Localised copies whose images and captions do not line up.
    case localizationMismatch = "localization-mismatch"
    /// A string key a document uses (a title in `galley.json`) that one of
    /// the app's languages has no value for: the app shows the key there.
    case missingTranslation = "missing-translation"
    /// Values of one string key whose format specifiers take other
    /// arguments in another language (`%d` in one, `%@` in another).
    case formatMismatch = "format-mismatch"
    /// A String Catalog value still `new` or `needs_review` for a language.
    case unfinishedTranslation = "unfinished-translation"
    /// Something the document asks for that the app would not show
    /// (an unsupported picture format, a script link, a code page).
    case unsupportedContent = "unsupported-content"

    // Review.
    /// Text whose colour is too faint on its background in some appearance (WCAG 2.2).
    case lowContrast = "low-contrast"
    /// An image VoiceOver reads by its asset name, where labels are asked for.
    case unlabeledImage = "unlabeled-image"
    /// Text that wraps to more lines than its kind's `maxLines` at some text size.
    case lineLimit = "line-limit"
    /// A character no font on the previewing machine draws (a note: the phone may).
    case missingGlyph = "missing-glyph"

    /// One line on what the kind of problem is, for rule lists (SARIF's
    /// rules, documentation); a diagnostic's own message says the rest.
    package var summary: String {
        switch self {
        case .jsonSyntax: "JSON that does not parse"
        case .propertyListSyntax: "a property list that does not parse"
        case .rtfSyntax: "RTF that breaks its grammar"
        case .htmlSyntax: "HTML that a browser would repair"
        case .unreadableFile: "a file that cannot be read"
        case .limitReached: "more nesting or more problems than Galley follows"
        case .unknownTag: "a tag that names no block kind"
        case .mismatchedTag: "a block's tags that do not pair"
        case .misplacedBlock: "a block where its kind may not stand"
        case .emptyBlock: "a block with nothing in it"
        case .unknownKey: "a key Galley does not know"
        case .duplicateKey: "a key written twice in one object"
        case .missingKey: "a key that is needed but missing"
        case .wrongType: "a value of the wrong type"
        case .invalidValue: "a value that means nothing here"
        case .duplicateKind: "a block kind declared twice"
        case .missingImage: "an image name that finds no image"
        case .unreadableImage: "an image that cannot be shown"
        case .missingImageFile: "an image set file that is not there"
        case .unknownColor: "a colour that is no SwiftUI colour and no colour set"
        case .unknownFont: "a font family that no font provides"
        case .unreadableFont: "a bundled font that is missing or unreadable"
        case .localizationMismatch: "localised copies whose images and captions differ"
        case .missingTranslation: "a string key with no value in one of the app's languages"
        case .formatMismatch: "a string whose format specifiers differ between languages"
        case .unfinishedTranslation: "a string catalog value not yet translated or reviewed"
        case .unsupportedContent: "something the app would not show"
        case .lowContrast: "text too faint on its background in some appearance"
        case .unlabeledImage: "an image VoiceOver reads by its asset name"
        case .lineLimit: "text that wraps past its kind's line limit at some text size"
        case .missingGlyph: "a character no installed font draws, shown as a box"
        }
    }
}
