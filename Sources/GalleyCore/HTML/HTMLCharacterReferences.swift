/// Decodes character references (`&amp;`, `&#233;`, `&#x1F600;`) in HTML text and attribute values.
enum HTMLCharacterReferences {
    /// A reference that looked intended (it ended with `;`) but names no character this reader knows.
    struct UnknownReference: Equatable {
        var text: String
        var offset: Int
    }

    /// Names browsers also accept without the closing `;`, as old pages write them.
    private static let legacyNames: Set<String> = [
        "amp", "lt", "gt", "quot", "nbsp", "copy", "reg", "AMP", "LT", "GT", "QUOT", "COPY", "REG",
    ]

    /// Decodes `bytes[range]`; `offset` values in `unknown` are offsets into `bytes`.
    ///
    /// In attribute values a legacy name followed by `=` stays as written,
    /// so query strings such as `?a=1&copy=2` survive.
    static func decode(_ bytes: [UInt8], _ range: Range<Int>, inAttribute: Bool, unknown: inout [UnknownReference]) -> String {
        var hasSpecialByte = false
        for index in range where bytes[index] == UInt8(ascii: "&") || bytes[index] == 0 {
            hasSpecialByte = true
            break
        }
        guard hasSpecialByte else { return String(decoding: bytes[range], as: UTF8.self) }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if byte == 0 {
                // Browsers drop NUL from text; it only ever marks corrupt input.
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "&") else {
                utf8.append(byte)
                index += 1
                continue
            }
            if let (scalar, end) = reference(in: bytes, at: index, limit: range.upperBound, inAttribute: inAttribute, unknown: &unknown) {
                RTFUTF8.append(scalar.value, to: &utf8)
                index = end
            } else {
                utf8.append(byte)
                index += 1
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }

    /// The character a reference starting at `start` (an `&`) stands for, and where the reference ends.
    private static func reference(
        in bytes: [UInt8], at start: Int, limit: Int, inAttribute: Bool,
        unknown: inout [UnknownReference]
    ) -> (Unicode.Scalar, Int)? {
        var index = start + 1
        guard index < limit else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            return numericReference(in: bytes, at: index + 1, limit: limit)
        }
        let nameStart = index
        while index < limit, isASCIIAlphanumeric(bytes[index]), index - nameStart < 32 { index += 1 }
        guard index > nameStart else { return nil }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        let hasSemicolon = index < limit && bytes[index] == UInt8(ascii: ";")
        if hasSemicolon {
            if let scalar = named[name] { return (scalar, index + 1) }
            if unknown.count < 100 {
                unknown.append(UnknownReference(text: "&\(name);", offset: start))
            }
            return nil
        }
        guard legacyNames.contains(name), let scalar = named[name] else { return nil }
        if inAttribute, index < limit, bytes[index] == UInt8(ascii: "=") { return nil }
        return (scalar, index)
    }

