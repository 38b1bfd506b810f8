import GalleyCore
import GalleySystem

/// A document's article, made when it is first asked for rather than with
/// the document: a page shows one document at a time, and at start-up with
/// 10,000 files the HTML of each, which no page had asked for, was most of
/// the work (1.05 G of 2.86 G instructions, callgrind) and much of the heap.
/// A document whose problems point at its blocks is rendered at once, since
/// the blocks' ids are the rendering's.
///
/// Copies share one state. What it waits with is the document, where it
/// was read and its renderer, held in that state, not a closure over them
/// in an object of its own: with 10,000 files a document's waiting
/// rendering was four objects, some 300 bytes (massif). The article, once
/// made, is boxed, so that the thousands that wait take no room for one.
struct DeferredRendering: Sendable {
    private enum State {
        case waiting(DocumentRenderer, Document, path: String)
        indirect case made(RenderedDocument)
    }

    private let state: Locked<State>

    /// A rendering made already.
    init(made rendered: RenderedDocument) {
        state = Locked(.made(rendered))
    }

    /// The rendering of `document`, read from `path`, by `renderer`, made the first time it is asked for.
    init(waitingFor document: Document, at path: String, in renderer: DocumentRenderer) {
        state = Locked(.waiting(renderer, document, path: path))
    }

    /// The rendering, made now if it was not yet (by one thread; others asking meanwhile wait for it).
    var rendered: RenderedDocument {
        state.withLock { state in
            switch state {
            case .made(let rendered):
                return rendered
            case .waiting(let renderer, let document, let path):
                let rendered = renderer.renderWhenAsked(document, at: path)
                state = .made(rendered)
                return rendered
            }
        }
    }

    /// The rendering if it was made, without making it.
    var renderedIfMade: RenderedDocument? {
        state.withLock { state in
            if case .made(let rendered) = state { return rendered }
            return nil
        }
    }
}
