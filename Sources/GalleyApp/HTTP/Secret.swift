/// The daemon's secrets (the editor link's token, the LAN key and its
/// cookie): new at every start, and compared so that timing tells nothing.
enum Secret {
    /// 128 bits from the system's random source, as 32 hex digits.
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let digits = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// Compares every byte without an early exit, so the time taken does
    /// not tell how much of a guess was right.
    static func matches(_ offered: String, _ secret: String) -> Bool {
        let a = Array(offered.utf8)
        let b = Array(secret.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for index in a.indices { difference |= a[index] ^ b[index] }
        return difference == 0
    }
}
