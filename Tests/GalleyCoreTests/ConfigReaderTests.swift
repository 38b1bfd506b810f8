import XCTest

@testable import GalleyCore

final class ConfigReaderTests: XCTestCase {
    private func read(_ text: String) -> (config: GalleyConfig?, diagnostics: [String]) {
        let result = ConfigReader().read(Array(text.utf8))
        return (result.config, result.diagnostics.map(\.formatted))
    }

    func testAddsKindsInOrderAndKeepsTheSeedsOnes() throws {
        let (config, diagnostics) = read(
            """
            {
              "keys": {"text": "body", "image": "photo", "title": "heading"},
              "kinds": [
                {"name": "heading", "pattern": "^<h>(.*)</h>$", "style": {"font": "Avenir Next", "size": 26, "weight": "bold", "color": \
            "#1c1c1e", "alignment": "leading", "paddingTop": 24}},
                {"name": "quote", "pattern": "^<quote>.*</quote>$", "style": {"italic": true, "color": "secondary"}, "prefix": "“"},
                {"name": "rule", "pattern": "^---$", "renders": "divider"},
                {"name": "image"},
                {"name": "caption"}
              ],
              "device": {"width": 430, "appearance": "dark"}
            }
            """)
        XCTAssertEqual(diagnostics, [])
        let schema = try XCTUnwrap(config).schema
        XCTAssertEqual(schema.kinds.map(\.name), ["heading", "quote", "rule", "image", "caption", "body"])
        XCTAssertEqual([schema.textKey, schema.imageKey, schema.titleKey], ["body", "photo", "heading"])
        XCTAssertEqual(schema.kind(named: "heading")?.matcher.content(of: "<h>Title</h>"), "Title")
        XCTAssertEqual(schema.kind(named: "quote")?.matcher.content(of: "<quote>Q</quote>"), "Q")
        XCTAssertEqual(schema.kind(named: "caption")?.follows, ["image"], "a seed kind keeps its definition")
        XCTAssertEqual(schema.kind(named: "rule")?.role, .divider)
        XCTAssertEqual(config?.deviceWidth, 430)
        XCTAssertEqual(config?.appearance, .dark)
        let css = KindStyleSheet.css(
            for: schema, faces: TextFaces(every: FontMetrics(ascent: 0.8, descent: 0.2, lineGap: 0)), rules: LayoutRules())
        XCTAssertTrue(css.contains(".k-heading{align-self:stretch;text-align:start;font-family:\"Avenir Next\""))
        XCTAssertTrue(css.contains("font-weight:700"))
        XCTAssertTrue(
            css.contains(".k-quote{align-self:center;text-align:start;font-family:-apple-system, \"Galley SF\", system-ui"),
            "no font: the system font, as SwiftUI's Text")
        XCTAssertTrue(css.contains("font-size:calc(17px * var(--text-scale, 1));font-style:italic;color:var(--swiftui-secondary"), css)
    }

