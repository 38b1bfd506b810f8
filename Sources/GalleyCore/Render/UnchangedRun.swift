/// Consecutive elements of the previous rendering that reappear exactly,
/// copied into the new rendering as one slice of HTML and one slice of
/// elements rather than one by one.
struct UnchangedRun {
    private let previousHTML: String
    private let previousElements: [RenderedDocument.Element]
    /// Indices of the run's elements in `previousElements`.
    private var indices: Range<Int> = 0..<0
    /// Where the run starts in the new HTML.
    private var destination = 0

    init(previous: RenderedDocument?) {
        previousHTML = previous?.html ?? ""
        previousElements = previous?.elements ?? []
    }

    /// Adds the previous rendering's element at `index` to the run; a run
    /// that it does not continue is first written out. Returns how far the
    /// element moves from its old offsets to its new ones.
    mutating func append(elementAt index: Int, to html: inout String, elements: inout [RenderedDocument.Element]) -> Int {
        if indices.isEmpty || indices.upperBound != index {
            flush(into: &html, elements: &elements)
            indices = index..<index
            destination = html.utf8.count
        }
        indices = indices.lowerBound..<(index + 1)
        return destination - previousElements[indices.lowerBound].range.lowerBound
    }

    /// Writes the run out and starts over.
    mutating func flush(into html: inout String, elements: inout [RenderedDocument.Element]) {
        guard let first = indices.first, let last = indices.last else { return }
        let shift = destination - previousElements[first].range.lowerBound
        // Every element is followed by a line break in the rendering.
        html += previousHTML.utf8Slice(previousElements[first].range.lowerBound..<(previousElements[last].range.upperBound + 1))
        let start = elements.count
        elements += previousElements[indices]
        if shift != 0 {
            for index in start..<elements.count { elements[index].shift(by: shift) }
        }
        indices = 0..<0
    }
}
