import GalleyCore
import GalleyPage
import GalleySystem
import Glibc

/// `galley render`: the preview of a content file as one self-contained
/// HTML page (images inlined), for sharing a proof.
struct RenderCommand {
    var paths: [String]
    var output: String?

    func run() -> Int32 {
        if paths.count == 1, FileSystem.isDirectory(paths[0]), !ContentFormats.isBundle(paths[0]) {
            guard let output else {
                Console.error("galley: rendering a folder writes a site; give its folder with -o")
                return 64
            }
            do {
                let count = try StaticSite(contentFolder: paths[0], output: output).write()
                Console.error("galley: wrote \(count) document\(count == 1 ? "" : "s") and an index to \(output)")
                return 0
            } catch {
                Console.error("galley: \(error)")
                return 1
            }
        }
        var articles: [PublishedDocument] = []
        var deviceWidth = Double(PreviewDevice.defaultWidth)
        for path in paths {
            guard FileSystem.exists(path), !FileSystem.isDirectory(path) || ContentFormats.isBundle(path) else {
                Console.error("galley: '\(path)' is not a content file")
                return 1
            }
            let root = ContentRoot.of(file: path)
            let folder = FilePath.realPath(root) ?? root
            if let output, OutputPath.isInside(output, folder: folder) {
                Console.error("galley: the output '\(output)' is inside the content folder \(folder); Galley never writes there")
                return 1
            }
            guard let relative = ContentPath.relative(FilePath.resolvingFolders(path) ?? path, to: root) else { return 1 }
            let workspace = Workspace(root: root, output: .inline, pictures: ImagePictures(root: root))
            workspace.apply(.onlyContent(at: DocumentPath(rawValue: relative)))
            let documents = workspace.allDocuments.filter { $0.path == relative }
            guard !documents.isEmpty else {
                Console.error("galley: '\(path)' holds no documents Galley can preview")
                return 1
            }
            for document in documents {
                for entry in document.diagnostics { Console.error(entry.diagnostic.formatted) }
            }
            articles += documents
            deviceWidth = workspace.deviceWidth
        }
        let page = StaticPage.html(documents: articles, deviceWidth: deviceWidth)
        guard let output else { return Console.output(page) ? 0 : 1 }
        do {
            try OutputFile.write(page.utf8, to: output)
        } catch {
            Console.error("galley: cannot write \(output): \(error)")
            return 1
        }
        return 0
    }
}

/// A standalone HTML page holding rendered documents and the page's CSS.
enum StaticPage {
    /// `deviceWidth` is galley.json's (the live page's toolbar sets it there);
    /// `extraCSS` follows the page's own; `preface` is shown above each document.
    static func html(
        documents: [PublishedDocument], deviceWidth: Double, backLink: String? = nil, extraCSS: String = "",
        preface: (PublishedDocument) -> String = { _ in "" }
    ) -> String {
        let css = PageFiles.named("galley.css").map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        var seenCSS = Set<String>()
        let kindCSS = documents.map(\.css.css).filter { seenCSS.insert($0).inserted }.joined(separator: "\n")
        let title = documents.count == 1 ? documents[0].title : (documents.first.map { RelativePath.baseName($0.path) } ?? "Galley")
        // The page's language when its documents agree on one; each section says its own.
        let languages = Set(documents.map(\.language))
        let pageLanguage = languages.count == 1 ? languages.first ?? nil : nil
        var html = "<!doctype html>\n<html\(langAttribute(pageLanguage))>\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        html +=
            "<title>\(HTMLEscaping.escape(title))</title>\n<style>\n\(css)\n\(kindCSS)\(extraCSS)</style>\n</head>\n<body "
            + "class=\"static-proof\">\n"
        if let backLink { html += "<nav class=\"proof-nav\"><a href=\"\(HTMLEscaping.escape(backLink))\">← All documents</a></nav>\n" }
        // On the desk, as on the live page: each device centred.
        html += "<main class=\"stage\">\n"
        for document in documents {
            html += "<section class=\"device\"\(langAttribute(document.language)) aria-label=\"\(HTMLEscaping.escape(document.title))\">\n"
            html += "<h2 class=\"proof-title\">\(HTMLEscaping.escape(document.title))</h2>\n" + preface(document)
            html += "<div class=\"device-screen\" style=\"--device-width:\(Int(deviceWidth))px\">\n\(document.html)</div>\n</section>\n"
        }
        return html + "</main>\n</body>\n</html>\n"
    }

    private static func langAttribute(_ language: String?) -> String {
        language.map { " lang=\"\(HTMLEscaping.escape($0))\"" } ?? ""
    }
}
