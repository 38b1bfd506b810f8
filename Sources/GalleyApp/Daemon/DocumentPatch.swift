import GalleyCore

/// A new version of a document's article told against a version the page
/// already shows, as the renderer said it differs (`ArticleChanges`): runs
/// of children and blocks the page keeps, named by their place in that
/// version, and the HTML of the others. A one-word edit in a 2 MB article
/// is then sent as one paragraph and a few runs, whatever the article's length.
///
/// JSON: `{"base": V, "article": "<article …>", "elements": [child, …]}`,
/// the new article's children (the header, then groups of blocks) in order,
/// each one of:
/// - `{"keep": F, "count": N, "first": "g-…", "last": "g-…"}`: the N
///   children of version V from index F on, as they are. `first` and `last`
///   are the keys of the run's ends (a group's id; `header` for the title),
///   for the page to check that the run fits what it shows (it asks for the
///   whole document when one does not), and `blockCount`, how many blocks
///   its groups hold, checked too. With `"lines": D` and/or
///   `"columns": C`, each group of the run moved by that many lines and
///   columns: its `data-line` and `data-column` grow by them, and its
///   blocks, whose locations are relative to it, need nothing.
/// - `{"html": "…"}`: the title header, to show instead of what the page has.
/// - `{"group": "<div class=\"blk-group\" …>", "blocks": [block, …]}`: a new
///   group, its opening tag and its blocks; with `"update": F, "first": "g-…"`,
///   version V's group at F (of that id) given this opening tag and these blocks.
///
/// A block is `{"html": "…"}`, a new one, or `{"keep": F, "count": N,
/// "in": G, "first": "b-…", "last": "b-…"}`: the N blocks from index F on of
/// version V's child G, with `lines` and `columns` added to their
/// `data-line-offset` and `data-column-offset`.
enum DocumentPatch {
    static func write(from base: Versioned<PublishedDocument>, to new: PublishedDocument, into json: inout JSONWriter) {
        let old = base.value.rendered
        let rendered = new.rendered
        // Changes told against another rendering than the page's say nothing of it: then every child is new.
        let children = rendered.changes.flatMap { $0.basis == old.identity ? $0.children : nil } ?? everythingNew(in: rendered)
        var html = rendered.html
        html.withUTF8 { bytes in
            let writer = Writer(old: old, new: rendered, bytes: bytes)
            json.beginObject()
            json.field("base", base.version)
            json.field("article", rendered.articleTag)
            json.key("elements")
            json.beginArray()
            var run: KeptRun?
            for (index, child) in children.enumerated() {
                if case .kept(let from, let shift) = child {
                    let kept = KeptRun(group: nil, from: from, count: 1, shift: shift)
                    if run?.isFollowed(by: kept) == true {
                        run?.count += 1
                    } else {
                        run.map { writer.write($0, into: &json) }
                        run = kept
                    }
                    continue
                }
                run.map { writer.write($0, into: &json) }
                run = nil
                writer.write(child, at: index, into: &json)
            }
            run.map { writer.write($0, into: &json) }
            json.endArray()
            json.endObject()
        }
    }

    /// The changes of a rendering told against nothing: every child and block new.
    private static func everythingNew(in rendered: RenderedDocument) -> [ArticleChanges.Child] {
        Array(repeating: .new(blocks: nil), count: rendered.headerCount)
            + rendered.groups.map { .new(blocks: Array(repeating: .new, count: $0.blocks.count)) }
    }
}

/// Old children (or blocks of one old group) kept side by side, told in one `keep` element of the patch.
private struct KeptRun {
    /// The old child whose blocks these are; nil for children of the article.
    var group: Int?
    /// Where the run starts in the old version.
    var from: Int
    var count: Int
    var shift: LocationShift

    /// Whether `next` (one element) follows this run in the old version and moved the same way.
    func isFollowed(by next: KeptRun) -> Bool {
        next.group == group && next.from == from + count && next.shift == shift
    }
}

/// Writes the parts of one patch from the old and the new rendering.
private struct Writer {
    let old: RenderedDocument
    let new: RenderedDocument
    let bytes: UnsafeBufferPointer<UInt8>

    /// A child that is not kept as it was: the header's HTML, or a group's opening tag and blocks.
    func write(_ child: ArticleChanges.Child, at index: Int, into json: inout JSONWriter) {
        let groupIndex = index - new.headerCount
        guard groupIndex >= 0 else {
            json.beginObject()
            json.key("html")
            json.string(utf8: UnsafeBufferPointer(rebasing: bytes[new.elements[0].range]))
            json.endObject()
            return
        }
        let group = new.groups[groupIndex]
        json.beginObject()
        let blocks: [ArticleChanges.Block]
        switch child {
        case .updated(let from, let changes):
            json.field("update", from)
            json.field("first", key(ofOldChild: from))
            blocks = changes
        case .new(let changes):
            blocks = changes ?? Array(repeating: .new, count: group.blocks.count)
        case .kept:
            blocks = Array(repeating: .new, count: group.blocks.count)
        }
        json.key("group")
        json.string(utf8: UnsafeBufferPointer(rebasing: bytes[group.openingTag]))
        json.key("blocks")
        json.beginArray()
        var run: KeptRun?
        for (offset, block) in blocks.enumerated() {
            if case .kept(let inGroup, let from, let shift) = block {
                let kept = KeptRun(group: inGroup, from: from, count: 1, shift: shift)
                if run?.isFollowed(by: kept) == true {
                    run?.count += 1
                } else {
                    run.map { write($0, into: &json) }
                    run = kept
                }
                continue
            }
            run.map { write($0, into: &json) }
            run = nil
            json.beginObject()
            json.key("html")
            json.string(utf8: UnsafeBufferPointer(rebasing: bytes[new.elements[new.headerCount + group.blocks.lowerBound + offset].range]))
            json.endObject()
        }
        run.map { write($0, into: &json) }
        json.endArray()
        json.endObject()
    }

    /// A run, with the keys at its ends (taken from the old version, which they match).
    func write(_ run: KeptRun, into json: inout JSONWriter) {
        json.beginObject()
        json.field("keep", run.from)
        json.field("count", run.count)
        if let group = run.group {
            json.field("in", group)
            let blocks = old.groups[group - old.headerCount].blocks
            json.field("first", old.elements[old.headerCount + blocks.lowerBound + run.from].id)
            json.field("last", old.elements[old.headerCount + blocks.lowerBound + run.from + run.count - 1].id)
        } else {
            json.field("first", key(ofOldChild: run.from))
            json.field("last", key(ofOldChild: run.from + run.count - 1))
            let groups = max(run.from, old.headerCount)..<(run.from + run.count)
            json.field("blockCount", groups.reduce(0) { $0 + old.groups[$1 - old.headerCount].blocks.count })
        }
        if run.shift.lines != 0 { json.field("lines", run.shift.lines) }
        if run.shift.columns != 0 { json.field("columns", run.shift.columns) }
        json.endObject()
    }

    /// What the page knows an old child by: its id, or `header` for the title.
    private func key(ofOldChild index: Int) -> String {
        index < old.headerCount ? "header" : old.groups[index - old.headerCount].id
    }
}
