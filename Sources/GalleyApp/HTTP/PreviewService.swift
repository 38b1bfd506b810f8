import GalleyCore
import GalleyImaging
import GalleyPage
import GalleyServer

/// Routes HTTP requests to the published state, the page files and images.
/// Runs on libmicrohttpd's thread; never blocks on the workspace.
final class PreviewService: HTTPHandler, @unchecked Sendable {
    private let publisher: Publisher
    private let guardrail: RequestGuard
    private let root: String
    private let editor: EditorLink
    /// Other machines' access with `serve --lan`; nil serves loopback only.
    private let lan: LANGate?
    private let pictures: ImagePictures
    /// The changes view's pages, made off this thread.
    private let review: LiveReview

    init(
        publisher: Publisher, guardrail: RequestGuard, root: String, editor: EditorLink, lan: LANGate? = nil, pictures: ImagePictures,
        review: LiveReview
    ) {
        self.lan = lan
        self.review = review
        self.publisher = publisher
        self.guardrail = guardrail
        self.root = root
        self.editor = editor
        self.pictures = pictures
    }

    /// This machine's pages, and other devices' that hold the cookie.
    func isTrusted(_ request: HTTPRequest) -> Bool {
        request.peer.isLoopback || lan?.holdsDeviceCookie(request) == true
    }

    func reply(to request: HTTPRequest) -> HTTPReply {
        if case .refused(let refusal) = guardrail.check(request) {
            return .now(text(refusal.status, refusal.reason))
        }
        if let refusal = lan?.refusal(for: request) { return .now(refusal) }
        let path = request.path
        guard request.peer.isLoopback || !PreviewService.actsOnThisMachine(request) else {
            return .now(text(403, "only this machine can do that"))
        }
        if request.method == "POST" {
            return .now(openEditor(request))
        }
        switch true {
        case path == "/" || path == "/index.html":
            return .now(pageFile("index.html"))
        case path.hasBytePrefix("/doc/"):
            return .now(pageFile("page.html"))
        case path == PreviewService.changesPath:
            return .now(pageFile("changes.html"))
        case path == "/api/changes":
            return changes(request)
        case path == PreviewService.lanCodePath:
            guard let svg = lan?.qrCodeSVG else { return .now(text(404, "not serving the local network (see --lan)")) }
            return .now(uncachedSVG(svg))
        case path == PreviewService.pageCodePath:
            guard let lan else { return .now(text(404, "not serving the local network (see --lan)")) }
            guard let svg = lan.qrCodeSVG(forPage: request.query["u"] ?? "") else {
                return .now(text(400, "u must be a page of this server"))
            }
            return .now(uncachedSVG(svg))
        case path.hasBytePrefix("/_galley/"):
            return .now(pageFile(path.removingBytePrefix("/_galley/") ?? "", cacheable: true))
        case path == "/api/documents":
            return publisher.reply(
                to: LongPollRequest(topic: .index, since: request.query["since"].flatMap { Int($0) }), wait: waitSeconds(request))
        case path == "/api/words":
            return .now(publisher.documentWords(since: request.query["since"].flatMap { Int($0) }))
        case path.hasBytePrefix("/api/documents/"):
            let id = path.removingBytePrefix("/api/documents/") ?? ""
            let poll = LongPollRequest(
                topic: .document(DocumentID(rawValue: id)), since: request.query["since"].flatMap { Int($0) },
                acceptsPatch: request.query["patch"] == "1")
            return publisher.reply(to: poll, wait: waitSeconds(request))
        case path.hasBytePrefix("/api/layout/"):
            return .now(layout(of: path.removingBytePrefix("/api/layout/") ?? "", request: request))
        case path.hasBytePrefix("/files/"):
            return image(at: path.removingBytePrefix("/files/") ?? "", request: request)
        default:
            return .now(text(404, "not found"))
        }
    }

    /// The changes view (`?since=REV`): the page, which asks `/api/changes` with the same query.
    static let changesPath = "/changes"

    /// The QR code of the printed LAN URL; it holds the key, so only this machine gets it.
    static let lanCodePath = "/_galley/lan-code.svg"

