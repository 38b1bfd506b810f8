import GalleyCore

/// Every problem a document's page shows, from all the places that find
/// them: its reader, its file's error, `galley.json` and the style, the
/// asset catalog, characters no installed font draws, images that cannot be shown or are missing, text that
/// wraps past its kind's line limit, its copies in other languages, and the
/// app's strings its title names; in document order.
struct DocumentDiagnostics {
    let source: DocumentSource
    let catalog: AssetCatalog
    let traits: AssetTraits
    /// The images the document shows.
    let images: [ImageDependency]
    /// The block kinds this document is the folder's first to use: it says
    /// what is said about them once for the whole folder (a colour too faint).
    var kindsFirstUsed: Set<KindName> = []
    /// For a rich-text document, its paragraphs whose own colours are too
    /// faint, when already found (from its last version); else they are judged here.
    var richTextContrast: TextContrastCheck.RichTextContrast?

    func assemble(
        style: PageStyle, failure: Diagnostic?, assetDiagnostics: [Diagnostic], missingGlyphs: MissingGlyphs,
        imageProblems: [String: String],
        missingImages: [RenderedDocument.MissingImage], localized: [Diagnostic], strings: [Diagnostic]
    ) -> [Diagnostic] {
        var diagnostics = source.diagnostics + style.configDiagnostics + (source.document.kind == .tagged ? style.styleDiagnostics : [])
        if let failure { diagnostics.insert(failure, at: 0) }
        diagnostics += assetDiagnostics
        if let missing = missingGlyphs.diagnostic(path: source.textPath) { diagnostics.append(missing) }
        diagnostics += contrastDiagnostics(style: style)
        if source.document.kind == .tagged {
            diagnostics += LineLimitCheck.diagnostics(
                for: source.document, path: source.textPath, schema: style.schema,
                measures: style.lineMeasures, deviceWidth: style.config.deviceWidth)
        }
        if !imageProblems.isEmpty {
            for reference in source.document.imageReferences {
                let path: String?
                switch reference.source {
                case .asset(let name): path = catalog.image(named: name, for: traits)?.path
                case .file(let name): path = source.imageFilePath(name)
                case .embedded: path = nil
                }
                if let path, let problem = imageProblems[path] {
                    diagnostics.append(
                        Diagnostic(
                            path: source.textPath, id: .unreadableImage, at: reference.location, severity: .warning,
                            message: problem))
                }
            }
        }
        for missing in missingImages {
            diagnostics.append(
                images.contains(.asset(missing.name))
                    ? catalog.missingImage(
                        missing.name, path: source.textPath, at: missing.location,
                        naming: source.document.imageNamings[missing.location])
                    : Diagnostic(
                        path: source.textPath, id: .missingImage, at: missing.location, severity: .warning,
                        message: "missing image '\(missing.name)'"))
        }
        if !localized.isEmpty {
            // One problem, one line: a localisation warning explains the warning
            // its spot already has (a caption left without its image).
            diagnostics.removeAll { old in
                old.severity == .warning && localized.contains { $0.path == old.path && $0.location == old.location }
            }
            diagnostics += localized
        }
        diagnostics += strings
        return diagnostics.sortedForDocument(at: source.textPath)
    }

    /// Whether the page marks the block `diagnostic` is at. What is said once
    /// for the folder about a kind's colour is about the style, not the one
    /// block it is said at: listed, not marked (a badge would blame that
    /// block alone, and lengthen the article below it).
    func marksBlock(_ diagnostic: Diagnostic) -> Bool {
        // Only the document's own file has its blocks: a galley.json or strings problem at the same line and column is none of theirs.
        diagnostic.path == source.textPath && !(source.document.kind == .tagged && diagnostic.id == .lowContrast)
    }

    /// Whether `diagnostic` comes from the document's last good reading
    /// rather than from its file as it is now: while the file does not read
    /// (`failure`), the page keeps the documents it last held, and what was
    /// found in them may no longer be true (a misspelt tag since fixed).
    func isFromLastGoodReading(_ diagnostic: Diagnostic, failure: Diagnostic?) -> Bool {
        guard let failure else { return false }
        return diagnostic != failure && diagnostic.path == source.textPath
    }

    /// Text too faint on its background in some appearance: each text
    /// kind's colour, once for the folder and only when the folder uses the
    /// kind (a style no block is drawn in is read by no one), or the colours a rich-text
    /// document writes into itself.
    private func contrastDiagnostics(style: PageStyle) -> [Diagnostic] {
        if source.document.kind.setsOwnColours {
            let contrast = richTextContrast ?? TextContrastCheck.richTextContrast(of: source.document)
            return TextContrastCheck.richTextDiagnostic(contrast, in: source.document, path: source.textPath).map { [$0] } ?? []
        }
        guard source.document.kind == .tagged, !kindsFirstUsed.isEmpty else { return [] }
        return TextContrastCheck.diagnostics(
            for: style.schema, among: kindsFirstUsed, shortfalls: style.contrastShortfalls, configPath: style.configPath,
            document: source.document, documentPath: source.textPath)
    }
}
