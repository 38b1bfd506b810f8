/// The font families iOS itself has, which a style may name without
/// bundling them (Apple's "Fonts included with iOS" list).
package enum SystemFontFamilies {
    package static func contains(_ family: String) -> Bool {
        let lowered = family.lowercased()
        return families.contains(lowered) || lowered.hasPrefix(".sf") || lowered.hasPrefix("sf ")
    }

    private static let families: Set<String> = Set(
        [
            "Academy Engraved LET", "Al Nile", "American Typewriter", "Apple Color Emoji", "Apple SD Gothic Neo", "Apple Symbols",
            "Arial", "Arial Hebrew", "Arial Rounded MT Bold", "Avenir", "Avenir Next", "Avenir Next Condensed", "Baskerville",
            "Bodoni 72", "Bodoni 72 Oldstyle", "Bodoni 72 Smallcaps", "Bodoni Ornaments", "Bradley Hand", "Chalkboard SE",
            "Chalkduster", "Charter", "Cochin", "Copperplate", "Courier", "Courier New", "Damascus", "Devanagari Sangam MN", "Didot",
            "DIN Alternate", "DIN Condensed", "Euphemia UCAS", "Farah", "Futura", "Galvji", "Geeza Pro", "Georgia", "Gill Sans",
            "Grantha Sangam MN", "Helvetica", "Helvetica Neue", "Hiragino Maru Gothic ProN", "Hiragino Mincho ProN", "Hiragino Sans",
            "Hiragino Kaku Gothic ProN", "Hoefler Text", "Kailasa", "Kefa", "Khmer Sangam MN", "Kohinoor Bangla", "Kohinoor Devanagari",
            "Kohinoor Gujarati", "Kohinoor Telugu", "Lao Sangam MN", "Malayalam Sangam MN", "Marker Felt", "Menlo", "Mishafi",
            "Mukta Mahee", "Myanmar Sangam MN", "New York", "Noteworthy", "Noto Nastaliq Urdu", "Noto Sans Kannada", "Noto Sans Myanmar",
            "Noto Sans Oriya", "Optima", "Palatino", "Papyrus", "Party LET", "PingFang HK", "PingFang SC", "PingFang TC", "Rockwell",
            "Savoye LET", "Sinhala Sangam MN", "Snell Roundhand", "Symbol", "System", "Tamil Sangam MN", "Thonburi", "Times New Roman",
            "Trebuchet MS", "Verdana", "Zapf Dingbats", "Zapfino",
        ].map { $0.lowercased() })
}
