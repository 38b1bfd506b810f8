/// A localised file's documents in item order, each fetched when a
/// comparison needs it: a save compares one item in every language, and
/// fetching every item of every language cost more than comparing.
package struct LocalizedItems {
    package let count: Int
    private let fetch: (Int) -> Document

    package init(count: Int, fetch: @escaping (Int) -> Document) {
        self.count = count
        self.fetch = fetch
    }

    package init(_ documents: [Document]) {
        self.init(count: documents.count) { documents[$0] }
    }

    package subscript(item: Int) -> Document { fetch(item) }

    package var last: Document? { count > 0 ? fetch(count - 1) : nil }

    /// The item indexes below `count` a comparison covers, in order: those
    /// of `items` when it names some, else all.
    package static func indexes(_ items: Set<Int>?, below count: Int) -> [Int] {
        items.map { $0.filter { $0 < count }.sorted() } ?? Array(0..<count)
    }
}
