/// What one tagged string says, read once: the kind it is, its block, the
/// warnings about the string itself and how an image block's name is
/// written. All of it follows from the string's text (with the schema and
/// the image name it was read with), and every location in it is the
/// string's range, so a reading of an edited file takes it over for each
/// string whose text did not change, placed where that string now is,
/// instead of classifying the string again.
package struct TaggedStringReading: Sendable {
    /// The string it was read from, where it is now.
    package internal(set) var string: TaggedString
    /// The index of the kind it matched in the schema's kinds; nil when it
    /// matched none, and then it makes no block.
    let kindIndex: Int?
    /// The block, at the string's start (when a kind matched).
    var block: Block?
    /// Warnings about its tags (unknown, mismatched, full-width), told
    /// before the warning that the block is out of place, and warnings
    /// about its content (empty), told after it. Each is about the whole
    /// string, and each of its fixes rewrites the whole string.
    var aboutTags: [Diagnostic] = []
    var aboutContent: [Diagnostic] = []
    /// How an image block's asset name is written.
    var naming: ImageNaming?

    /// Whether this is what `other` says: the same text, written in the same
    /// notation (its fixes write it so). Compared as bytes, as memory: an
    /// edited item's strings are compared in every reading of it.
    func reads(_ other: TaggedString) -> Bool {
        string.notation == other.notation && string.text.isByteEqual(to: other.text)
    }

    /// The same reading of the same text written at `range`.
    func placed(at range: SourceRange) -> TaggedStringReading {
        guard range != string.range else { return self }
        var placed = self
        placed.string.range = range
        placed.block?.location = range.start
        placed.aboutTags = aboutTags.map { $0.placed(at: range) }
        placed.aboutContent = aboutContent.map { $0.placed(at: range) }
        placed.naming?.range = range
        return placed
    }
}

/// The strings of one reading, each with what it said, and the image name
/// they were read with: what the next reading of the same strings (another
/// version of the item or file) takes over.
package struct TaggedStringReadings: Sendable {
    let imageName: String?
    let readings: [TaggedStringReading]

    package var strings: [TaggedString] { readings.map(\.string) }

    /// The same readings, each string written where `move` puts its range.
    func placed(_ move: (SourceRange) -> SourceRange) -> TaggedStringReadings {
        TaggedStringReadings(imageName: imageName, readings: readings.map { $0.placed(at: move($0.string.range)) })
    }
}

extension Diagnostic {
    /// The same problem about a whole string, now written at `range`, and
    /// its fixes, each of which rewrites the whole string.
    fileprivate func placed(at range: SourceRange) -> Diagnostic {
        var placed = self
        placed.range = range
        placed.fixIts = fixIts.map { fix in
            FixIt(message: fix.message, edits: fix.edits.map { TextEdit(range: range, replacement: $0.replacement) })
        }
        return placed
    }
}
