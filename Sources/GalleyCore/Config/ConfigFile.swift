/// The project's configuration file, at the top of the content folder.
package enum ConfigFile {
    package static let name = "galley.json"
}
