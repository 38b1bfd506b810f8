/// How an image block's asset name is written in its tagged string, so that
/// a missing image's fix can write a name that the same kind turns into
/// another asset: `"<image>07</image>"` → `"<image>03</image>"`.
package struct ImageNaming: Hashable, Sendable {
    /// The string as written, which a fix replaces whole.
    package var range: SourceRange
    package var notation: TaggedString.Notation
    /// The asset name the block asks for.
    package var assetName: String
    /// The string's text around the block's content: `<image>`, `</image>`.
    var textBefore: String
    var textAfter: String
    /// The asset name around the content: `littlepenguin_`, ``.
    var namePrefix: String
    var nameSuffix: String

    /// The naming of an image block of `kind` with `content`, or nil when a
    /// fix could not rewrite the string.
    init?(_ string: TaggedString, kind: BlockKind, content: String, imageName: String?) {
        guard string.notation != .other else { return nil }
        let text = string.text
        switch kind.matcher {
        case .tag(let tag):
            (textBefore, textAfter) = (tag.opening, tag.closing)
        case .always:
            (textBefore, textAfter) = ("", "")
        case .regex:
            // The content as it stands in the string, after any opening tag.
            let searchStart = text.first == "<" ? text.firstIndex(of: ">").map(text.index(after:)) ?? text.startIndex : text.startIndex
            guard let found = text[searchStart...].firstRange(of: content) else { return nil }
            (textBefore, textAfter) = (String(text[..<found.lowerBound]), String(text[found.upperBound...]))
        }
        // The template filled around a marker no name holds.
        // Found as bytes: a NUL is a character of its own, and splitting by characters cost 10 % of an item's reading.
        let filled = BlockKind.fill(kind.assetNameTemplate, imageName: imageName, content: "\u{0}")
        let utf8 = filled.utf8
        guard let marker = utf8.firstIndex(of: 0), !utf8[utf8.index(after: marker)...].contains(0) else { return nil }
        (namePrefix, nameSuffix) = (String(filled[..<marker]), String(filled[utf8.index(after: marker)...]))
        range = string.range
        notation = string.notation
        assetName = namePrefix + content + nameSuffix
    }

    /// What to write between the tags so that the block names `name`, or
    /// nil when this kind (with this item's prefix) cannot name it.
    package func content(naming name: String) -> String? {
        guard name.count > namePrefix.count + nameSuffix.count, name.hasPrefix(namePrefix), name.hasSuffix(nameSuffix) else { return nil }
        return String(name.dropFirst(namePrefix.count).dropLast(nameSuffix.count))
    }

    /// The fix that makes the block name `name`.
    package func fixIt(naming name: String) -> FixIt? {
        guard let content = content(naming: name), let written = notation.written(textBefore + content + textAfter) else { return nil }
        return .replacing(range, with: written, message: "Change '\(assetName)' to '\(name)'")
    }

    func movedDown(by lines: Int) -> ImageNaming {
        var moved = self
        moved.range = range.relocated { SourceLocation(line: $0.line + lines, column: $0.column) }
        return moved
    }
}
