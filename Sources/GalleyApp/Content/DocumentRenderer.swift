import GalleyCore

/// Where a save is rendered: a document's source, with the folder's images,
/// style and configuration, made into what its pages show. Touches no
/// workspace state, so many documents render at once, on any thread.
///
/// A class, so that the documents whose HTML waits to be asked for
/// (`DeferredRendering`) hold one reference to the setting they render in,
/// not each a copy of the style and assets (some 800 bytes a document with
/// 10,000 files, massif).
final class DocumentRenderer: Sendable {
    let style: PageStyle
    let assets: AssetIndex
    let links: OutputLinks
    /// The surroundings the rendering is made under.
    let renderEnvironment: RenderEnvironment
    /// The app's strings, which a title in `galley.json` may name.
    let appStrings: AppStringsTracker

    init(style: PageStyle, assets: AssetIndex, links: OutputLinks, renderEnvironment: RenderEnvironment, appStrings: AppStringsTracker) {
        self.style = style
        self.assets = assets
        self.links = links
        self.renderEnvironment = renderEnvironment
        self.appStrings = appStrings
    }

    /// What the workspace knows about a document besides its source.
    struct RenderingInputs {
        var last: LastRendering?
        /// The error of its file, when it no longer reads.
        var failure: Diagnostic?
        var localization: LocalizationGroup.Findings?
        /// Shown from an editor's unsaved buffer.
        var unsaved = false
        /// The block kinds it is the first in the folder to use (`DocumentDiagnostics.kindsFirstUsed`).
        var kindsFirstUsed: Set<KindName> = []
        /// The images its last rendering showed.
        var lastImages: [ImageDependency] = []
    }

    /// A document rendered with its diagnostics.
    struct Rendering {
        var document: PublishedDocument
        /// Each once, in reading order.
        var images: [ImageDependency]
        var reusable: LastRendering
    }

    func render(_ id: DocumentID, _ source: DocumentSource, _ renderingInputs: RenderingInputs) -> Rendering {
        var source = source
        let titleKey = DocumentNaming.configuredTitle(path: source.path, config: style.config)
        if let titleKey, let title = appStrings.strings.localizedTitle(titleKey, documentAt: source.path, configured: style.config.language)
        {
            source.document.title = title
        }
        let traits = style.previewTraits
        let last = renderingInputs.last
        let sameRenderEnvironment = last?.renderEnvironment == renderEnvironment
        // Images copied from the last rendering are not linked again: their problems carry over.
        var imageProblems = sameRenderEnvironment ? last?.imageProblems ?? [:] : [:]
        let context = context(of: source.document, at: source.path)
        var previous = last?.previous
        previous?.sameContext = sameRenderEnvironment
        // Which blocks the last version had: found once, for the renderer and the contrast check.
        let ownsColours = source.document.kind.setsOwnColours
        let unchanged = last.flatMap { last in
            previous != nil || ownsColours ? UnchangedBlocks(earlier: last.document.blocks, blocks: source.document.blocks) : nil
        }
        previous?.unchanged = unchanged
        // A document's first rendering waits for a page to ask, unless an
        // image of it is missing (found by rendering it) or it is long enough
        // that rendering it while a page waits would hold up the others.
        var waits = last == nil && links.rendersWhenAsked && source.document.blocks.count <= Self.mostBlocksRenderedWhenAsked
        if waits {
            let check = HTMLRenderer.resolvesEveryImage(of: source.document, in: context)
            waits = check.resolves
            imageProblems.merge(check.imageProblems) { _, found in found }
        }
        let rendered = waits ? nil : HTMLRenderer(context: context).render(source.document, reusing: previous)
        imageProblems.merge(rendered?.imageProblems ?? [:]) { _, found in found }
        let images =
            last.flatMap { last in
                unchanged.map {
                    source.imageDependencies(earlier: last.document, earlierImages: renderingInputs.lastImages, unchanged: $0)
                }
            } ?? source.imageDependencies
        let assetNames = images.compactMap { image -> String? in
            if case .asset(let name) = image { return name }
            return nil
        }.sorted()
        let assetDiagnostics: [Diagnostic]
        if sameRenderEnvironment, let last, last.assetNames == assetNames {
            assetDiagnostics = last.assetDiagnostics
        } else {
            assetDiagnostics = assetNames.flatMap { assets.problems(ofImage: $0, for: traits) }
        }
        let contrast =
            ownsColours
            ? TextContrastCheck.richTextContrast(of: source.document, reusing: last?.richTextContrast, unchanged: unchanged) : nil
        let found = DocumentDiagnostics(
            source: source, catalog: assets.catalog, traits: traits, images: images,
            kindsFirstUsed: renderingInputs.kindsFirstUsed, richTextContrast: contrast)
        let missingGlyphs = MissingGlyphs(in: source.document, coverage: SystemFonts.coverage)
        let diagnostics = found.assemble(
            style: style, failure: renderingInputs.failure, assetDiagnostics: assetDiagnostics, missingGlyphs: missingGlyphs,
            imageProblems: imageProblems,
            missingImages: rendered?.missingImages ?? [], localized: renderingInputs.localization?.diagnostics ?? [],
            strings: titleKey.map { appStrings.findings.fileErrors + appStrings.findings.diagnostics(forKey: $0, documentAt: source.path) }
                ?? [])
        // Most documents have no problem to point at a block; those that have
        // are rendered now for their blocks' ids, and their HTML is let go
        // of: ids come from the blocks' content, so the rendering made when
        // a page asks has the same, and a folder's many warned documents
        // that no page shows held their HTML for nothing.
        let marked = diagnostics.filter(found.marksBlock).map(\.location)
        let blockAt =
            (rendered ?? (marked.isEmpty ? nil : HTMLRenderer(context: context).render(source.document, reusing: previous)))?
            .blockIDs(at: marked) ?? [:]
        let scripts = rendered?.scripts ?? DocumentLanguage.Scripts(in: source.document.blocks)
        let rendering =
            rendered.map(DeferredRendering.init(made:)) ?? DeferredRendering(waitingFor: source.document, at: source.path, in: self)
        let document = PublishedDocument(
            id: id, path: source.path, item: source.item, title: source.document.title, kind: source.document.kind,
            rendering: rendering, css: style.css(for: source.document.kind),
            layout: style.layoutJSON, geometry: source.document.kind == .tagged ? style.kindGeometries : nil,
            language: DocumentLanguage.decide(
                configured: style.config.language, path: source.path, title: source.document.title, scriptsOfBlocks: scripts),
            localizations: renderingInputs.localization?.localizations ?? [],
            searchable: source.document,
            unsaved: renderingInputs.unsaved,
            missingGlyphs: missingGlyphs.isEmpty ? nil : missingGlyphs,
            diagnostics: diagnostics.map { diagnostic in
                PageDiagnostic(
                    diagnostic: diagnostic, blockID: found.marksBlock(diagnostic) ? blockAt[diagnostic.location] : nil,
                    fromLastGoodReading: found.isFromLastGoodReading(diagnostic, failure: renderingInputs.failure))
            }
        )
        let reusable = LastRendering(
            document: source.document, rendering: rendering, renderEnvironment: renderEnvironment,
            imageProblems: imageProblems, assetNames: assetNames, assetDiagnostics: assetDiagnostics,
            richTextContrast: contrast)
        return Rendering(document: document, images: images, reusable: reusable)
    }

