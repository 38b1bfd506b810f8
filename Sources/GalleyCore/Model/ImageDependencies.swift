/// An image a document depends on: an app asset by name, or an image file
/// by its path relative to the content folder.
package enum ImageDependency: Hashable, Sendable {
    case asset(String)
    case file(String)
}

/// Which documents use which images, both ways: when an image appears,
/// changes or goes away, the documents that use it are rendered again.
package struct ImageDependencies: Sendable {
    private var usersOfImage: [ImageDependency: Set<DocumentID>] = [:]
    /// Each once. A document uses a few images: an array holds them in half
    /// a set's room (with 10,000 documents of one image each, 0.6 against 1.1 MB, massif).
    private var imagesOfDocument: [DocumentID: [ImageDependency]] = [:]

    package init() {}

    /// Records that document `id` uses exactly `images` (each once) now.
    package mutating func record(_ images: [ImageDependency], usedBy id: DocumentID) {
        let previous = imagesOfDocument[id] ?? []
        // Most renderings show the images the last one showed, listed alike.
        guard previous != images else { return }
        let kept = Set(images)
        for image in previous where !kept.contains(image) { usersOfImage[image]?.remove(id) }
        for image in images { usersOfImage[image, default: []].insert(id) }
        imagesOfDocument[id] = images.isEmpty ? nil : images
    }

    /// Forgets a document that went away.
    package mutating func forget(_ id: DocumentID) {
        for image in imagesOfDocument.removeValue(forKey: id) ?? [] { usersOfImage[image]?.remove(id) }
    }

    /// The images document `id` was last recorded using.
    package func images(usedBy id: DocumentID) -> [ImageDependency] {
        imagesOfDocument[id] ?? []
    }

    /// The documents that use `image`.
    package func users(of image: ImageDependency) -> Set<DocumentID> {
        usersOfImage[image] ?? []
    }
}
