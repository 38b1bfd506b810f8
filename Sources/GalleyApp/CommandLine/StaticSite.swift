import GalleyCore
import GalleyPage
import GalleySystem

/// `galley render DIR -o OUT`: the whole folder as a static site, an index
/// page and one page per document, with the images copied beside them.
struct StaticSite {
    /// Why the site was not written.
    enum SiteError: Error, CustomStringConvertible {
        case contentFolderMissing(String)
        case outputInsideContent(output: String)
        case writing(OutputWriteError)

        var description: String {
            switch self {
            case .contentFolderMissing(let folder): "'\(folder)' does not exist"
            case .outputInsideContent(let output):
                "the output folder '\(output)' is inside the content folder; Galley never writes there"
            case .writing(let error): "cannot write the site: \(error)"
            }
        }
    }

    var contentFolder: String
    var output: String

    /// Writes the site into `output` through one `OutputFolder`, so that no
    /// symlink left in it leads a page anywhere else; gives the number of documents.
    func write() throws(SiteError) -> Int {
        guard let root = FilePath.realPath(contentFolder) else { throw .contentFolderMissing(contentFolder) }
        if OutputPath.isInside(output, folder: root) { throw .outputInsideContent(output: output) }
        let pictures = ImagePictures(root: root)
        let workspace = Workspace(root: root, output: .site, pictures: pictures)
        workspace.apply(.everything)
        let documents = workspace.allDocuments.sorted { ($0.path, $0.item ?? -1) < ($1.path, $1.item ?? -1) }
        let names = SitePageNames.names(for: documents.map { ($0.id.rawValue, $0.path, $0.item, $0.title) })
        do throws(OutputWriteError) {
            let folder = try OutputFolder.making(output)
            defer { folder.close() }
            for document in documents {
                guard let name = names[document.id.rawValue] else { continue }
                let page = StaticPage.html(documents: [document], deviceWidth: workspace.deviceWidth, backLink: "index.html")
                try folder.write(page.utf8, to: name)
            }
            try folder.write(indexPage(documents, names: names).utf8, to: "index.html")
            let shownWidth = workspace.shownImageWidth
            for image in workspace.displayableImages {
                // The picture the pages link (drawn while rendering, so
                // cached now), or the bytes, never a symlink that could point anywhere.
                let file: (name: String, bytes: [UInt8])
                switch pictures.drawnNow(image, requestedWidth: shownWidth) {
                case .success(let picture)?: file = (ImagePictures.siteFile(image, picture), picture.bytes)
                case .failure?: continue
                case nil:
                    guard let bytes = pictures.bytes(of: image) else { continue }
                    file = (image.path, bytes)
                }
                try folder.write(file.bytes, to: OutputLinks.siteFolder.slashJoined(file.name))
            }
        } catch {
            throw .writing(error)
        }
        return documents.count
    }

    /// The index, in the live index's look (galley.css, its toolbar and
    /// table, documents grouped under their file), without its script.
    private func indexPage(_ documents: [PublishedDocument], names: [String: String]) -> String {
        let css = PageFiles.named("galley.css").map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        let errors = documents.reduce(0) { $0 + $1.errorCount }
        let warnings = documents.reduce(0) { $0 + $1.warningCount }
        var summary = "\(documents.count) document\(documents.count == 1 ? "" : "s")"
        if errors > 0 { summary += " · \(errors) error\(errors == 1 ? "" : "s")" }
        if warnings > 0 { summary += " · \(warnings) warning\(warnings == 1 ? "" : "s")" }
        var html = "<!doctype html>\n<html lang=\"en\" data-page=\"index\">\n<head>\n<meta charset=\"utf-8\">\n"
        html +=
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"color-scheme\" content=\"light "
            + "dark\">\n"
        html += "<title>Galley · documents</title>\n<style>\n\(css)\n</style>\n</head>\n<body class=\"static-proof\">\n"
        html +=
            "<header class=\"toolbar\" aria-label=\"Galley\"><h1 class=\"tb-title\">Galley</h1><span "
            + "class=\"tb-sub\">\(summary)</span></header>\n"
        html +=
            "<main class=\"index\">\n<table class=\"doc-table\">\n<caption class=\"visually-hidden\">Documents in the content "
            + "folder</caption>\n"
        html +=
            "<thead><tr><th scope=\"col\">Title</th><th scope=\"col\">File</th><th scope=\"col\">Item</th><th scope=\"col\">Kind</th><th "
            + "scope=\"col\">Errors</th><th scope=\"col\">Warnings</th></tr></thead>\n<tbody>\n"
        var perFile: [String: Int] = [:]
        for document in documents { perFile[document.path, default: 0] += 1 }
        var groupShown: String?
        for document in documents {
            let grouped = perFile[document.path, default: 0] > 1
            if grouped, groupShown != document.path {
                html +=
                    "<tr class=\"file-group\"><th scope=\"rowgroup\" colspan=\"6\">\(HTMLEscaping.escape(document.path)) · "
                    + "\(perFile[document.path, default: 0]) documents</th></tr>\n"
                groupShown = document.path
            }
            let name = names[document.id.rawValue] ?? ""
            let title = document.title.isEmpty ? document.path : document.title
            html +=
                "<tr\(grouped ? " class=\"in-group\"" : "")><td><a href=\"\(HTMLEscaping.escape(name))\">"
                + "\(HTMLEscaping.escape(title))</a></td>"
            html +=
                "<td class=\"path\">\(HTMLEscaping.escape(document.path))</td><td "
                + "class=\"item\">\(document.item.map(String.init) ?? "—")</td>"
            html += "<td class=\"kind\">\(document.kind.rawValue)</td>"
            html += "<td class=\"count-errors\(document.errorCount > 0 ? " nonzero" : "")\">\(document.errorCount)</td>"
            html += "<td class=\"count-warnings\(document.warningCount > 0 ? " nonzero" : "")\">\(document.warningCount)</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</main>\n</body>\n</html>\n"
    }
}
