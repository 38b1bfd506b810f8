import GalleyCore

/// What besides a document's own text decides how it renders. Renderings
/// made under equal surroundings resolved their images, fonts and catalog
/// names alike, so the next rendering may copy their work; anything that
/// may change them is one of the `Change`s, noted here.
struct RenderEnvironment: Equatable {
    enum Change {
        /// An image, a catalog's `Contents.json`, a font or a part of a
        /// bundle (its attachments) changed or went away.
        case assetFile
        /// An `Info.plist` listing the app's fonts.
        case fontList
        /// `galley.json`, read again.
        case configuration
        /// A picture turned out not to be drawable.
        case pictureFailure
    }

    private var assetFiles = 0
    private var fontLists = 0
    private var configurations = 0
    private var pictureFailures = 0

    mutating func note(_ change: Change) {
        switch change {
        case .assetFile: assetFiles += 1
        case .fontList: fontLists += 1
        case .configuration: configurations += 1
        case .pictureFailure: pictureFailures += 1
        }
    }

    /// The change a file in this role makes to the surroundings, if any:
    /// anything but a document's own text.
    static func change(by role: FileRole) -> Change? {
        switch role {
        case .content(let content): content.isBundle ? .assetFile : nil
        // Strings change titles, which every rendering shows afresh.
        case .other, .appStrings: nil
        case .image, .catalogContents, .font: .assetFile
        case .infoPlist: .fontList
        case .config: .configuration
        }
    }
}
