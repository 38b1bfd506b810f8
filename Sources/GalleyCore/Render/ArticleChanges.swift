/// What the renderer knows of a new rendering against the one it was made
/// from: per child of the article (the header, then the groups), and per
/// block of a group that is not kept whole, whether it is kept, moved or
/// new. A patch for the page is this, written down (`DocumentPatch`); no
/// later layer compares elements again.
package struct ArticleChanges: Sendable, Equatable {
    /// The rendering these changes are told against.
    package let basis: RenderingIdentity
    /// One per child of the new article, in order.
    package var children: [Child]

    package enum Child: Sendable, Equatable {
        /// The basis's child at `from`, as it was but for its location
        /// attributes, which grow by `shift` (a group whose blocks all moved
        /// alike: one attribute, however many blocks it holds).
        case kept(from: Int, shift: LocationShift)
        /// The basis's group at `from`, with this rendering's opening tag
        /// (id and location) and these blocks.
        case updated(from: Int, blocks: [Block])
        /// A child the basis does not have: the header (`blocks` nil), or a
        /// group of these blocks.
        case new(blocks: [Block]?)
    }

    package enum Block: Sendable, Equatable {
        /// The basis's block `index` of its child `group`, as it was but for
        /// its location attributes, which grow by `shift`.
        case kept(group: Int, index: Int, shift: LocationShift)
        /// A block rendered anew, or copied under another id.
        case new
    }
}

/// How much the numbers of an element's location attributes grow.
package struct LocationShift: Sendable, Equatable {
    package var lines: Int
    package var columns: Int

    package static let none = LocationShift(lines: 0, columns: 0)
}
