import GalleyCore
import GalleySystem

/// A font file of the content folder, read: what the page loads and what
/// Galley draws text by. Made anywhere (a large font off the workspace
/// queue, as a large document is), then taken in by `FolderFiles`.
struct FontFileReading: Sendable {
    let path: String
    /// Nil when the file is gone or leads outside the folder.
    let served: ServedImage?
    /// Nil when it is no font Galley can read.
    let file: BundledFonts.FontFile?

    static func read(_ path: String, in folder: ContentFolder) -> FontFileReading {
        guard let bytes = try? folder.read(path) else { return FontFileReading(path: path, served: nil, file: nil) }
        let served = ServedImage(path: path, contentHash: ContentHash.of(bytes), width: nil, height: nil, mimeType: mimeType(path))
        return FontFileReading(path: path, served: served, file: .read(bytes))
    }

    private static func mimeType(_ path: String) -> String {
        if RelativePath.hasExtension(path, in: ["otf"]) { return "font/otf" }
        if RelativePath.hasExtension(path, in: ["ttc"]) { return "font/collection" }
        return "font/ttf"
    }

    /// A reading of the font at `path` to run on the slow lane; `ticket`
    /// tells whether it is still wanted when it is back.
    struct Job: Sendable {
        let path: String
        let folder: ContentFolder
        let ticket: Int

        func run() -> SlowWork.Done {
            .font(FontFileReading.read(path, in: folder), ticket: ticket)
        }
    }
}
