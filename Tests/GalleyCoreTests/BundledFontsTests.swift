import Foundation
import GalleyCore
import XCTest

/// Fonts an app bundles: the names a font file answers to, the `UIAppFonts`
/// list of an `Info.plist`, and which style names find which file.
final class BundledFontsTests: XCTestCase {
    private static let liberationMono = "/usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf"

    private func plist(_ fonts: String) -> [UInt8] {
        Array("""
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

    func testInfoPlistList() {
        let list = AppFontList.read(plist("<string>Fonts/Brand &amp; Co.ttf</string>\n\t\t<string>Other.otf</string>"), path: "App/Info.plist")
        XCTAssertEqual(list.files, ["Fonts/Brand & Co.ttf", "Other.otf"])
        XCTAssertEqual(list.locations.first, SourceLocation(line: 6, column: 9))
        XCTAssertEqual(list.diagnostics, [])
        XCTAssertEqual(AppFontList.read(plist(""), path: "Info.plist").files, [])
        XCTAssertEqual(AppFontList.read(Array("bplist00...".utf8), path: "Info.plist").diagnostics.count, 1, "a damaged binary list is a warning")
        XCTAssertEqual(AppFontList.read(plist("<dict/>"), path: "Info.plist").diagnostics.map(\.message),
                       ["'UIAppFonts' holds something other than a file name"])
    }

    func testStyleNamesFindTheListedFiles() throws {
        guard FileManager.default.fileExists(atPath: Self.liberationMono) else { throw XCTSkip("fonts-liberation is not installed") }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.liberationMono)))
        var fonts = BundledFonts()
        fonts.setFontFile("Resources/Fonts/Mono-Bold.ttf", bytes)
        fonts.setFontFile("Unlisted.ttf", bytes)
        XCTAssertEqual(fonts.faces, [], "a font no Info.plist lists is not bundled")
        fonts.setInfoPlist("App/Info.plist", plist("<string>Mono-Bold.ttf</string><string>Gone.ttf</string>"))
        XCTAssertEqual(fonts.faces(named: "liberation mono").map(\.path), ["Resources/Fonts/Mono-Bold.ttf"])
        XCTAssertEqual(fonts.faces(named: "LiberationMono-Bold").map(\.path), ["Resources/Fonts/Mono-Bold.ttf"])
        XCTAssertEqual(fonts.faces(named: "Avenir Next"), [])
        XCTAssertEqual(fonts.diagnostics.map(\.formatted), ["App/Info.plist:6:39: warning: 'UIAppFonts' lists 'Gone.ttf', which is not in the content folder"])
        XCTAssertTrue(SystemFontFamilies.contains("Avenir Next"))
        XCTAssertFalse(SystemFontFamilies.contains("Comic Neue"))
    }

    func testStandInsCarryTheRealFontsMetrics() {
        let css = FallbackFontFaces.css
        XCTAssertTrue(css.contains(#"@font-face{font-family:"Galley Helvetica";src:local("Liberation Sans");font-weight:400;font-style:normal;size-adjust:100%;ascent-override:77%;descent-override:23%;line-gap-override:0%}"#), css)
        XCTAssertTrue(css.contains(#"font-family:"Galley SF";src:local("Liberation Sans Bold");font-weight:700;font-style:normal;size-adjust:94.36%"#), css)
        XCTAssertTrue(css.contains(#"font-family:"Galley Hiragino";src:local("Noto Sans CJK JP Regular")"#), css)
    }
}
