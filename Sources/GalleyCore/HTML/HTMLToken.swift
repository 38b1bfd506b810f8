/// One lexical unit of an HTML source; offsets are byte offsets into the UTF-8 source.
enum HTMLToken {
    case startTag(HTMLStartTag)
    case endTag(name: String, offset: Int)
    /// Text with character references decoded (raw text elements keep theirs as written).
    case text(String, offset: Int)
    case endOfInput
}

/// A start tag with its attributes, names lowercased.
struct HTMLStartTag {
    var name: String
    /// In source order; a repeated name keeps its first value, as browsers do.
    var attributes: [(name: String, value: String)]
    var isSelfClosing: Bool
    var offset: Int

    func value(of attribute: String) -> String? {
        attributes.first { $0.name == attribute }?.value
    }
}

/// Something malformed the tokenizer read past, for a diagnostic.
struct HTMLTokenizerProblem {
    var id: DiagnosticID
    var message: String
    var offset: Int
}
