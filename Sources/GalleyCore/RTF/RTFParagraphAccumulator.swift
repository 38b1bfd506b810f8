/// The paragraph being read: finished runs plus the UTF-8 of the run in progress.
///
/// Text arrives as UTF-8 bytes and becomes a `String` once per run, not per character.
struct RTFParagraphAccumulator {
    private(set) var runs: [TextRun] = []
    private var utf8: [UInt8] = []
    private var runStyle = CharacterStyle()
    /// An empty run in `runStyle`, whose style each run ended in it shares.
    private var emptyRun = TextRun("")
    /// The number the parser gave `runStyle`; -1 before any.
    private var runStyleID = -1
    /// Source offset of the paragraph's first content, for its block location.
    private(set) var startOffset: Int?
    /// The marker the writer rendered (`\listtext`, `\pntext`), if any.
    var explicitMarker: String?

    var isEmpty: Bool { runs.isEmpty && utf8.isEmpty }

    /// Makes `style`, which the parser numbered `id`, the style of the text appended next,
    /// ending the run in progress when the style differs. Equal ids always mean equal styles,
    /// so text in an unchanged style costs an integer comparison, not a style comparison.
    ///
    /// Call it only right before appending text: a run ends only where differently styled text begins.
    mutating func setStyle(_ style: CharacterStyle, id: Int) {
        guard id != runStyleID else { return }
        if style != runStyle {
            closeRun()
            runStyle = style
            emptyRun = TextRun("", style: style)
        }
        runStyleID = id
    }

    /// Whether text in the style numbered `id` joins the run in progress without calling `setStyle`.
    func isRunStyle(_ id: Int) -> Bool { id == runStyleID }

    /// Adds text in the style last set.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int) {
        guard !bytes.isEmpty else { return }
        if startOffset == nil { startOffset = offset }
        utf8.append(contentsOf: bytes)
    }

    /// Returns the runs read so far, where they started and the writer's marker, and starts over.
    mutating func take() -> (runs: [TextRun], startOffset: Int?, marker: String?) {
        closeRun()
        let result = (runs, startOffset, explicitMarker)
        // Neighbouring paragraphs tend to have as many runs; room for as many saves growing the array step by step.
        runs = []
        runs.reserveCapacity(result.0.count)
        startOffset = nil
        explicitMarker = nil
        return result
    }

    private mutating func closeRun() {
        guard !utf8.isEmpty else { return }
        runs.append(emptyRun.withText(String(decoding: utf8, as: UTF8.self)))
        utf8.removeAll(keepingCapacity: true)
    }
}
