/// The git commands Galley runs: only plumbing that reads objects (see
/// `GitCommand`), named as git names them.
enum GitStep: String, Equatable {
    case revParse = "rev-parse"
    case lsTree = "ls-tree"
    case catFile = "cat-file"
    case diffTree = "diff-tree"
    case mergeBase = "merge-base"
}
