import GalleySystem
import Foundation
import GalleyCore

/// `galley render DIR -o OUT`: the whole folder as a static site, an index
/// page and one page per document, with the images copied beside them.
struct StaticSite {
    struct WriteError: Error, CustomStringConvertible {
        var description: String
    }

    var contentFolder: String
    var output: String

    func write() throws -> Int {
        guard let root = FilePath.realPath(contentFolder) else { throw WriteError(description: "'\(contentFolder)' does not exist") }
        if OutputPath.isInside(output, folder: root) {
            throw WriteError(description: "the output folder '\(output)' is inside the content folder; Galley never writes there")
        }
        let pictures = ImagePictures(root: root)
        let workspace = Workspace(root: root, output: .site, pictures: pictures)
        workspace.loadAll()
        let documents = workspace.allDocuments
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            for document in documents {
                let page = StaticPage.html(documents: [document], backLink: "index.html")
                try write(page, to: output + "/" + document.id + ".html")
            }
            try write(indexPage(documents), to: output + "/index.html")
            let shownWidth = workspace.shownImageWidth
            for image in workspace.displayableImages {
                // The picture the pages link (drawn while rendering, so
                // cached now), or the bytes, never a symlink that could point anywhere.
                let file: (name: String, bytes: [UInt8])
                switch pictures.drawnNow(image, requestedWidth: shownWidth) {
                case .success(let picture)?: file = (ImagePictures.siteFile(image, picture), picture.bytes)
                case .failure?: continue
                case nil: file = (image.path, try FileSystem.read(root + "/" + image.path))
                }
                let destination = output + "/" + OutputLinks.siteFolder + "/" + file.name
                try FileManager.default.createDirectory(atPath: FilePath.parent(of: destination), withIntermediateDirectories: true)
                try write(file.bytes, to: destination)
            }
        } catch let error as WriteError {
            throw error
        } catch {
            throw WriteError(description: "cannot write the site to '\(output)': \(error.localizedDescription)")
        }
        return documents.count
    }

    private func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    private func write(_ bytes: [UInt8], to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
            throw WriteError(description: "cannot write '\(path)' (disk full or no permission?)")
        }
    }

    private func indexPage(_ documents: [PublishedDocument]) -> String {
        var html = "<!doctype html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<title>Galley proof</title>\n<style>\n"
        html += "body{font:15px system-ui,sans-serif;margin:2em auto;max-width:48em;padding:0 1em}td{padding:.3em .8em}"
        html += ".errors{color:#d70015}.warnings{color:#a05a00}\n</style>\n</head>\n<body>\n<h1>Galley proof</h1>\n<table>\n"
        html += "<tr><th>Title</th><th>File</th><th>Item</th><th>Kind</th><th>Problems</th></tr>\n"
        for document in documents {
            html += "<tr><td><a href=\"\(document.id).html\">\(HTMLEscaping.escape(document.title))</a></td>"
            html += "<td>\(HTMLEscaping.escape(document.path))</td><td>\(document.item.map(String.init) ?? "")</td>"
            html += "<td>\(document.kind.rawValue)</td><td>"
            if document.errorCount > 0 { html += "<span class=\"errors\">\(document.errorCount) errors</span> " }
            if document.warningCount > 0 { html += "<span class=\"warnings\">\(document.warningCount) warnings</span>" }
            html += "</td></tr>\n"
        }
        return html + "</table>\n</body>\n</html>\n"
    }
}
