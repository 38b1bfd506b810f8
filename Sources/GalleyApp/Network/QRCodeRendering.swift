/// Draws a `QRCode` for a terminal and for a page.
extension QRCode {
    /// The light margin scanners need around a code, in modules.
    static let quietZone = 4

    /// Two rows of modules per line of text with Unicode half blocks. With
    /// `colored`, the colours are set explicitly (black on white) so the
    /// code reads the same on a dark terminal as on a light one, where
    /// inverted colours would confuse a scanner; without (output to a file,
    /// or `NO_COLOR`), the blocks alone.
    func terminalText(colored: Bool) -> String {
        let first = -QRCode.quietZone
        let last = size + QRCode.quietZone
        var lines: [String] = []
        for row in stride(from: first, to: last, by: 2) {
            var line = colored ? "\u{1B}[30;107m" : ""
            for column in first..<last {
                switch (isDark(row: row, column: column), isDark(row: row + 1, column: column)) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            lines.append(colored ? line + "\u{1B}[0m" : line)
        }
        return lines.joined(separator: "\n")
    }

    /// An SVG with one path of unit squares, drawn by the daemon so the page
    /// fetches nothing from elsewhere.
    func svg() -> String {
        let side = size + 2 * QRCode.quietZone
        var path = ""
        for row in 0..<size {
            var column = 0
            while column < size {
                guard isDark(row: row, column: column) else {
                    column += 1
                    continue
                }
                // Runs of dark modules in a row become one rectangle.
                var end = column
                while end < size, isDark(row: row, column: end) { end += 1 }
                path += "M\(column + QRCode.quietZone) \(row + QRCode.quietZone)h\(end - column)v1h-\(end - column)z"
                column = end
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">\
            <rect width="\(side)" height="\(side)" fill="#fff"/><path fill="#000" d="\(path)"/></svg>
            """
    }
}
