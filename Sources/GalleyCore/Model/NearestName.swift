/// Finds the closest known name to a misspelt one, for "did you mean" hints.
package enum NearestName {
    /// The candidate within a small edit distance of `name`, if any.
    package static func find(_ name: String, among candidates: some Sequence<String>) -> String? {
        let limit = max(1, min(2, name.count / 4))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(Array(name.lowercased()), Array(candidate.lowercased()), limit: limit)
            // Ties go to the alphabetically first name, so hints do not
            // depend on the order of a set.
            guard distance <= limit else { continue }
            if let current = best, (current.distance, current.name) <= (distance, candidate) { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// Damerau–Levenshtein (adjacent transpositions), stopping early past `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
