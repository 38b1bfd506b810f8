extension Array where Element == Int {
    /// In sorted line starts (the first is 0), the index of the line that
    /// holds byte `offset`: the last start at or before it.
    func indexOfLine(containing offset: Int) -> Int {
        var low = 0
        var high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if self[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
