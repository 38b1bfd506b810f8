/// The project's configuration file, at the top of the content folder.
package enum ConfigFile {
    package static let name: RelativePath = "galley.json"
}
