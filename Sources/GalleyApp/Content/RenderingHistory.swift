import GalleyCore

/// What each published document was last rendered from, so its next version
/// renders only the blocks that changed, and which images it shows, so a
/// changed image renders its users again.
struct RenderingHistory {
    private var last: [DocumentID: LastRendering] = [:]
    private var imageUsers = ImageDependencies()

    subscript(id: DocumentID) -> LastRendering? {
        last[id]
    }

    /// Records a rendering that was published; returns the one it replaces.
    mutating func record(_ rendering: LastRendering, of id: DocumentID) -> LastRendering? {
        last.updateValue(rendering, forKey: id)
    }

    /// The images document `id` showed when last rendered.
    func images(of id: DocumentID) -> [ImageDependency] {
        imageUsers.images(usedBy: id)
    }

    mutating func recordImages(_ images: [ImageDependency], of id: DocumentID) {
        imageUsers.record(images, usedBy: id)
    }

    /// The documents showing any of `images`.
    func users(of images: some Sequence<ImageDependency>) -> Set<DocumentID> {
        images.reduce(into: []) { users, image in users.formUnion(imageUsers.users(of: image)) }
    }

    mutating func forget(_ id: DocumentID) {
        last[id] = nil
        imageUsers.forget(id)
    }
}
