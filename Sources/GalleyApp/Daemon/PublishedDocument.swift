import GalleyCore
import GalleyServer

/// A diagnostic as the page shows it: with the block it concerns.
struct PageDiagnostic: Equatable {
    var diagnostic: Diagnostic
    var blockID: String?
    /// Found in the document's last good reading while its file does not
    /// read: true of the documents shown, perhaps not of the file as it is now.
    var fromLastGoodReading = false
}

/// A document as served: its rendering, diagnostics and prebuilt API body.
///
/// The daemon keeps each document once, in the publisher's table (the
/// outbox only until the publisher has it); what it shows is in a box every
/// copy shares, so that the answers, lists and changes that carry a document
/// copy a reference, and a copy can be told to be the very one published
/// (`isSame(as:)`). Only the line the editor follows, new for every cursor
/// move, is the copy's own.
struct PublishedDocument {
    private struct Contents {
        let id: DocumentID
        let path: String
        let item: Int?
        let title: String
        let kind: DocumentKind
        var rendering: DeferredRendering
        let css: PageStyleSheet
        let layout: JSONFragment
        let geometry: KindGeometries?
        let language: String?
        let localizations: [DocumentLocalization]
        let searchable: Document?
        let unsaved: Bool
        /// Out of line: most documents have none, and inline it made each of thousands larger.
        let missingGlyphs: OutOfLine<MissingGlyphs>?
        let diagnostics: [PageDiagnostic]
    }

    /// Held by reference: every copy of the document shares it.
    private final class Shared: Sendable {
        let contents: Contents

        init(_ contents: Contents) {
            self.contents = contents
        }
    }

    private let shared: Shared

    init(
        id: DocumentID, path: DocumentPath, item: Int?, title: String, kind: DocumentKind, rendered: RenderedDocument, css: PageStyleSheet,
        layout: JSONFragment,
        geometry: KindGeometries? = nil, language: String? = nil, localizations: [DocumentLocalization] = [], searchable: Document? = nil,
        unsaved: Bool = false, missingGlyphs: MissingGlyphs? = nil, follow: Follow? = nil, diagnostics: [PageDiagnostic]
    ) {
        self.init(
            id: id, path: path, item: item, title: title, kind: kind, rendering: DeferredRendering(made: rendered), css: css,
            layout: layout,
            geometry: geometry, language: language, localizations: localizations, searchable: searchable, unsaved: unsaved,
            missingGlyphs: missingGlyphs, follow: follow, diagnostics: diagnostics)
    }

    /// A document whose article may be made only when first asked for.
    init(
        id: DocumentID, path: DocumentPath, item: Int?, title: String, kind: DocumentKind, rendering: DeferredRendering,
        css: PageStyleSheet,
        layout: JSONFragment, geometry: KindGeometries? = nil, language: String? = nil, localizations: [DocumentLocalization] = [],
        searchable: Document? = nil, unsaved: Bool = false, missingGlyphs: MissingGlyphs? = nil, follow: Follow? = nil,
        diagnostics: [PageDiagnostic]
    ) {
        self.init(
            Contents(
                id: id, path: path.rawValue, item: item, title: title, kind: kind, rendering: rendering, css: css,
                layout: layout, geometry: geometry, language: language, localizations: localizations, searchable: searchable,
                unsaved: unsaved, missingGlyphs: missingGlyphs.map(OutOfLine.init), diagnostics: diagnostics),
            follow: follow)
    }

    private init(_ contents: Contents, follow: Follow?) {
        shared = Shared(contents)
        self.follow = follow
    }

    var id: DocumentID { shared.contents.id }
    var path: String { shared.contents.path }
    var item: Int? { shared.contents.item }
    var title: String { shared.contents.title }
    var kind: DocumentKind { shared.contents.kind }
    /// The article, where each of its children sits, and how it differs
    /// from the rendering before it, for answering a page with only what changed.
    var rendered: RenderedDocument { shared.contents.rendering.rendered }
    var html: String { rendered.html }
    /// Whether its article was made (`DeferredRendering`): asked for, or made with it.
    var isRendered: Bool { shared.contents.rendering.renderedIfMade != nil }
    /// How many blocks its article holds, if it was made.
    var renderedBlockCount: Int { shared.contents.rendering.renderedIfMade?.blockCount ?? 0 }
    var css: PageStyleSheet { shared.contents.css }
    /// `{"deviceWidth": …, "appearance": …}` from `galley.json`.
    var layout: JSONFragment { shared.contents.layout }
    /// For a tagged document, its kinds' sizes (`/api/layout`).
    var geometry: KindGeometries? { shared.contents.geometry }
    /// The BCP 47 tag of the content's language, for `lang` (see `DocumentLanguage`).
    var language: String? { shared.contents.language }
    /// Its copies in the other languages of a localised file, this one included.
    var localizations: [DocumentLocalization] { shared.contents.localizations }
    /// The words the index page searches, collected when the list is made
    /// (`DocumentList`): not on the save path, where collecting them was
    /// 40 % of a save of the example, nor at start-up, where collecting
    /// 10,000 documents' words before the URL was printed was a third of the load.
    var searchableText: String { shared.contents.searchable?.searchableText() ?? "" }
    /// Shown from an editor's unsaved buffer rather than the file on disk.
    var unsaved: Bool { shared.contents.unsaved }
    /// The characters no installed font draws, which the page names; nil for none.
    var missingGlyphs: MissingGlyphs? { shared.contents.missingGlyphs?.value }
    /// The block the author's cursor rests on, for pages that follow the editor.
    var follow: Follow? {
        get { followed?.value }
        set { followed = newValue.map(OutOfLine.init) }
    }
    /// Out of line: one document has it, and the table keeps every document.
    private var followed: OutOfLine<Follow>?
    struct Follow: Equatable, Sendable {
        var line: Int
        /// New for every cursor move, so a page scrolls once per move.
        var serial: Int
    }
    var diagnostics: [PageDiagnostic] { shared.contents.diagnostics }

