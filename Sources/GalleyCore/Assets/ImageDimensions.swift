/// Reads an image's pixel size from its header, so the page reserves the
/// right height before the pixels arrive and nothing jumps.
public enum ImageDimensions {
    public static func read(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), bytes.count >= 24 {
            return (bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
        }
        if bytes.starts(with: Array("GIF8".utf8)), bytes.count >= 10 {
            return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpeg(bytes) }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        var value = 0
        for index in offset..<offset + count { value = value << 8 | Int(bytes[index]) }
        return value
    }

    /// Walks the JPEG segments to the first start-of-frame marker.
    private static func jpeg(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var offset = 2
        while offset + 9 < bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }
            let length = bigEndian(bytes, offset + 2, 2)
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isStartOfFrame {
                return (bigEndian(bytes, offset + 7, 2), bigEndian(bytes, offset + 5, 2))
            }
            guard length >= 2 else { return nil }
            offset += 2 + length
        }
        return nil
    }
}