    func testKindsChangeAndAddToTheSeedsUnlessTheyReplaceThem() throws {
        let caption = ##"{"name": "caption", "style": {"color": "#333333"}}"##
        let (styled, styledProblems) = read(#"{"kinds": [\#(caption)]}"#)
        XCTAssertEqual(styledProblems, [])
        let kinds = try XCTUnwrap(styled).schema.kinds
        XCTAssertEqual(kinds.map(\.name), ["caption", "image", "body"], "only a caption's style: the seed's image and body stay")
        XCTAssertEqual(kinds.first?.style.color, "#333333")
        let heading = #"{"name": "heading", "pattern": "^<h>(.*)</h>$"}"#
        let catchAll = #"{"name": "paragraph"}"#
        let (added, _) = read(#"{"kinds": [\#(heading), \#(catchAll)]}"#)
        XCTAssertEqual(
            try XCTUnwrap(added).schema.kinds.map(\.name), ["heading", "image", "caption", "paragraph", "body"],
            "the seed's patterned kinds are tried before a declared kind that takes every string")
        let (replaced, replacedProblems) = read(#"{"replaceKinds": true, "kinds": [\#(caption)]}"#)
        XCTAssertEqual(replacedProblems, [])
        XCTAssertEqual(try XCTUnwrap(replaced).schema.kinds.map(\.name), ["caption", "body"])
        XCTAssertEqual(
            read(#"{"replaceKinds": 1, "kinds": [\#(caption)]}"#).diagnostics,
            ["galley.json:1:18: error: 'replaceKinds' is a number, expected true or false"])
        XCTAssertEqual(
            read(#"{"replaceKinds": true}"#).diagnostics,
            ["galley.json:1:18: warning: 'replaceKinds' has no 'kinds' to replace the seed's with"])
    }

    func testAFontRelativeToATextStyleOrOfFixedSizeScalesAsFontCustomSays() throws {
        let (config, diagnostics) = read(
            """
            {"kinds": [
              {"name": "heading", "pattern": "^<h>(.*)</h>$", "style": {"size": 24, "relativeTo": "title"}},
              {"name": "note", "pattern": "^<n>(.*)</n>$", "style": {"size": 12, "fixedSize": true}},
              {"name": "body", "style": {"size": 20, "fixedSize": false}}
            ]}
            """)
        XCTAssertEqual(diagnostics, [])
        let schema = try XCTUnwrap(config).schema
        XCTAssertEqual(
            ["heading", "note", "body"].map { schema.kind(named: $0)?.style.sizing }, [.relative(to: .title), .fixed, .relative(to: .body)])
        let css = KindStyleSheet.css(
            for: schema, faces: TextFaces(every: FontMetrics(ascent: 0.8, descent: 0.2, lineGap: 0)), rules: LayoutRules())
        XCTAssertTrue(css.contains("font-size:calc(24px * var(--text-scale-title, 1))"), css)
        XCTAssertTrue(css.contains("font-size:12px;") || css.contains("font-size:12px}"), css)
        XCTAssertTrue(css.contains("font-size:calc(20px * var(--text-scale, 1))"), css)

        let wrong = read(
            #"{"kinds": [{"name": "h", "style": {"relativeTo": "huge"}}, {"name": "n", "style": {"fixedSize": true, "relativeTo": "#
                + #""body"}}, {"name": "m", "style": {"fixedSize": "yes"}}]}"#
        ).diagnostics
        XCTAssertEqual(wrong.count, 3, "\(wrong)")
        XCTAssertTrue(wrong[0].contains("error: unknown 'relativeTo' text style 'huge', expected one of 'largeTitle', 'title',"), wrong[0])
        XCTAssertTrue(wrong[1].contains("error: 'fixedSize' and 'relativeTo' exclude each other"), wrong[1])
        XCTAssertTrue(wrong[2].contains("error: 'fixedSize' is a string, expected true or false"), wrong[2])
    }

    func testALineLimitIsAWholeNumberOfLinesForAKindOfText() throws {
        let (config, diagnostics) = read(#"{"kinds": [{"name": "caption", "maxLines": 2}, {"name": "body"}]}"#)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(try XCTUnwrap(config).schema.kinds.map(\.maxLines), [2, nil, nil], "caption, then the seed's image, then body")
        XCTAssertNil(ContentSchema.seed.kind(named: "caption")?.maxLines, "the seed sets no limit")

        let wrong = read(
            """
            {"kinds": [
              {"name": "a", "maxLines": 0},
              {"name": "b", "maxLines": 1.5},
              {"name": "c", "maxLines": "2"}
            ]}
            """)
        XCTAssertNil(wrong.config)
        XCTAssertEqual(
            wrong.diagnostics,
            [
                "galley.json:2:29: error: 'maxLines' is 0, expected a whole number of lines from 1 to 10000",
                "galley.json:3:29: error: 'maxLines' is 1.5, expected a whole number of lines from 1 to 10000",
                "galley.json:4:29: error: 'maxLines' is a string, expected a whole number of lines",
            ])
        let image = read(#"{"kinds": [{"name": "image", "maxLines": 1}]}"#)
        XCTAssertNotNil(image.config, "a limit on an image is a warning, not an error")
        XCTAssertEqual(image.diagnostics, ["galley.json:1:42: warning: 'maxLines' limits the lines of text, and 'image' renders as image"])
    }

    func testAFolderOfTheAuthorsFonts() {
        XCTAssertEqual(read(#"{"fonts": "Design/Fonts/"}"#).config?.fontFolder, "Design/Fonts")
        XCTAssertEqual(read(#"{"fonts": "."}"#).config?.fontFolder, "", "the whole content folder")
        XCTAssertNil(read("{}").config?.fontFolder)
        for outside in [#""/Library/Fonts""#, #""../Fonts""#, #""""#] {
            let (config, diagnostics) = read(#"{"fonts": \#(outside)}"#)
            XCTAssertNil(config, outside)
            XCTAssertEqual(diagnostics.count, 1, outside)
            XCTAssertTrue(
                diagnostics.first?.hasSuffix("error: 'fonts' must be a folder inside the content folder, written relative to it") == true,
                "\(diagnostics)")
        }
    }

    func testEveryProblemHasItsPosition() {
        let (config, diagnostics) = read(
            """
            {
              "kinds": [
                {"name": "heading", "patern": "^<h>.*</h>$"},
                {"name": "bad", "pattern": "^<x>(.*$"},
                {"name": "tint", "style": {"color": "#purpel", "size": "big"}},
                {"pattern": "^x$"}
              ],
              "device": {"width": 10}
            }
            """)
        XCTAssertNil(config, "errors keep the last valid config in force")
        XCTAssertEqual(
            diagnostics,
            [
                "galley.json:3:25: warning: unknown key 'patern' in a kind; did you mean 'pattern'?",
                "galley.json:4:32: error: invalid regular expression '^<x>(.*$'",
                "galley.json:5:41: error: unknown colour '#purpel', expected a SwiftUI colour name, a colour set or '#rrggbb'",
                "galley.json:5:60: error: 'size' is a string, expected a number",
                "galley.json:6:5: error: kind has no 'name'",
                "galley.json:8:23: error: 'width' is 10, expected 200–2000",
            ])
    }

    func testOverlongPatternIsRefused() {
        let pattern = "^<p>" + String(repeating: "a", count: 300) + "(.*)</p>$"
        let (config, diagnostics) = read(#"{"kinds": [{"name": "p", "pattern": "\#(pattern)"}]}"#)
        XCTAssertNil(config)
        XCTAssertEqual(diagnostics, ["galley.json:1:37: error: pattern is longer than 200 characters"])
    }

    func testSyntaxErrorAndUnknownTopLevelKey() {
        XCTAssertEqual(read("{\"kinds\": [}").diagnostics, ["galley.json:1:12: error: unexpected '}', expected a value (trailing comma?)"])
        let (config, diagnostics) = read("{\"devise\": {}}")
        XCTAssertNotNil(config, "a warning alone does not reject the config")
        XCTAssertEqual(diagnostics, ["galley.json:1:2: warning: unknown key 'devise' in galley.json; did you mean 'device'?"])
    }

    func testTheSDKAndTheStackAreTheAppsOwn() throws {
        let (config, diagnostics) = read(#"{"sdk": "iOS 13.5", "stack": {"spacing": 12, "alignment": "leading"}}"#)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(config?.sdk, PlatformSDK(name: "iOS 13"))
        XCTAssertEqual(config?.stack, StackStyle(spacing: 12, alignment: .leading))
        XCTAssertEqual(config?.layoutRules().pixelLength, 1.0 / 3.0, "the configured 390 pt phone is 3x")
        XCTAssertEqual(config?.layoutRules(screenWidth: 820).pixelLength, 0.5, "an iPad is 2x")
        let (rejected, problems) = read(#"{"sdk": "iOS 12", "stack": {"alignment": "middle", "spacing": -1}}"#)
        XCTAssertNil(rejected)
        XCTAssertEqual(
            problems,
            [
                "galley.json:1:9: error: unknown SDK 'iOS 12', expected 'iOS 13' to 'iOS 26', such as 'iOS 17'",
                "galley.json:1:42: error: unknown stack alignment 'middle', expected one of 'leading', 'center', 'trailing'",
                "galley.json:1:63: error: 'spacing' is -1, expected 0–1000",
            ])
    }

    func testConfiguredKindsParseContent() throws {
        let (config, _) = read(#"{"kinds": [{"name": "heading", "pattern": "^<h>(.*)</h>$"}, {"name": "image"}, {"name": "caption"}]}"#)
        let schema = try XCTUnwrap(config?.schema)
        let result = TaggedParser(schema: schema, path: "a.json").blocks(
            from: [
                TaggedString(text: "<h>Penguins</h>", location: .start),
                TaggedString(text: "<hh>typo</hh>", location: SourceLocation(line: 2, column: 1)),
            ], imageName: "p")
        XCTAssertEqual(result.blocks.map(\.kind), ["heading", "body"])
        XCTAssertEqual(result.diagnostics.map(\.message), ["'<hh>' matches no block kind and is shown as body text; did you mean 'h'?"])
    }
}