    /// The QR code of one page (`?u=/doc/…`) with the key, for a phone.
    static let pageCodePath = "/_galley/qr.svg"

    /// What acts on this machine or reveals the key: never for another machine,
    /// whatever it holds.
    private static func actsOnThisMachine(_ request: HTTPRequest) -> Bool {
        request.method == "POST" || request.path == lanCodePath || request.path == pageCodePath
    }

    private func openEditor(_ request: HTTPRequest) -> HTTPResponse {
        guard editor.isAvailable else { return text(404, EditorLink.unavailable) }
        let documents = publisher.documents
        let outcome = editor.open(request, allowedOrigins: guardrail.allowedOrigins, root: root) { path in
            documents.contains { $0.path == path }
        }
        switch outcome {
        case .opened:
            return HTTPResponse(status: 204, headers: SecurityHeaders.all, body: SharedBody([]))
        case .refused(let refusal):
            return text(refusal.status, refusal.reason)
        }
    }

    /// Where the app's view puts a tagged document's blocks, given what
    /// only a browser knows of them: `blocks=kind/lines,kind/WxH,…` in
    /// order (see `KindGeometries.block`), on a screen `width` points wide.
    private func layout(of id: String, request: HTTPRequest) -> HTTPResponse {
        guard let geometry = publisher.document(DocumentID(rawValue: id))?.geometry else { return text(404, "no tagged document '\(id)'") }
        let descriptions = (request.query["blocks"] ?? "").split(separator: ",")
        let blocks = descriptions.compactMap(geometry.block)
        guard blocks.count == descriptions.count else { return text(400, "blocks are kind/lines, kind/WIDTHxHEIGHT or kind/=HEIGHT") }
        let width =
            request.query["width"].flatMap(Double.init).flatMap { $0.isFinite && $0 > 0 && $0 < 100_000 ? $0 : nil }
            ?? Double(PreviewDevice.defaultWidth)
        let rules = geometry.rules.onScreen(width: width)
        var json = JSONWriter()
        json.beginObject()
        json.field("sdk", rules.sdk.description)
        json.key("blocks")
        json.beginArray()
        for placement in ColumnLayout.place(blocks, screenWidth: width, rules: rules) {
            json.beginObject()
            json.key("top")
            json.number(placement.top)
            json.key("height")
            json.number(placement.height)
            if let gap = placement.gap {
                json.key("gap")
                gap.write(into: &json)
            }
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return HTTPResponse.json(json)
    }

    /// The review page of the folder as it is now against `since` (HEAD when
    /// not given), or why there is none; never cached, as it follows every save.
    private func changes(_ request: HTTPRequest) -> HTTPReply {
        let changes: ChangesRequest
        switch ChangesRequest.read(since: request.query["since"], asker: request.peer.isLoopback ? .thisMachine : .device) {
        case .success(let read): changes = read
        case .failure(let refusal): return .now(text(refusal.status, refusal.reason))
        }
        let version = publisher.indexVersion
        return .later { [review] pending in
            review.page(changes, version: version) { result in
                let headers = [("Cache-Control", "no-store")] + SecurityHeaders.all
                switch result {
                case .success(let page):
                    pending.resume(with: HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: page, headers: headers))
                case .failure(let refusal):
                    pending.resume(
                        with: HTTPResponse(
                            status: refusal.status, contentType: "text/plain; charset=utf-8", body: refusal.reason + "\n", headers: headers)
                    )
                }
            }
        }
    }

    /// How long a long-poll may be held: `wait` seconds, 25 by default, at most 60.
    private func waitSeconds(_ request: HTTPRequest) -> Double {
        guard let wait = request.query["wait"].flatMap({ Double($0) }), wait.isFinite else { return 25 }
        return min(60, max(0, wait))
    }

