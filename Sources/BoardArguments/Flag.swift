/// A command-line flag as both programs declare it: its name, the value it takes, one line about it.
///
/// The same declaration drives the tokenizer (which flags exist, which take a
/// value), the help and the completion scripts (what to offer for its value).
public struct Flag: Hashable, Sendable {
    /// The long name with its dashes: `--date`.
    public let name: String
    /// A one-letter alias with its dash, such as `-h`; it never takes `=value`.
    public let shortName: String?
    public let value: FlagValue
    /// One line for a completion menu.
    public let summary: String
    /// A flag the program takes but does not offer (one its own scripts use).
    public private(set) var isHidden = false

    public init(_ name: String, short shortName: String? = nil, value: FlagValue = .none, summary: String) {
        self.name = name
        self.shortName = shortName
        self.value = value
        self.summary = summary
    }

    /// Whether the flag is followed by a value (`--date tomorrow`, `--date=tomorrow`).
    public var takesValue: Bool { value != .none }

    /// The same flag, taken but not offered.
    public func hidden() -> Flag {
        var flag = self
        flag.isHidden = true
        return flag
    }
}

/// What follows a flag, so a completion script knows what to offer for it.
public enum FlagValue: Hashable, Sendable {
    /// A switch: nothing follows.
    case none
    /// One of these words (a completion offers them; the program checks them itself).
    case choices([String])
    case file
    case directory
    /// Free text: nothing to offer.
    case free
    /// A number: nothing to offer.
    case number
}
