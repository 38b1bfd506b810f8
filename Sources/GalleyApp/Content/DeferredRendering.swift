import GalleyCore
import GalleySystem

/// A document's article, made when it is first asked for rather than with
/// the document: a page shows one document at a time, and at start-up with
/// 10,000 files the HTML of each, which no page had asked for, was most of
/// the work and much of the heap. A document whose problems point at its
/// blocks waits too: its blocks' ids, which come from their content, are
/// found by rendering it once at load, and the rendering made when asked has the same.
///
/// Copies share one state. What it waits with is the document, where it
/// was read and its renderer, held in that state (`MadeOnce`), not a
/// closure over them in an object of its own: with 10,000 files a
/// closure made each waiting rendering four objects.
struct DeferredRendering: Sendable {
    private struct Waiting: Recipe {
        let renderer: DocumentRenderer
        let document: Document
        let path: DocumentPath

        func make() -> RenderedDocument {
            renderer.renderWhenAsked(document, at: path)
        }
    }

    private let rendering: MadeOnce<Waiting>

    /// A rendering made already.
    init(made rendered: RenderedDocument) {
        rendering = MadeOnce(made: rendered)
    }

    /// The rendering of `document`, read from `path`, by `renderer`, made the first time it is asked for.
    init(waitingFor document: Document, at path: DocumentPath, in renderer: DocumentRenderer) {
        rendering = MadeOnce(Waiting(renderer: renderer, document: document, path: path))
    }

    /// The rendering, made now if it was not yet (by one thread; others asking meanwhile wait for it).
    var rendered: RenderedDocument { rendering.value }

    /// The rendering if it was made, without making it.
    var renderedIfMade: RenderedDocument? { rendering.valueIfMade }
}
