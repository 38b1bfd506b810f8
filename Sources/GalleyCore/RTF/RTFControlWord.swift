/// The control words the reader acts on; every other word is ignored.
///
/// Case names match the RTF spelling so the lookup table is generated from them.
enum RTFControlWord: CaseIterable {
    // Document and encoding
    case rtf, ansi, mac, pc, pca, ansicpg, deff, uc, `u`, bin
    // Destinations read
    case fonttbl, colortbl, info, title, pict, field, fldinst, fldrslt, footnote, listtable, list, listlevel, leveltext, listoverridetable, listoverride, listtext, pntext, pn, pntxta, pntxtb, shppict, shp, shpinst, shptxt, NeXTGraphic, nesttableprops
    // Fonts and colours
    case f, fcharset, cpg, red, green, blue
    // Character formatting
    case plain, b, i, caps, ul, uld, uldb, uldash, uldashd, uldashdd, ulw, ulwave, ulth, ulhair, ulnone, strike, striked, `super`, sub, nosupersub, up, dn, cf, cb, highlight, chcbpat, fs, v
    // Paragraph formatting
    case pard, ql, qc, qr, qj, qd, li, lin, ri, rin, fi, sb, sa, sl, slmult, slleading, intbl, itap, ls, ilvl, pnlvl, pnlvlbody, pnlvlblt, pnlvlcont, pndec, pnucltr, pnlcltr, pnucrm, pnlcrm, pnstart
    // Tables
    case trowd, trleft, cellx, cell, row, nestcell, nestrow
    // Breaks and special characters
    case par, line, tab, page, sect, emdash, endash, emspace, enspace, qmspace, bullet, lquote, rquote, ldblquote, rdblquote, zwj, zwnj, chftn
    // Pictures and attachments
    case pngblip, jpegblip, emfblip, wmetafile, macpict, dibitmap, wbitmap, pmmetafile, picw, pich, picwgoal, pichgoal, picscalex, picscaley, width, height
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
        "ffstattext", "ffl", "oldcprops", "oldpprops", "oldsprops", "oldtprops", "sn"
    ]
}

/// A control word's letters packed into integers, so looking one up costs a hash, not a string.
///
/// RTF limits control words to 32 letters; longer (invalid) names keep
/// their first 32 letters and their length.
struct RTFControlWordKey: Hashable {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var length = 0

    init(bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
        length = range.count
        var packed = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        var index = 0
        for offset in range.prefix(32) {
            let shifted = UInt64(bytes[offset]) << (UInt64(index & 7) * 8)
            switch index >> 3 {
            case 0: packed.0 |= shifted
            case 1: packed.1 |= shifted
            case 2: packed.2 |= shifted
            default: packed.3 |= shifted
            }
            index += 1
        }
        words = packed
    }

    init(_ name: String) {
        let utf8 = Array(name.utf8)
        self = utf8.withUnsafeBufferPointer { RTFControlWordKey(bytes: $0, range: 0..<utf8.count) }
    }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.length == rhs.length && lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1
            && lhs.words.2 == rhs.words.2 && lhs.words.3 == rhs.words.3
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(length)
    }
}

/// Maps control word names to `RTFControlWord`; built once per reader run.
struct RTFControlWordTable {
    private var words: [RTFControlWordKey: RTFControlWord] = [:]

    init() {
        for word in RTFControlWord.allCases where word != .skippedDestination {
            words[RTFControlWordKey(String(describing: word))] = word
        }
        for name in RTFControlWord.skippedDestinationNames {
            words[RTFControlWordKey(name)] = .skippedDestination
        }
    }

    func lookUp(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> RTFControlWord? {
        words[RTFControlWordKey(bytes: bytes, range: range)]
    }
}
