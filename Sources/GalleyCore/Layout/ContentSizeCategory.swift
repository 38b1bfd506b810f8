/// iOS's content size categories, the reader's text size, xSmall to AX5,
/// and how a custom font's size follows them: `Font.custom(_:size:)`
/// scales `size` by Body's point size at the category over Body's at Large
/// (17), `relativeTo:` by another text style's, `fixedSize:` not at all.
///
/// The page scales by this table too: `styleSheet` is its CSS, and the
/// page only says which category a view shows (`data-text-size`).
package enum ContentSizeCategory: Int, Sendable, CaseIterable, Comparable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case ax1, ax2, ax3, ax4, ax5

    /// As the page and UIKit's short names write it (`xSmall`, `AX1`).
    package var name: String {
        ["xSmall", "Small", "Medium", "Large", "xLarge", "xxLarge", "xxxLarge", "AX1", "AX2", "AX3", "AX4", "AX5"][rawValue]
    }

    /// The five larger accessibility sizes, which a reader turns on apart.
    package var isAccessibility: Bool { self >= .ax1 }

    /// How a message names it: "accessibility size AX1", "text size xLarge".
    package var spokenName: String {
        (isAccessibility ? "accessibility size " : "text size ") + name
    }

    package static func < (first: Self, second: Self) -> Bool { first.rawValue < second.rawValue }

    /// Each text style's point size at each category, xSmall to AX5
    /// (Apple's Human Interface Guidelines, "Typography", iOS Dynamic Type sizes).
    static let pointSizes: [TextStyle: [Double]] = [
        .largeTitle: [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],
        .title: [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],
        .title2: [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],
        .title3: [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],
        .headline: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .body: [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],
        .callout: [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 50],
        .subheadline: [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 48],
        .footnote: [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],
        .caption: [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],
        .caption2: [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],
    ]

    /// For each category, the page's scales as CSS variables on whatever
    /// carries `data-text-size="NAME"`: `--text-scale` (Body's size over
    /// its size at Large, 17) and `--text-scale-STYLE` for each other style;
    /// the kinds' CSS multiplies a size by one of them (`KindStyleSheet`).
    package static let styleSheet: String = allCases.map { category in
        let scales = TextStyle.allCases.map { style in
            let name = style == .body ? "--text-scale" : "--text-scale-\(style.rawValue)"
            return "\(name):\(category.pointSize(of: style) / large.pointSize(of: style))"
        }
        return "[data-text-size=\"\(category.name)\"]{\(scales.joined(separator: ";"))}\n"
    }.joined()

    /// `style`'s point size at this category.
    package func pointSize(of style: TextStyle) -> Double {
        Self.pointSizes[style]?[rawValue] ?? 17
    }

    /// A custom font's `size` at this category, sized as `sizing` says.
    package func scaled(_ size: Double, _ sizing: FontSizing) -> Double {
        switch sizing {
        case .fixed: size
        case .relative(to: let style): size * pointSize(of: style) / Self.large.pointSize(of: style)
        }
    }
}
