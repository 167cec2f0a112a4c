/// Splits a command line into flags (with their values) and positional arguments.
///
/// The rules both programs follow: `--flag value` and `--flag=value` for a flag
/// that takes a value (a value never starts with `--`); `=value` after a switch
/// is refused; `--` ends the flags; `-` and negative numbers or durations
/// (`-1`, `-1h30m`) are arguments. A program that takes no arguments gets
/// every word checked as a flag. Tokens come one at a time, so a program can
/// stop at `--help` before it reads what follows.
public struct FlagTokenizer {
    /// One word, or two for a flag and its separate value.
    public enum Token: Hashable, Sendable {
        /// A declared flag; `value` is nil for a switch.
        case flag(Flag, value: String?)
        case argument(String)
    }

    private let arguments: [String]
    private let flags: [String: Flag]
    private let takesArguments: Bool
    private let unknownFlag: (String) -> String
    private var index = 0
    private var onlyArguments = false

    /// - Parameters:
    ///   - flags: every flag the program takes; flags sharing a name must be the same flag.
    ///   - takesArguments: false for a program of flags only: every word must then be a flag.
    ///   - unknownFlag: the message for a word that is no declared flag.
    public init(
        _ arguments: [String], flags: [Flag], takesArguments: Bool = true,
        unknownFlag: @escaping (String) -> String = { "unknown flag \($0)" }
    ) {
        self.arguments = arguments
        var byName: [String: Flag] = [:]
        for flag in flags {
            byName[flag.name] = flag
            if let short = flag.shortName { byName[short] = flag }
        }
        self.flags = byName
        self.takesArguments = takesArguments
        self.unknownFlag = unknownFlag
    }

    /// The next token, nil at the end.
    public mutating func next() throws(UsageError) -> Token? {
        guard index < arguments.count else { return nil }
        let word = arguments[index]
        index += 1
        if takesArguments {
            if onlyArguments || !word.hasPrefix("-") || word == "-" || Self.isNegativeNumber(word) { return .argument(word) }
            if word == "--" {
                onlyArguments = true
                return try next()
            }
        }
        var name = word
        var value: String?
        if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
            name = String(word[..<equals])
            value = String(word[word.index(after: equals)...])
        }
        guard let flag = flags[name] else { throw UsageError(message: unknownFlag(name)) }
        if flag.takesValue {
            if value == nil {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError(message: "\(flag.name) needs a value")
                }
                value = arguments[index]
                index += 1
            }
        } else if value != nil {
            throw UsageError(message: "\(flag.name) takes no value")
        }
        return .flag(flag, value: value)
    }

    /// Every token to the end.
    public mutating func all() throws(UsageError) -> [Token] {
        var tokens: [Token] = []
        while let token = try next() { tokens.append(token) }
        return tokens
    }

    /// Whether `word` is a negative number or duration (`-1`, `-90m`, `-1h30m`): an argument, not a flag.
    public static func isNegativeNumber(_ word: String) -> Bool {
        word.count > 1 && word.hasPrefix("-")
            && word.dropFirst().allSatisfy { $0.isNumber || $0 == "h" || $0 == "m" || $0 == "d" }
            && word.dropFirst().first?.isNumber == true
    }
}
