/// The renderer's output for one document.
package struct RenderedDocument: Sendable, Equatable {
    package struct MissingImage: Sendable, Equatable {
        package var name: String
        package var location: SourceLocation
        package var blockID: String
    }

    /// The title header or a block, where it sits in `html`.
    package struct Element: Sendable, Equatable {
        /// The element's id; nil for the title header.
        package var id: String?
        /// UTF-8 offsets of the element in `html`, without the line break after it.
        package var range: Range<Int>
        /// For a block: where it starts in the source, and the UTF-8 offsets
        /// of the attributes that say it relative to its group
        /// (` data-line-offset="…" data-column-offset="…"`, see `GroupOffset`).
        package var location: SourceLocation?
        package var locationAttributes: Range<Int>

        init(id: String?, range: Range<Int>, location: SourceLocation? = nil, locationAttributes: Range<Int> = 0..<0) {
            self.id = id
            self.range = range
            self.location = location
            self.locationAttributes = locationAttributes
        }

        /// Moves the element by `offset` bytes, as when an edit before it
        /// made the HTML longer or shorter.
        mutating func shift(by offset: Int) {
            range = (range.lowerBound + offset)..<(range.upperBound + offset)
            locationAttributes = (locationAttributes.lowerBound + offset)..<(locationAttributes.upperBound + offset)
        }
    }

    /// Consecutive blocks wrapped in one element (`BlockGroups` says where
    /// one ends): a child of the article after the header.
    package struct Group: Sendable, Equatable {
        package var id: String
        /// UTF-8 offsets of the whole group element in `html`, without the line break after it.
        package var range: Range<Int>
        /// UTF-8 offsets of its opening tag, and of the attributes in it
        /// that say where its first block starts (` data-line="…" data-column="…"`).
        package var openingTag: Range<Int>
        package var locationAttributes: Range<Int>
        /// Where its first block starts: what its blocks' offsets count from.
        package var location: SourceLocation
        /// Its blocks, by index (the header, if any, is not counted).
        package var blocks: Range<Int>
    }

    /// What a later rendering needs to know of a block: to copy it instead
    /// of rendering it again, and to number the blocks after it.
    struct RenderedBlock: Sendable, Equatable {
        /// The block's content hash, which its id starts with.
        var base: UInt32
        /// How many blocks before it have the same content.
        var occurrence: Int
        /// UTF-8 offsets of the block's content in `html`.
        var inner: Range<Int>
        /// False for blocks whose rendering depends on more than the block
        /// (images resolve through the context): copied only into a
        /// rendering with the same context.
        var dependsOnlyOnItself: Bool
        /// The scripts of the block's text, for the document's language.
        var scripts: DocumentLanguage.Scripts
    }

    package var html: String
    /// The article's opening tag, as it starts `html`.
    package var articleTag: String
    /// The header (without an id), then one element per block, in order.
    package var elements: [Element]
    /// The article's children after the header, in order.
    package var groups: [Group]
    package var missingImages: [MissingImage]
    /// Why files of images this rendering resolved cannot be shown as they
    /// are, by path (`ResolvedImage.problems`); those of blocks copied from
    /// the previous rendering were not resolved again.
    package var imageProblems: [String: String]
    /// Per block, in order.
    var blocks: [RenderedBlock]
    /// The scripts of every block's text (not the title's), for `DocumentLanguage`.
    package var scripts: DocumentLanguage.Scripts
    /// This rendering, for a later one to name as its basis.
    package let identity = RenderingIdentity()
    /// How the article differs from the rendering it was made from, if any.
    package var changes: ArticleChanges?

    /// What the renderings show, not which rendering they came from.
    package static func == (first: RenderedDocument, second: RenderedDocument) -> Bool {
        first.html == second.html && first.articleTag == second.articleTag && first.elements == second.elements
            && first.groups == second.groups && first.missingImages == second.missingImages && first.blocks == second.blocks
            && first.scripts == second.scripts
    }

    /// Element ids of the top-level blocks, in order.
    package var blockIDs: [String] { elements.compactMap(\.id) }

    /// Which block problems at `locations` are shown on, by location: the
    /// block that starts there, or the block holding an image missing there
    /// (an image in a table cell is shown on the table). Only the locations
    /// asked for are looked up, and the walk ends once all are found: a
    /// document has a few problems and may have thousands of blocks (a table
    /// of them all was a tenth of a save of 5,000 paragraphs).
    package func blockIDs(at locations: [SourceLocation]) -> [SourceLocation: String] {
        var wanted = Set(locations)
        var ids: [SourceLocation: String] = [:]
        for element in elements where !wanted.isEmpty {
            if let id = element.id, let location = element.location, wanted.remove(location) != nil { ids[location] = id }
        }
        for missing in missingImages where wanted.remove(missing.location) != nil { ids[missing.location] = missing.blockID }
        return ids
    }

    /// How many blocks the rendering has.
    package var blockCount: Int { elements.count - headerCount }

    /// How many elements come before the blocks' (and children of the
    /// article before the groups): the header is the only element without
    /// an id, and comes first.
    package var headerCount: Int { elements.first.map { $0.id == nil ? 1 : 0 } ?? 0 }
}

/// Tells one rendering from every other, so that a patch is written from
/// the renderer's changes only against the rendering they were made from.
///
/// An object of its own, compared by reference: it lives as long as any
/// copy of the identity (a rendering, or changes made against it), so no
/// other rendering can share it, and making one asks the kernel for
/// nothing (a random number was a system call on every save).
package struct RenderingIdentity: Sendable, Equatable {
    private final class Token: Sendable {}

    private let token = Token()

    init() {}

    package static func == (first: Self, second: Self) -> Bool { first.token === second.token }
}

/// A document and how it was rendered, for rendering its next version.
package struct PreviousRendering: Sendable {
    package var document: Document
    package var rendered: RenderedDocument
    /// Whether the context resolves images as it did for `rendered`: then
    /// the blocks holding images (that all resolved) are copied too.
    package var sameContext: Bool
    /// Which blocks of the document now rendered are unchanged blocks of
    /// `document`, when the caller has found that already (for its checks);
    /// else the renderer finds it.
    package var unchanged: UnchangedBlocks?

    package init(document: Document, rendered: RenderedDocument, sameContext: Bool = false) {
        self.document = document
        self.rendered = rendered
        self.sameContext = sameContext
    }
}

extension String {
    /// The text between two UTF-8 offsets that fall on character boundaries.
    package func utf8Slice(_ range: Range<Int>) -> Substring {
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let end = utf8.index(start, offsetBy: range.count)
        return self[start..<end]
    }
}
