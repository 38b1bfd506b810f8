/// The title the app's view puts in its navigation bar, from a field of
/// each item: `.navigationBarTitle(Text(species.jpnName), displayMode: .inline)`
/// is `"navigationTitle": {"key": "jpnName", "displayMode": "inline"}`.
public struct NavigationTitle: Sendable, Equatable {
    /// `NavigationBarItem.TitleDisplayMode`, as UIKit draws each.
    public enum DisplayMode: String, Sendable, CaseIterable {
        /// A bar of one row with the title centred in it.
        case inline
        /// The title large, at the leading edge, below the bar's row.
        case large
    }

    public var key: String
    public var displayMode: DisplayMode

    public init(key: String, displayMode: DisplayMode = .inline) {
        self.key = key
        self.displayMode = displayMode
    }
}

/// A document's navigation bar: the title it shows, and how.
public struct NavigationBar: Sendable, Equatable {
    public var title: String
    public var displayMode: NavigationTitle.DisplayMode

    public init(title: String, displayMode: NavigationTitle.DisplayMode) {
        self.title = title
        self.displayMode = displayMode
    }
}