    private static func numericReference(in bytes: [UInt8], at start: Int, limit: Int) -> (Unicode.Scalar, Int)? {
        var index = start
        var radix: UInt32 = 10
        if index < limit, bytes[index] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            index += 1
        }
        let digitsStart = index
        var value: UInt32 = 0
        while index < limit, let digit = digitValue(bytes[index], radix: radix) {
            // Saturate instead of overflowing; anything past U+10FFFF is replaced anyway.
            value = value > 0x10FFFF ? value : value * radix + digit
            index += 1
        }
        guard index > digitsStart else { return nil }
        if index < limit, bytes[index] == UInt8(ascii: ";") { index += 1 }
        return (scalar(forCodePoint: value), index)
    }

    /// The character a numeric reference means, with the substitutions browsers make.
    static func scalar(forCodePoint value: UInt32) -> Unicode.Scalar {
        if value == 0 { return "\u{FFFD}" }
        // Pages written in Windows-1252 refer to its 0x80–0x9F letters by byte value.
        if (0x80...0x9F).contains(value) {
            let mapped = windows1252C1[Int(value - 0x80)]
            return Unicode.Scalar(mapped) ?? "\u{FFFD}"
        }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    private static let windows1252C1: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
        0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]

    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    private static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// HTML 4's 253 names plus the HTML5 ones that hand-written pages use, as "name hex" pairs.
    private static let named: [String: Unicode.Scalar] = {
        let table = """
            quot 22 amp 26 apos 27 lt 3C gt 3E QUOT 22 AMP 26 LT 3C GT 3E COPY A9 REG AE \
            nbsp A0 iexcl A1 cent A2 pound A3 curren A4 yen A5 brvbar A6 sect A7 uml A8 copy A9 ordf AA laquo AB \
            not AC shy AD reg AE macr AF deg B0 plusmn B1 sup2 B2 sup3 B3 acute B4 micro B5 para B6 middot B7 \
            cedil B8 sup1 B9 ordm BA raquo BB frac14 BC frac12 BD frac34 BE iquest BF Agrave C0 Aacute C1 Acirc C2 \
            Atilde C3 Auml C4 Aring C5 AElig C6 Ccedil C7 Egrave C8 Eacute C9 Ecirc CA Euml CB Igrave CC Iacute CD \
            Icirc CE Iuml CF ETH D0 Ntilde D1 Ograve D2 Oacute D3 Ocirc D4 Otilde D5 Ouml D6 times D7 Oslash D8 \
            Ugrave D9 Uacute DA Ucirc DB Uuml DC Yacute DD THORN DE szlig DF agrave E0 aacute E1 acirc E2 atilde E3 \
            auml E4 aring E5 aelig E6 ccedil E7 egrave E8 eacute E9 ecirc EA euml EB igrave EC iacute ED icirc EE \
            iuml EF eth F0 ntilde F1 ograve F2 oacute F3 ocirc F4 otilde F5 ouml F6 divide F7 oslash F8 ugrave F9 \
            uacute FA ucirc FB uuml FC yacute FD thorn FE yuml FF \
            OElig 152 oelig 153 Scaron 160 scaron 161 Yuml 178 fnof 192 circ 2C6 tilde 2DC \
            Alpha 391 Beta 392 Gamma 393 Delta 394 Epsilon 395 Zeta 396 Eta 397 Theta 398 Iota 399 Kappa 39A \
            Lambda 39B Mu 39C Nu 39D Xi 39E Omicron 39F Pi 3A0 Rho 3A1 Sigma 3A3 Tau 3A4 Upsilon 3A5 Phi 3A6 \
            Chi 3A7 Psi 3A8 Omega 3A9 alpha 3B1 beta 3B2 gamma 3B3 delta 3B4 epsilon 3B5 zeta 3B6 eta 3B7 \
            theta 3B8 iota 3B9 kappa 3BA lambda 3BB mu 3BC nu 3BD xi 3BE omicron 3BF pi 3C0 rho 3C1 sigmaf 3C2 \
            sigma 3C3 tau 3C4 upsilon 3C5 phi 3C6 chi 3C7 psi 3C8 omega 3C9 thetasym 3D1 upsih 3D2 piv 3D6 \
            ensp 2002 emsp 2003 thinsp 2009 zwnj 200C zwj 200D lrm 200E rlm 200F ndash 2013 mdash 2014 \
            lsquo 2018 rsquo 2019 sbquo 201A ldquo 201C rdquo 201D bdquo 201E dagger 2020 Dagger 2021 bull 2022 \
            hellip 2026 permil 2030 prime 2032 Prime 2033 lsaquo 2039 rsaquo 203A oline 203E frasl 2044 euro 20AC \
            image 2111 weierp 2118 real 211C trade 2122 alefsym 2135 larr 2190 uarr 2191 rarr 2192 darr 2193 \
            harr 2194 crarr 21B5 lArr 21D0 uArr 21D1 rArr 21D2 dArr 21D3 hArr 21D4 forall 2200 part 2202 \
            exist 2203 empty 2205 nabla 2207 isin 2208 notin 2209 ni 220B prod 220F sum 2211 minus 2212 \
            lowast 2217 radic 221A prop 221D infin 221E ang 2220 and 2227 or 2228 cap 2229 cup 222A int 222B \
            there4 2234 sim 223C cong 2245 asymp 2248 ne 2260 equiv 2261 le 2264 ge 2265 sub 2282 sup 2283 \
            nsub 2284 sube 2286 supe 2287 oplus 2295 otimes 2297 perp 22A5 sdot 22C5 lceil 2308 rceil 2309 \
            lfloor 230A rfloor 230B lang 27E8 rang 27E9 loz 25CA spades 2660 clubs 2663 hearts 2665 diams 2666 \
            Tab 9 NewLine A excl 21 num 23 dollar 24 percnt 25 lpar 28 rpar 29 ast 2A plus 2B comma 2C \
            period 2E sol 2F colon 3A semi 3B equals 3D quest 3F commat 40 lsqb 5B bsol 5C rsqb 5D Hat 5E \
            lowbar 5F grave 60 lcub 7B verbar 7C vert 7C rcub 7D dash 2010 hyphen 2010 nbhy 2011 \
            check 2713 cross 2717 star 2606 starf 2605 bigstar 2605 hearts 2665 phone 260E female 2640 male 2642 \
            sharp 266F flat 266D natural 266E half BD laquo AB raquo BB centerdot B7 middot B7 rarr 2192 \
            larrhk 21A9 rarrhk 21AA mdash 2014 ndash 2013 horbar 2015 caret 2041 numsp 2007 puncsp 2008 \
            hairsp 200A ZeroWidthSpace 200B NoBreak 2060 trie 225C deg B0 micro B5 ohm 3A9 angst C5 \
            copysr 2117 incare 2105 numero 2116 trade 2122 TRADE 2122 frac13 2153 frac23 2154 frac15 2155 \
            frac18 215B frac38 215C frac58 215D frac78 215E
            """
        var scalars: [String: Unicode.Scalar] = [:]
        let words = table.split(separator: " ")
        var index = 0
        while index + 1 < words.count {
            if let value = UInt32(words[index + 1], radix: 16), let scalar = Unicode.Scalar(value) {
                scalars[String(words[index])] = scalar
            }
            index += 2
        }
        return scalars
    }()
}
