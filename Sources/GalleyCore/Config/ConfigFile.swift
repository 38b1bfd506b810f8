/// The project's configuration file, at the top of the content folder.
public enum ConfigFile {
    public static let name = "galley.json"
}
