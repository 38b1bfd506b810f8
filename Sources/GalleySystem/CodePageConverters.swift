import GalleyCore
import Glibc

/// The system's code-page converters (glibc's iconv) for the core's readers
/// (`CodePageConverting`), kept open from one document to the next.
///
/// Opening a converter maps glibc's gconv module for its code page, and closing
/// the last one unmaps it again; for a small document that cost more than reading
/// it. A converter is taken for one conversion and given back, so each is used by
/// one thread at a time; a few per code page stay open.
///
/// Whoever reads many documents owns one and hands it to each read (the
/// daemon's workspace does).
package final class CodePageConverters: CodePageConverting {
    /// Enough for the readers that run at once; the code pages with converters are
    /// a fixed few dozen, so this also bounds how many stay open.
    private static let idleLimitPerCodePage = 4

    /// An iconv handle owned by the pool alone while it is idle.
    private struct Converter: @unchecked Sendable {
        let handle: iconv_t
    }

    private struct Pool {
        var idle: [Int: [Converter]] = [:]
        /// Code pages glibc has no converter for, asked once.
        var unavailable: Set<Int> = []
    }

    private let pool = Locked(Pool())

    package init() {}

    deinit {
        pool.withLock { pool in
            for converter in pool.idle.values.joined() { iconv_close(converter.handle) }
        }
    }

    package func convert(_ bytes: UnsafeBufferPointer<UInt8>, codePage: Int, into utf8: inout [UInt8]) -> Bool {
        guard let converter = take(codePage) else { return false }
        Self.convert(bytes, with: converter.handle, into: &utf8)
        giveBack(converter, codePage: codePage)
        return true
    }

    /// An idle converter for `codePage`, or a new one; nil when glibc has none.
    private func take(_ codePage: Int) -> Converter? {
        let idle = pool.withLock { pool -> Converter?? in
            if pool.unavailable.contains(codePage) { return .some(nil) }
            return pool.idle[codePage]?.popLast().map { .some($0) }
        }
        if let idle { return idle }
        guard let name = Self.iconvName(codePage), let handle = iconv_open("UTF-8", name), Int(bitPattern: handle) != -1 else {
            pool.withLock { _ = $0.unavailable.insert(codePage) }
            return nil
        }
        return Converter(handle: handle)
    }

    /// Takes back a converter its user is done with; closes it when enough are idle already.
    private func giveBack(_ converter: Converter, codePage: Int) {
        let isKept = pool.withLock { pool in
            guard pool.idle[codePage, default: []].count < Self.idleLimitPerCodePage else { return false }
            pool.idle[codePage, default: []].append(converter)
            return true
        }
        if !isKept { iconv_close(converter.handle) }
    }

    private static func convert(_ bytes: UnsafeBufferPointer<UInt8>, with converter: iconv_t, into utf8: inout [UInt8]) {
        guard let base = bytes.baseAddress else { return }
        // Every code page byte becomes at most four UTF-8 bytes, or three for U+FFFD.
        let capacity = bytes.count * 4 + 16
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { output in
            guard let outputBase = output.baseAddress else { return }
            let outputStart = UnsafeMutableRawPointer(outputBase).assumingMemoryBound(to: CChar.self)
            var input: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: CChar.self)
            var inputLeft = bytes.count
            var outputCursor: UnsafeMutablePointer<CChar>? = outputStart
            var outputLeft = capacity
            // A converter left in a shift state by its last user starts afresh.
            _ = iconv(converter, nil, nil, nil, nil)
            while inputLeft > 0 {
                if iconv(converter, &input, &inputLeft, &outputCursor, &outputLeft) != -1 { break }
                let failure = errno
                if failure == E2BIG { break }
                // An invalid or cut-off sequence: show a replacement character and resynchronise on the next byte.
                utf8.append(contentsOf: UnsafeBufferPointer(start: outputBase, count: capacity - outputLeft))
                utf8.append(contentsOf: [0xEF, 0xBF, 0xBD])
                outputCursor = outputStart
                outputLeft = capacity
                input = input.map { $0 + 1 }
                inputLeft -= 1
                if failure == EINVAL { inputLeft = 0 }
            }
            utf8.append(contentsOf: UnsafeBufferPointer(start: outputBase, count: capacity - outputLeft))
        }
    }

    /// How iconv names a Windows code page number, or nil when glibc has no converter for it.
    static func iconvName(_ codePage: Int) -> String? {
        switch codePage {
        case 437, 850, 852, 855, 857, 860, 861, 862, 863, 864, 865, 866, 869, 874, 932, 936, 949, 950,
            1250, 1251, 1252, 1253, 1254, 1255, 1256, 1257, 1258:
            return "CP\(codePage)"
        case 1361: return "JOHAB"
        case 10000: return "MACINTOSH"
        // Mac Japanese, Chinese and Korean are Shift-JIS, Big5, EUC-CN and EUC-KR with Apple additions.
        case 10001: return "CP932"
        case 10002: return "CP950"
        case 10003: return "CP949"
        case 10008: return "GBK"
        case 10007: return "MAC-CYRILLIC"
        case 10017: return "MACUKRAINIAN"
        case 10029: return "MAC-CENTRALEUROPE"
        case 10079: return "MAC-IS"
        case 20127: return "ASCII"
        case 20866: return "KOI8-R"
        case 21866: return "KOI8-U"
        case 20932: return "EUC-JP"
        case 28591...28599: return "ISO-8859-\(codePage - 28590)"
        case 28603: return "ISO-8859-13"
        case 28605: return "ISO-8859-15"
        case 50220, 50221, 50222: return "ISO-2022-JP"
        case 51932: return "EUC-JP"
        case 51936: return "EUC-CN"
        case 51949: return "EUC-KR"
        case 54936: return "GB18030"
        default: return nil
        }
    }
}
