/// The version `galley --version` prints.
public enum GalleyVersion {
    public static let current = "0.1.0"
}
