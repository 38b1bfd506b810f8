import GalleyCore

/// What each published document was last rendered from, so its next version
/// renders only the blocks that changed, and which images it shows, so a
/// changed image renders its users again.
struct RenderingHistory {
    private var last: [String: LastRendering] = [:]
    private var imageUsers = ImageDependencies()

    subscript(id: String) -> LastRendering? {
        last[id]
    }

    /// Records a rendering that was published; returns the one it replaces.
    mutating func record(_ rendering: LastRendering, of id: String) -> LastRendering? {
        last.updateValue(rendering, forKey: id)
    }

    mutating func recordImages(_ images: Set<ImageDependency>, of id: String) {
        imageUsers.record(images, usedBy: id)
    }

    /// The documents showing any of `images`.
    func users(of images: some Sequence<ImageDependency>) -> Set<String> {
        images.reduce(into: []) { users, image in users.formUnion(imageUsers.users(of: image)) }
    }

    mutating func forget(_ id: String) {
        last[id] = nil
        imageUsers.forget(id)
    }
}
