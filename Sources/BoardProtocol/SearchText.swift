/// How long a search's text may be, the same on both sides of the wire.
///
/// Measured in Unicode scalars and UTF-8 bytes, not characters: one letter with fifty thousand
/// combining marks is one character, and would cost seconds to match, and a route that carries the
/// text percent-encoded (`board watch --route`) must stay short.
public enum SearchText {
    public static let maxScalars = 100
    public static let maxBytes = 400
    /// What the limits are, for messages: `limited to 100 Unicode scalars and 400 bytes of UTF-8`.
    public static let limits = "limited to \(maxScalars) Unicode scalars and \(maxBytes) bytes of UTF-8"

    /// Whether `text` is within both limits.
    public static func fits(_ text: some StringProtocol) -> Bool {
        text.utf8.count <= maxBytes && text.unicodeScalars.count <= maxScalars
    }
}
