/// A `{\pict …}` being read: its format, sizes and data bytes.
struct RTFPicture {
    enum Format: String {
        case png = "pngblip"
        case jpeg = "jpegblip"
        case emf = "emfblip"
        case wmf = "wmetafile"
        case macPICT = "macpict"
        case deviceIndependentBitmap = "dibitmap"
        case deviceDependentBitmap = "wbitmap"
        case os2Metafile = "pmmetafile"
    }

    var format: Format?
    /// `\picw`/`\pich`: pixels for bitmaps.
    var width = 0
    var height = 0
    /// `\picwgoal`/`\pichgoal`: the intended size in twips.
    var goalWidth = 0
    var goalHeight = 0
    var scaleX = 100
    var scaleY = 100
    var data: [UInt8] = []
    private var pendingNibble: UInt8?

    /// Adds hexadecimal digits; anything else (spaces, stray letters) is skipped.
    mutating func appendHex(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
        // Hex arrives a line at a time; reserving exactly each time would copy the data for every line.
        let needed = data.count + range.count / 2
        if data.capacity < needed { data.reserveCapacity(max(needed, data.capacity * 2)) }
        var nibble = pendingNibble
        for offset in range {
            guard let value = RTFLexer.hexValue(bytes[offset]) else { continue }
            if let high = nibble {
                data.append(high << 4 | value)
                nibble = nil
            } else {
                nibble = value
            }
        }
        pendingNibble = nibble
    }

    mutating func appendBinary(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
        data.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// The MIME type browsers can show, judged by the data itself first, since writers mislabel.
    var mimeType: String? {
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if data.starts(with: [0x47, 0x49, 0x46, 0x38]) { return "image/gif" }
        switch format {
        case .png: return "image/png"
        case .jpeg: return "image/jpeg"
        default: return nil
        }
    }

    /// The displayed size in points: the goal size when given, else the pixel size, both scaled.
    var sizeInPoints: (width: Double?, height: Double?) {
        let scaleX = Double(min(max(self.scaleX, 1), 10_000)) / 100
        let scaleY = Double(min(max(self.scaleY, 1), 10_000)) / 100
        let width = goalWidth > 0 ? Double(goalWidth) / 20 : (self.width > 0 ? Double(self.width) : nil)
        let height = goalHeight > 0 ? Double(goalHeight) / 20 : (self.height > 0 ? Double(self.height) : nil)
        return (width.map { $0 * scaleX }, height.map { $0 * scaleY })
    }
}