    private func text(_ status: Int, _ message: String) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/plain; charset=utf-8", body: message + "\n", headers: SecurityHeaders.all)
    }

    /// A QR code: it holds the key, so no cache keeps it.
    private func uncachedSVG(_ svg: String) -> HTTPResponse {
        HTTPResponse(
            status: 200, headers: [("Content-Type", "image/svg+xml"), ("Cache-Control", "no-store")] + SecurityHeaders.all,
            body: SharedBody(svg))
    }

    private func pageFile(_ name: String, cacheable: Bool = false) -> HTTPResponse {
        guard let file = PageFiles.named(name) ?? ThisMachine.pageFile(named: name) else { return text(404, "not found") }
        let cache = ("Cache-Control", cacheable ? "no-cache" : "no-store")
        return HTTPResponse(
            status: 200, headers: [("Content-Type", file.contentType), cache] + SecurityHeaders.all, body: SharedBody(file.bytes))
    }

    /// Serves an image the workspace knows, and nothing else: the path must
    /// name a known image, and what is sent is what was read from the file
    /// opened beneath the content folder (`ContentFolder`). With
    /// `w=PIXELS` (or for a format a browser cannot show) the answer is a
    /// picture drawn at that width, made off this thread.
    private func image(at path: String, request: HTTPRequest) -> HTTPReply {
        guard SafePath.isClean(path), let image = publisher.image(at: path), image.isDisplayable else {
            return .now(text(404, "not found"))
        }
        let requestedWidth = request.query["w"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
        let immutable = request.query["v"] == image.contentHash
        switch pictures.delivery(for: image, requestedWidth: requestedWidth) {
        case .original:
            return .now(originalFile(image, immutable: immutable, request: request))
        case .drawn(let width, let enlarge):
            let etag = "\"\(image.contentHash)-w\(width)\""
            let headers =
                [("ETag", etag), ("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache")] + SecurityHeaders.all
            if request.header("if-none-match") == etag {
                return .now(HTTPResponse(status: 304, headers: headers, body: SharedBody([])))
            }
            let answer = { @Sendable [pictures] (result: Result<DrawnPicture, PictureFailure>) -> HTTPResponse in
                switch result {
                case .success(let picture):
                    return HTTPResponse(
                        status: 200, headers: [("Content-Type", picture.mimeType)] + headers, body: SharedBody(picture.bytes))
                case .failure(let failure) where !failure.isLasting:
                    // Not the file's fault (too many pictures waiting, the file
                    // gone for a moment): the page may ask again.
                    return HTTPResponse(
                        status: 503, contentType: "text/plain; charset=utf-8", body: "\(failure)\n",
                        headers: [("Cache-Control", "no-store"), ("Retry-After", "1")] + SecurityHeaders.all)
                case .failure(let failure):
                    pictures.report(image)
                    return HTTPResponse(
                        status: 422, contentType: "text/plain; charset=utf-8", body: ImagePictures.cannotShow(image, failure) + "\n",
                        headers: [("Cache-Control", "no-store")] + SecurityHeaders.all)
                }
            }
            let job = pictures.job(for: image, width: width, enlarge: enlarge)
            if let ready = pictures.maker.ready(job.key) { return .now(answer(ready)) }
            return .later { [pictures] pending in
                pictures.maker.make(job) { pending.resume(with: answer($0)) }
            }
        }
    }

    private func originalFile(_ image: ServedImage, immutable: Bool, request: HTTPRequest) -> HTTPResponse {
        let etag = "\"\(image.contentHash)\""
        let cache = immutable ? "public, max-age=31536000, immutable" : "no-cache"
        let headers = [("ETag", etag), ("Cache-Control", cache)] + SecurityHeaders.forContentFile(mimeType: image.mimeType)
        if request.header("if-none-match") == etag {
            return HTTPResponse(status: 304, headers: headers, body: SharedBody([]))
        }
        guard let bytes = pictures.bytes(of: image) else { return text(404, "not found") }
        // Serve what is on disk now, but label it with its own hash so a
        // write racing this read cannot be cached under the old version.
        let currentHash = ContentHash.of(bytes)
        return HTTPResponse(
            status: 200,
            headers: [
                ("Content-Type", image.mimeType), ("ETag", "\"\(currentHash)\""),
                ("Cache-Control", currentHash == image.contentHash ? cache : "no-cache"),
            ]
                + SecurityHeaders.forContentFile(mimeType: image.mimeType),
            body: SharedBody(bytes)
        )
    }
}
