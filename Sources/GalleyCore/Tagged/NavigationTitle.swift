/// The title the app's view puts in its navigation bar, from a field of
/// each item: `.navigationBarTitle(Text(species.jpnName), displayMode: .inline)`
/// is `"navigationTitle": {"key": "jpnName", "displayMode": "inline"}`.
package struct NavigationTitle: Sendable, Equatable {
    /// `NavigationBarItem.TitleDisplayMode`, as UIKit draws each.
    package enum DisplayMode: String, Sendable, CaseIterable {
        /// A bar of one row with the title centred in it.
        case inline
        /// The title large, at the leading edge, below the bar's row.
        case large
    }

    package var key: String
    package var displayMode: DisplayMode

    package init(key: String, displayMode: DisplayMode = .inline) {
        self.key = key
        self.displayMode = displayMode
    }
}

/// A document's navigation bar: the title it shows, and how.
package struct NavigationBar: Sendable, Equatable {
    package var title: String
    package var displayMode: NavigationTitle.DisplayMode

    package init(title: String, displayMode: NavigationTitle.DisplayMode) {
        self.title = title
        self.displayMode = displayMode
    }
}
