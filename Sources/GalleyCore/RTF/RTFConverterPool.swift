import Glibc

/// Idle iconv converters, kept from one document to the next.
///
/// Opening a converter maps glibc's gconv module for its code page, and closing
/// the last one unmaps it again; for a small document that cost more than reading
/// it. A finished reader's converters wait here for the next reader instead.
/// Taking a converter removes it from the pool, so each is used by one reader at a time.
///
/// Whoever reads many documents owns a pool and hands it to each read (the
/// daemon's workspace does); the core itself keeps no state between reads.
public final class RTFConverterPool: Sendable {

    /// Enough for the readers that run at once; the code pages with converters are
    /// a fixed few dozen, so this also bounds how many stay open.
    private static let idleLimitPerCodePage = 4

    /// An iconv handle that is idle, owned by the pool alone.
    private struct IdleConverter: @unchecked Sendable {
        let handle: iconv_t
    }

    private let idle = Locked<[Int: [IdleConverter]]>([:])

    public init() {}

    deinit {
        idle.withLock { idle in
            for converter in idle.values.joined() { iconv_close(converter.handle) }
        }
    }

    /// An idle converter for `codePage`, now owned by the caller, if one is waiting.
    func take(codePage: Int) -> iconv_t? {
        idle.withLock { $0[codePage]?.popLast()?.handle }
    }

    /// Takes back a converter its owner is done with; closes it when enough are idle already.
    func giveBack(_ handle: iconv_t, codePage: Int) {
        let isKept = idle.withLock { idle in
            guard idle[codePage, default: []].count < Self.idleLimitPerCodePage else { return false }
            idle[codePage, default: []].append(IdleConverter(handle: handle))
            return true
        }
        if !isKept { iconv_close(handle) }
    }
}
