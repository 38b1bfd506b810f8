/// Counts the steps a reader takes (tokens read, bytes its source locator
/// walks, open elements it searches), so a test can show that the work grows
/// linearly with the input by counting, never by timing.
///
/// The caller passes one in; a reader given none counts nothing. The
/// shells count their own steps with one too (the folder listed whole).
package final class WorkCounter {
    /// Steps counted so far.
    package private(set) var steps = 0

    package init() {}

    package func add(_ count: Int) {
        steps &+= count
    }
}
