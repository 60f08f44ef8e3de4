/// The library's version.
public enum TypesetVersion {
    /// Semantic version of this release.
    public static let string = "0.1.0"
}
