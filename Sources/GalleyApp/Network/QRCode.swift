import CQREncode

/// A QR code as a square of dark and light modules, made by libqrencode.
struct QRCode: Equatable {
    /// Modules per side, without the quiet zone.
    let size: Int
    /// Row by row; true is dark.
    let modules: [Bool]

    /// Encodes `text` as bytes with error correction level M, which phones
    /// read from a screen or a terminal at arm's length; nil when it is too
    /// long for any QR version.
    init?(encoding text: String) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else { return nil }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        self.size = size
        modules = (0..<size * size).map { code.pointee.data[$0] & 1 == 1 }
    }

    init(size: Int, modules: [Bool]) {
        self.size = size
        self.modules = modules
    }

    /// Whether the module at `row`, `column` is dark; the quiet zone around
    /// the code (outside 0..<size) is light.
    func isDark(row: Int, column: Int) -> Bool {
        guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
        return modules[row * size + column]
    }
}
