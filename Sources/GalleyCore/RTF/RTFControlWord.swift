/// The control words the reader acts on; every other word is ignored.
///
/// Case names match the RTF spelling so the lookup table is generated from them.
enum RTFControlWord: CaseIterable {
    // Document and encoding
    case rtf, ansi, mac, pc, pca, ansicpg, deff, uc, `u`, bin
    // Destinations read; `NeXTGraphic` is spelt as RTF writes it.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    case fonttbl, colortbl, info, title, pict, field, fldinst, fldrslt, footnote, listtable, list, listlevel, leveltext, listoverridetable,
        listoverride, listtext, pntext, pn, pntxta, pntxtb, shppict, shp, shpinst, shptxt, NeXTGraphic, nesttableprops
    // Fonts and colours
    case f, fcharset, cpg, red, green, blue
    // Character formatting
    case plain, b, i, caps, rtlch, ltrch, ul, uld, uldb, uldash, uldashd, uldashdd, ulw, ulwave, ulth, ulhair, ulnone, strike, striked,
        `super`, sub, nosupersub, up, dn, cf, cb, highlight, chcbpat, fs, v
    // Paragraph formatting
    case pard, ql, qc, qr, qj, qd, qnatural, rtlpar, ltrpar, li, lin, ri, rin, fi, sb, sa, sl, slmult, slleading, intbl, itap, ls, ilvl,
        pnlvl, pnlvlbody, pnlvlblt, pnlvlcont, pndec, pnucltr, pnlcltr, pnucrm, pnlcrm, pnstart
    // Tables
    case trowd, trleft, cellx, cell, row, nestcell, nestrow
    // Breaks and special characters
    case par, line, tab, page, sect, emdash, endash, emspace, enspace, qmspace, bullet, lquote, rquote, ldblquote, rdblquote, zwj, zwnj,
        chftn
    // Pictures and attachments
    case pngblip, jpegblip, emfblip, wmetafile, macpict, dibitmap, wbitmap, pmmetafile, picw, pich, picwgoal, pichgoal, picscalex,
        picscaley, width, height
    // List table
    case listid, levelnfc, levelnfcn, levelstartat
    /// A destination whose content is never shown (`\stylesheet`, `\header`, `\themedata`…).
    case skippedDestination

    /// Destinations skipped wholesale, with all their nested groups.
    static let skippedDestinationNames: [String] = [
        "stylesheet", "revtbl", "rsidtbl", "xe", "tc", "txe", "rxe", "bkmkstart", "bkmkend", "listpicture",
        "pgdsctbl", "themedata", "colorschememapping", "datastore", "latentstyles", "xmlnstbl", "generator",
        "docvar", "userprops", "private", "annotation", "atnid", "atnauthor", "atndate", "atnref",
        "atrfstart", "atrfend", "nonesttables", "nonshppict", "shprslt", "objdata", "objclass", "objname",
        "pnseclvl", "listname", "levelnumbers", "expandedcolortbl", "mmathPr", "wgrffmtfilter", "defchp",
        "defpap", "panose", "falt", "fontemb", "fontfile", "header", "headerl", "headerr", "headerf",
        "footer", "footerl", "footerr", "footerf", "ftnsep", "ftnsepc", "ftncn", "aftnsep", "aftnsepc",
        "aftncn", "template", "filetbl", "picprop", "blipuid", "levelmarker", "fldtype", "formfield",
        "datafield", "ffname", "ffdeftext", "ffentrymcr", "ffexitmcr", "ffformat", "ffhelptext",
        "ffstattext", "ffl", "oldcprops", "oldpprops", "oldsprops", "oldtprops", "sn",
    ]
}

/// Maps control word names to `RTFControlWord`.
///
/// Every control word in a document is looked up, so this is an open-addressed
/// table keyed by the name's letters packed into three integers, hashed with
/// one multiply: no `Hasher`, no strings, no allocation per lookup. It is
/// built once per process and shared, since it never changes.
struct RTFControlWordTable: Sendable {
    static let shared = RTFControlWordTable()

    /// Names longer than this are not in the table; RTF's own limit is 32 letters.
    static let longestName = 24

    private struct Entry: Sendable {
        var letters: (UInt64, UInt64, UInt64) = (0, 0, 0)
        /// 0 marks an empty slot; names have at least one letter.
        var length = 0
        var word = RTFControlWord.rtf
    }

    /// Room for twice the number of names, so probes stay short.
    private static let slotBits = 9
    private static let slotCount = 1 << slotBits
    private var entries = [Entry](repeating: Entry(), count: slotCount)

    private init() {
        for word in RTFControlWord.allCases where word != .skippedDestination {
            insert(String(describing: word), word)
        }
        for name in RTFControlWord.skippedDestinationNames {
            insert(name, .skippedDestination)
        }
    }

    private mutating func insert(_ name: String, _ word: RTFControlWord) {
        let utf8 = Array(name.utf8)
        guard utf8.count <= Self.longestName else { return }
        let letters = utf8.withUnsafeBufferPointer { Self.pack($0, 0..<utf8.count) }
        var slot = Self.slot(letters, length: utf8.count)
        while entries[slot].length != 0 { slot = (slot + 1) & (Self.slotCount - 1) }
        entries[slot] = Entry(letters: letters, length: utf8.count, word: word)
    }

    func lookUp(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> RTFControlWord? {
        let length = range.count
        guard length > 0, length <= Self.longestName else { return nil }
        let letters = Self.pack(bytes, range)
        var slot = Self.slot(letters, length: length)
        while true {
            let entry = entries[slot]
            if entry.length == 0 { return nil }
            if entry.length == length, entry.letters == letters { return entry.word }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
    }

    /// Packs up to `longestName` letters, eight to an integer, little end first.
    @inline(__always)
    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (UInt64, UInt64, UInt64) {
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var shift: UInt64 = 0
        var offset = range.lowerBound
        let firstEnd = min(range.upperBound, offset + 8)
        while offset < firstEnd {
            words.0 |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        guard offset < range.upperBound else { return words }
        shift = 0
        let secondEnd = min(range.upperBound, offset + 8)
        while offset < secondEnd {
            words.1 |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        shift = 0
        while offset < range.upperBound {
            words.2 |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        return words
    }

    @inline(__always)
    private static func slot(_ letters: (UInt64, UInt64, UInt64), length: Int) -> Int {
        let mixed =
            (letters.0 ^ (letters.1 &* 0xFF51_AFD7_ED55_8CCD) ^ (letters.2 &* 0xC4CE_B9FE_1A85_EC53) ^ UInt64(length))
            &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - slotBits))
    }
}
