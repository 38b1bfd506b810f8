import Foundation
import GalleyCore
import XCTest

/// Fonts an app bundles: the names a font file answers to, the `UIAppFonts`
/// list of an `Info.plist`, and which style names find which file.
final class BundledFontsTests: XCTestCase {
    private static let liberationMono = "/usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf"

    private func plist(_ fonts: String) -> [UInt8] {
        Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0">
            <dict>
            \t<key>UIAppFonts</key>
            \t<!-- the brand faces -->
            \t<array>\(fonts)</array>
            </dict>
            </plist>
            """.utf8)
    }

    func testFontFileNames() throws {
        guard FileManager.default.fileExists(atPath: Self.liberationMono) else { throw XCTSkip("fonts-liberation is not installed") }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.liberationMono)))
        let names = try XCTUnwrap(FontFileNames.read(bytes))
        XCTAssertEqual(names.family, "Liberation Mono")
        XCTAssertEqual(names.postScriptName, "LiberationMono-Bold")
        XCTAssertEqual(names.weight, 700)
        XCTAssertFalse(names.isItalic)
        // Damaged files read as nothing, never out of bounds.
        for length in [0, 4, 12, 100, 1000, bytes.count / 2] {
            _ = FontFileNames.read(Array(bytes.prefix(length)))
        }
        XCTAssertNil(FontFileNames.read(Array("not a font at all".utf8)))
    }

    /// A face whose `name` table has `count` records of `nameIDs` (in turn),
    /// every one Windows English and pointing at the same `textLength` bytes.
    static func fontWithRepeatedNames(count: Int, nameIDs: [UInt16], textLength: UInt16) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func u32(_ value: Int) -> [UInt8] { u16(value >> 16) + u16(value & 0xFFFF) }
        let tableLength = 6 + count * 12
        var bytes = u32(0x0001_0000) + u16(1) + u16(16) + u16(0) + u16(0)
        bytes += Array("name".utf8) + u32(0) + u32(28) + u32(tableLength)
        bytes += u16(0) + u16(count) + u16(6)
        for index in 0..<count {
            bytes += u16(3) + u16(1) + u16(0x0409) + u16(Int(nameIDs[index % nameIDs.count])) + u16(Int(textLength)) + u16(0)
        }
        return bytes
    }

    func testANameTableOfRepeatedRecordsIsDecodedWithinItsOwnSize() throws {
        // 65,535 records each naming the same 64 KiB: decoding every one was 4 GiB of text for one face.
        let bytes = Self.fontWithRepeatedNames(count: 65_535, nameIDs: [1, 4, 6, 16], textLength: 65_534)
        let work = WorkCounter()
        let names = try XCTUnwrap(FontFileNames.read(bytes, work: work))
        XCTAssertEqual(names.family.utf16.count, 65_534 / 2)
        XCTAssertNotNil(names.postScriptName)
        XCTAssertEqual(work.steps, 4 * 65_534, "each name decoded once, by its first record of the best rank")
        // Records that point past the table are skipped, not read from the rest of the file.
        let pastTheTable = Self.fontWithRepeatedNames(count: 2, nameIDs: [1], textLength: 1_000) + [UInt8](repeating: 0x41, count: 2_000)
        XCTAssertNil(FontFileNames.read(pastTheTable))
    }

    func testInfoPlistList() {
        let list = AppFontList.read(
            plist("<string>Fonts/Brand &amp; Co.ttf</string>\n\t\t<string>Other.otf</string>"), path: "App/Info.plist")
        XCTAssertEqual(list.files, ["Fonts/Brand & Co.ttf", "Other.otf"])
        XCTAssertEqual(list.locations.first, SourceLocation(line: 6, column: 9))
        XCTAssertEqual(list.diagnostics, [])
        XCTAssertEqual(AppFontList.read(plist(""), path: "Info.plist").files, [])
        XCTAssertEqual(
            AppFontList.read(Array("bplist00...".utf8), path: "Info.plist").diagnostics.count, 1, "a damaged binary list is a warning")
        XCTAssertEqual(
            AppFontList.read(plist("<dict/>"), path: "Info.plist").diagnostics.map(\.message),
            ["'UIAppFonts' holds something other than a file name"])
    }

    func testStyleNamesFindTheListedFiles() throws {
        guard FileManager.default.fileExists(atPath: Self.liberationMono) else { throw XCTSkip("fonts-liberation is not installed") }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.liberationMono)))
        var fonts = BundledFonts()
        fonts.setFontFile("Resources/Fonts/Mono-Bold.ttf", .read(bytes))
        fonts.setFontFile("Unlisted.ttf", .read(bytes))
        XCTAssertEqual(fonts.faces, [], "a font no Info.plist lists is not bundled")
        fonts.setInfoPlist("App/Info.plist", plist("<string>Mono-Bold.ttf</string><string>Gone.ttf</string>"))
        XCTAssertEqual(fonts.faces(named: "liberation mono").map(\.path), ["Resources/Fonts/Mono-Bold.ttf"])
        XCTAssertEqual(fonts.faces(named: "LiberationMono-Bold").map(\.path), ["Resources/Fonts/Mono-Bold.ttf"])
        XCTAssertEqual(fonts.faces(named: "Avenir Next"), [])
        XCTAssertEqual(
            fonts.diagnostics.map(\.formatted),
            ["App/Info.plist:6:39: warning: 'UIAppFonts' lists 'Gone.ttf', which is not in the content folder"])
        XCTAssertTrue(SystemFontFamilies.contains("Avenir Next"))
        XCTAssertFalse(SystemFontFamilies.contains("Comic Neue"))
    }

    /// What `fc-list` with `InstalledFonts.formatArguments` prints on Debian 12.
    static let listing = """
        /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc\t0\tNoto Sans CJK JP\tNoto Sans CJK JP\t80\t0
        /usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc\t0\tNoto Sans CJK JP\tNoto Sans CJK JP Bold\t200\t0
        /usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc\t1\tNoto Sans CJK KR\tNoto Sans CJK KR\t80\t0
        /usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf\t0\tLiberation Sans\tLiberation Sans\t80\t0
        /usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf\t0\tLiberation Sans\tLiberation Sans Bold\t200\t0
        /usr/share/fonts/truetype/liberation/LiberationSans-Italic.ttf\t0\tLiberation Sans\tLiberation Sans Italic\t80\t100
        /usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf\t0\tLiberation Serif\tLiberation Serif\t80\t0
        /usr/share/fonts/truetype/dejavu/DejaVuSans-ExtraLight.ttf\t0\tDejaVu Sans,DejaVu Sans Light\tDejaVu Sans ExtraLight\t40\t0
        a line fontconfig did not write
        """

    func testInstalledFontsFromFontconfig() {
        let installed = InstalledFonts(listing: Self.listing)
        XCTAssertEqual(installed.faces.count, 8)
        XCTAssertEqual(
            installed.face(family: "noto sans cjk jp")?.fullName, "Noto Sans CJK JP", "the regular face's full name has no 'Regular'")
        XCTAssertEqual(installed.face(family: "Noto Sans CJK JP", weight: 700)?.fullName, "Noto Sans CJK JP Bold")
        XCTAssertEqual(installed.face(family: "Noto Sans CJK KR")?.index, 1)
        XCTAssertEqual(installed.face(family: "Liberation Sans", italic: true)?.fullName, "Liberation Sans Italic")
        XCTAssertEqual(installed.face(family: "DejaVu Sans Light")?.weight, 200)
        XCTAssertNil(installed.face(family: "Baskerville"))
    }

    func testStandInsTakeTheirLocalNamesFromFontconfig() {
        let css = FallbackFontFaces(installed: InstalledFonts(listing: Self.listing)).css
        XCTAssertTrue(
            css.contains(
                #"@font-face{font-family:"Galley Helvetica";src:local("Liberation "#
                    + #"Sans");font-weight:400;font-style:normal;ascent-override:92%;descent-override:23%;line-gap-override:0%}"#
            ), css)
        XCTAssertTrue(
            css.contains(
                #"font-family:"Galley SF";src:local("Liberation Sans Bold");font-weight:700;font-style:normal;size-adjust:94.36%"#), css)
        XCTAssertTrue(
            css.contains(
                #"font-family:"Galley Hiragino";src:local("Noto Sans CJK "#
                    + #"JP");font-weight:400;font-style:normal;ascent-override:88%;descent-override:12%;line-gap-override:50%}"#
            ), css)
        XCTAssertTrue(
            css.contains(#"font-family:"Galley Baskerville";src:local("Liberation Serif");font-weight:400;font-style:normal}"#), css)
        XCTAssertFalse(
            css.contains("Galley Hiragino\";src:local(\"Noto Sans CJK JP\");font-weight:400;font-style:italic"), "no face, no rule")
        XCTAssertEqual(FallbackFontFaces(installed: InstalledFonts()).css, "\n", "nothing installed, nothing declared")
    }

    func testMetricsFromTheFacesOwnTables() throws {
        let path = "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf"
        guard FileManager.default.fileExists(atPath: path) else { throw XCTSkip("fonts-liberation is not installed") }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let metrics = try XCTUnwrap(FontMetrics.read(bytes))
        // Liberation Serif 2.1's hhea: 1825 + 443 + 87 of 2048 units.
        XCTAssertEqual(metrics.ascent, 1825 / 2048, accuracy: 1e-9)
        XCTAssertEqual(metrics.descent, 443 / 2048, accuracy: 1e-9)
        XCTAssertEqual(metrics.lineGap, 87 / 2048, accuracy: 1e-9)
        XCTAssertNil(FontMetrics.read(bytes, faceIndex: 1), "a single font has one face")
        for length in [0, 12, 100, 1000, bytes.count / 2] {
            _ = FontMetrics.read(Array(bytes.prefix(length)))
        }
    }

    func testTheFaceThatDrawsAFamily() {
        let installed = InstalledFonts(listing: Self.listing)
        let serif = FontMetrics(ascent: 0.9, descent: 0.2, lineGap: 0.05)
        let faces = TextFaces(
            families: ["Baskerville", "Helvetica", nil, "Hiragino Sans", "Courier"], bundled: BundledFonts(),
            fallbacks: FallbackFontFaces(installed: installed), installed: installed
        ) { path, _ in
            path.hasSuffix("LiberationSerif-Regular.ttf") ? serif : nil
        }
        XCTAssertEqual(faces.face(forFamily: "baskerville")?.drawnWith, "Liberation Serif")
        XCTAssertEqual(faces.face(forFamily: "Baskerville")?.origin, .standIn("Galley Baskerville", deviceMetrics: false))
        XCTAssertEqual(faces.metrics(forFamily: "Baskerville"), serif, "no measurement of Baskerville: the local face's own")
        XCTAssertEqual(faces.metrics(forFamily: "Helvetica").lineHeight, 1.15, accuracy: 1e-9, "iOS's Helvetica on Liberation Sans")
        XCTAssertEqual(faces.metrics(forFamily: nil).lineHeight, 2444 / 2048, accuracy: 1e-9, "no font: iOS's system font")
        XCTAssertEqual(faces.metrics(forFamily: "Hiragino Sans").lineHeight, 1.5, accuracy: 1e-9)
        XCTAssertEqual(faces.substitutes.map(\.requested), ["Baskerville", "Courier", "Helvetica", "Hiragino Sans", "System"])
        XCTAssertEqual(
            faces.face(forFamily: "Courier")?.drawnWith, "Noto Sans CJK JP",
            "nothing of Courier's own stack is installed here: the fallback for other scripts draws it")
        XCTAssertEqual(faces.face(forFamily: "Courier")?.summary, "Courier: drawn with Noto Sans CJK JP, with Hiragino Sans's line height")
        XCTAssertEqual(
            faces.face(forFamily: "Baskerville")?.summary,
            "Baskerville: drawn with Liberation Serif, with Liberation Serif's line height (no measurement of Baskerville's)")
    }
}
