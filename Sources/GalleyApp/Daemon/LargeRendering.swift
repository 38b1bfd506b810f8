/// Which renderings are large enough that work in proportion to them (making a page's answer, freeing what a save
/// replaced) takes milliseconds: such work stays off the server's thread, where every other page's request would
/// wait through it. Below it, handing the work to a thread of its own cost more than the work.
enum LargeRendering {
    /// Whether `blocks` rendered blocks make a large rendering.
    static func holds(blocks: Int) -> Bool {
        blocks >= smallestBlockCount
    }

    private static let smallestBlockCount = 1_000
}
