/// One level of a `\listtable` list: how its number looks.
struct RTFListLevel: Equatable {
    /// `\levelnfc`: 0 decimal, 1/2 upper/lower roman, 3/4 upper/lower letter, 23 bullet, 255 none.
    var numberFormat = 0
    var startAt = 1
    /// `\leveltext` after its length prefix; scalars below 9 stand for the number of that level.
    var template: [Unicode.Scalar] = []
}

/// Word's `\listtable` and `\listoverridetable`, read into list definitions.
struct RTFListTable: Equatable {
    /// Lists by `\listid`.
    private(set) var lists: [Int: [RTFListLevel]] = [:]
    /// `\lsN` override numbers to `\listid`.
    private(set) var overrides: [Int: Int] = [:]

    private var pendingLevels: [RTFListLevel] = []
    private var pendingListID: Int?
    private var pendingOverrideList: Int?
    private var pendingOverrideNumber: Int?

    /// Caps on hostile input; real lists have nine levels.
    private static let maximumLevels = 16
    private static let maximumLists = 4_096

    mutating func beginList() {
        pendingLevels = []
        pendingListID = nil
    }

    mutating func beginLevel() {
        guard pendingLevels.count < Self.maximumLevels else { return }
        pendingLevels.append(RTFListLevel())
    }

    mutating func setLevelNumberFormat(_ value: Int) {
        guard !pendingLevels.isEmpty else { return }
        pendingLevels[pendingLevels.count - 1].numberFormat = value
    }

    mutating func setLevelStart(_ value: Int) {
        guard !pendingLevels.isEmpty else { return }
        pendingLevels[pendingLevels.count - 1].startAt = value
    }

    /// Sets the current level's template from the decoded `\leveltext` (length prefix first, `;` last).
    mutating func setLevelText(_ scalars: [Unicode.Scalar]) {
        guard !pendingLevels.isEmpty, let length = scalars.first.map({ Int($0.value) }) else { return }
        let template = Array(scalars.dropFirst().prefix(min(length, 64)))
        pendingLevels[pendingLevels.count - 1].template = template
    }

    /// `\listid` inside `\list` names the list; inside `\listoverride` it names the list overridden.
    mutating func setListID(_ value: Int, inOverride: Bool) {
        if inOverride { pendingOverrideList = value } else { pendingListID = value }
    }

    mutating func setOverrideNumber(_ value: Int) { pendingOverrideNumber = value }

    mutating func endList() {
        guard let id = pendingListID, lists.count < Self.maximumLists else { return }
        lists[id] = pendingLevels
        pendingLevels = []
        pendingListID = nil
    }

    mutating func endOverride() {
        if let number = pendingOverrideNumber, let list = pendingOverrideList, overrides.count < Self.maximumLists {
            overrides[number] = list
        }
        pendingOverrideNumber = nil
        pendingOverrideList = nil
    }

    /// The levels of the list an `\lsN` paragraph belongs to.
    func levels(forOverride number: Int) -> [RTFListLevel]? {
        overrides[number].flatMap { lists[$0] } ?? lists[number]
    }
}

/// An old-style `{\*\pn …}` numbering definition (Word 6/95).
struct RTFLegacyNumbering: Equatable {
    var level = 0
    var numberFormat = 0
    var isBullet = false
    var startAt = 1
    var textBefore = ""
    var textAfter = ""
}