    /// The article of `document`, read from `path`, made when a page first asks for it (`DeferredRendering`).
    func renderWhenAsked(_ document: Document, at path: DocumentPath) -> RenderedDocument {
        HTMLRenderer(context: context(of: document, at: path)).render(document)
    }

    /// The most blocks a document may have for its rendering to wait until
    /// asked: the first page to ask waits for it, and a few hundred short
    /// blocks take a few milliseconds (some 35 K instructions a block,
    /// callgrind), where a long rich-text document would take a second.
    static let mostBlocksRenderedWhenAsked = 256

    /// How `document`, read from `path`, is rendered: its images resolved in
    /// the folder and linked as the output links them, each with why files
    /// of it cannot be shown as they are (`ResolvedImage.problems`).
    private func context(of document: Document, at path: DocumentPath) -> RenderContext {
        let assets = self.assets
        let traits = style.previewTraits
        let shownWidth = style.shownImageWidth
        let link: (ServedImage?, inout [String: String]) -> ResolvedImage? = { [links] image, problems in
            guard let image else { return nil }
            let linked = links.image(image, shownWidth: shownWidth)
            if let problem = linked.problem { problems[image.path] = problem }
            return linked.image
        }
        return RenderContext(
            schema: style.schema,
            direction: WritingDirection.decide(configured: style.config.language, path: path),
            faceMetrics: style.richTextFaces.metrics(forFamily:),
            resolveAsset: { [links] name in
                // Its variants' files are linked too.
                var problems: [String: String] = [:]
                var resolved = assets.resolve(name, for: traits) { link($0, &problems) }
                resolved?.problems = problems
                if !links.keepsDeviceVariants { resolved?.variants = [] }
                return resolved
            },
            resolveFile: { name in
                var problems: [String: String] = [:]
                var resolved = document.imageFilePath(name, at: path).flatMap { link(assets.images[$0], &problems) }
                resolved?.problems = problems
                return resolved
            }
        )
    }
}

/// A document's last rendering, and what of its work the next rendering
/// may reuse while the surroundings stay the same. A class, so the history's
/// table holds a reference per document rather than some 200 bytes inline
/// (3.5 MB of dictionary storage with 10,000 files, massif).
final class LastRendering: Sendable {
    /// The document as it was rendered.
    let document: Document
    let rendering: DeferredRendering
    /// The surroundings it was rendered under.
    let renderEnvironment: RenderEnvironment
    /// Images it links to that cannot be shown, by path, and why.
    let imageProblems: [String: String]
    /// The asset names it shows (sorted), and what the catalog says about them.
    let assetNames: [String]
    let assetDiagnostics: [Diagnostic]
    /// For rich text, its paragraphs whose own colours are too faint (which depends on the document alone).
    let richTextContrast: TextContrastCheck.RichTextContrast?

    init(
        document: Document, rendering: DeferredRendering, renderEnvironment: RenderEnvironment, imageProblems: [String: String],
        assetNames: [String],
        assetDiagnostics: [Diagnostic], richTextContrast: TextContrastCheck.RichTextContrast?
    ) {
        self.document = document
        self.rendering = rendering
        self.renderEnvironment = renderEnvironment
        self.imageProblems = imageProblems
        self.assetNames = assetNames
        self.assetDiagnostics = assetDiagnostics
        self.richTextContrast = richTextContrast
    }

    /// What the next rendering may copy blocks from: nothing when this one
    /// was never made (no page asked), since making it only to copy from it
    /// saves nothing.
    var previous: PreviousRendering? {
        rendering.renderedIfMade.map { PreviousRendering(document: document, rendered: $0) }
    }
}
