/// The article's `VStack` as the app's view declares it (`galley.json`'s
/// `stack`): `VStack(alignment: .leading, spacing: 12)`.
package struct StackStyle: Sendable, Equatable {
    /// Where a view narrower than the column sits.
    package enum Alignment: String, Sendable, CaseIterable {
        case leading, center, trailing
    }

    /// `VStack(spacing:)`; nil, as when the app gives none: each gap comes
    /// from the two neighbours (`ViewSpacing`).
    package var spacing: Double?
    package var alignment: Alignment

    /// A `VStack`'s alignment when the app gives none, as in the seed.
    package init(spacing: Double? = nil, alignment: Alignment = .center) {
        self.spacing = spacing
        self.alignment = alignment
    }

    /// What a `VStack` puts between two views whose spacings do not meet:
    /// UIKit's standard spacing, which SwiftUI's `defaultSpacing` is.
    package static let defaultSpacing = 8.0
}
