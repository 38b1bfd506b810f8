/// Consecutive elements of the previous rendering that reappear exactly,
/// copied into the new HTML as one slice rather than one by one.
struct UnchangedRun {
    /// UTF-8 offsets in the previous HTML: the run's elements and the line break after each.
    private var source: Range<Int> = 0..<0
    /// Where the run starts in the new HTML.
    private var destination = 0
    private var previousHTML = ""

    /// Adds `element` of `previousHTML` to the run; a run that it does not
    /// continue is first written to `html`. Returns how far the element
    /// moves from its old offsets to its new ones.
    mutating func append(_ element: RenderedDocument.Element, of previousHTML: String, to html: inout String) -> Int {
        if source.isEmpty || source.upperBound != element.range.lowerBound {
            flush(into: &html)
            source = element.range.lowerBound..<element.range.lowerBound
            destination = html.utf8.count
            self.previousHTML = previousHTML
        }
        // Every element is followed by a line break in the rendering.
        source = source.lowerBound..<(element.range.upperBound + 1)
        return destination - source.lowerBound
    }

    /// Writes the run to `html` and starts over.
    mutating func flush(into html: inout String) {
        guard !source.isEmpty else { return }
        html += previousHTML.utf8Slice(source)
        source = 0..<0
    }
}