    /// The same document with its article's HTML replaced (a review page marks what changed in it).
    func showing(html: String) -> PublishedDocument {
        var contents = shared.contents
        var rendered = contents.rendering.rendered
        rendered.html = html
        contents.rendering = DeferredRendering(made: rendered)
        return PublishedDocument(contents, follow: follow)
    }

    /// Whether `other` is this very copy: the same published contents, following the same line.
    func isSame(as other: PublishedDocument) -> Bool {
        shared === other.shared && follow == other.follow
    }

    var errorCount: Int { diagnostics.filter { $0.diagnostic.severity == .error }.count }
    var warningCount: Int { diagnostics.filter { $0.diagnostic.severity == .warning }.count }

    /// Whether anything a page shows differs from `other`. The searchable
    /// words are the text `html` shows: they differ only when it does.
    func looksDifferent(from other: PublishedDocument) -> Bool {
        // The HTML last, as it may have to be made (`DeferredRendering`); bytes,
        // not characters: comparing megabytes of HTML as Unicode text costs far more.
        diagnostics != other.diagnostics || title != other.title || css != other.css || layout != other.layout
            || language != other.language || localizations != other.localizations || unsaved != other.unsaved
            || missingGlyphs != other.missingGlyphs || !html.isByteEqual(to: other.html)
    }

    /// The `/api/documents/{id}` body for this document as `version`: with
    /// the whole `html`, or with a `patch` (a `DocumentPatch`) from `base`.
    func json(boot: String, version: Int, editor: JSONFragment, patchFrom base: Versioned<PublishedDocument>? = nil) -> JSONWriter {
        // The body is sent from the bytes written here and kept while its version is current: room
        // for the whole article with its escapes ('<' and '"' grow), so that it is not moved as it
        // grows; none for a patch's, which is a small part of it.
        let article = base == nil ? html.utf8.count + html.utf8.count / 8 : 0
        var json = JSONWriter(reservingCapacity: article + css.json.bytes.count + layout.bytes.count + diagnostics.count * 256 + 1024)
        json.beginObject()
        json.field("boot", boot)
        writeIdentity(version: version, into: &json)
        if let base {
            json.key("patch")
            DocumentPatch.write(from: base, to: self, into: &json)
        } else {
            json.field("html", html)
        }
        if let follow {
            json.key("follow")
            json.beginObject()
            json.field("line", follow.line)
            json.field("serial", follow.serial)
            json.endObject()
        }
        // The page holds the base version's style sheet: a patch that does not change it leaves it out.
        if base?.value.css != css { json.field("css", css.json) }
        json.field("layout", layout)
        json.field("language", language)
        json.key("localizations")
        json.beginArray()
        for copy in localizations {
            json.beginObject()
            json.field("language", copy.language)
            json.field("id", copy.documentID.rawValue)
            json.endObject()
        }
        json.endArray()
        json.field("editor", editor)
        if let missingGlyphs {
            json.key("missingGlyphs")
            missingGlyphs.write(into: &json)
        }
        json.key("diagnostics")
        json.beginArray()
        for entry in diagnostics {
            json.beginObject()
            entry.diagnostic.writeFields(into: &json)
            json.field("block", entry.blockID)
            if entry.fromLastGoodReading { json.field("fromLastGoodReading", true) }
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return json
    }

    /// Which document and version an answer is about: the fields the list
    /// and the document answers share.
    private func writeIdentity(version: Int, into json: inout JSONWriter) {
        json.field("id", id.rawValue)
        json.field("path", path)
        json.field("item", item)
        json.field("title", title)
        json.field("kind", kind.rawValue)
        json.field("version", version)
        json.field("unsaved", unsaved)
    }

    /// This document's entry in the `/api/documents` list (`DocumentList`; its words are `/api/words`).
    func writeSummary(version: Int, into json: inout JSONWriter) {
        json.beginObject()
        writeIdentity(version: version, into: &json)
        json.field("errors", errorCount)
        json.field("warnings", warningCount)
        json.endObject()
    }
}
