/// The iOS SDK an app is built with, which decides some of SwiftUI's
/// layout rules: an app keeps the behaviour of the SDK it was linked
/// against, whatever the device runs (SwiftUI's "semantics", as
/// OpenSwiftUI's `SemanticFeature.swift` lists them by the version that
/// introduced them).
package struct PlatformSDK: Sendable, Equatable, Comparable, CustomStringConvertible {
    /// The major version: 13 for the iOS 13 SDK.
    package let major: Int

    package static let oldest = PlatformSDK(uncheckedMajor: 13)
    package static let newest = PlatformSDK(uncheckedMajor: 26)

    private init(uncheckedMajor major: Int) {
        self.major = major
    }

    /// `iOS 17`, `iOS 13.5` (the minor version decides no rule), or nil
    /// for anything else or a version SwiftUI's rules are not known for.
    package init?(name: String) {
        let words = name.split(separator: " ")
        guard words.count == 2, words[0].lowercased() == "ios" else { return nil }
        let numbers = words[1].split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count <= 3, numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let major = Int(numbers[0]), (Self.oldest.major...Self.newest.major).contains(major)
        else { return nil }
        self.major = major
    }

    package var description: String { "iOS \(major)" }

    package static func < (lhs: PlatformSDK, rhs: PlatformSDK) -> Bool { lhs.major < rhs.major }

    /// `.padding` on an edge replaces the spacing the padded view offers
    /// there (`NoSpacingProjectedPadding`, SwiftUI 2, the iOS 14 SDK);
    /// before, a padded text still offered its text's spacing.
    package var paddingResetsSpacing: Bool { major >= 14 }

    /// The space added to a text's line for its spacing is rounded up to
    /// a device pixel, and two texts meet at the lower one's leading
    /// (`TextSpacingUIKit0059v2`, SwiftUI 5, the iOS 17 SDK); before, it
    /// was rounded up to 4 pt and texts met at 0.
    package var textSpacingFollowsUIKit: Bool { major >= 17 }
}
