extension RandomAccessCollection {
    /// The index of the first element for which `isAfter` holds, all
    /// elements before it being those for which it does not.
    func partitionPoint(where isAfter: (Element) -> Bool) -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if isAfter(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
