/// A command line a program cannot act on: it exits with status 2 and points at its help.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One sentence saying what is wrong: `unknown flag --frob`.
    public let message: String
    /// The subcommand whose help to point at (`show`), or nil for the program's own.
    public var command: String?

    public init(message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    public var description: String { message }

    /// The message followed by where to read more: `unknown flag --frob; see 'board --help'`.
    public func pointing(to help: String) -> String {
        var sentence = message
        if sentence.hasSuffix(".") { sentence.removeLast() }  // a daemon's messages end with one
        return "\(sentence); see \(help)"
    }
}
