import BoardArguments
import FlightData

/// A command's own arguments and flags, with the readers the commands share.
///
/// Every error names the command, so that it points at `board help NAME`
/// (or at `board --help` for the board itself).
struct CommandArguments {
    /// The command's name, `board` for the board itself.
    let name: String
    /// The words after the command's name (for the board, after nothing).
    let positionals: [String]
    /// The flags given, by name; a switch has the value "".
    let flags: [String: String]
    /// Every value given for each flag, in order (`--kind gate --kind time`); `flags` keeps the last.
    var values: [String: [String]] = [:]

    /// The command whose help a usage error points at.
    var helpTopic: String? { CommandSpec.helpTopic(of: name) }

    func usageError(_ message: String) -> UsageError { UsageError(message: message, command: helpTopic) }

    /// Whether the switch `flag` was given.
    func has(_ flag: String) -> Bool { flags[flag] != nil }

    func tab(_ text: String, flag: String? = nil) throws(UsageError) -> Tab {
        guard let tab = Tab(rawValue: text.lowercased()) else {
            let what = flag.map { "\($0) needs" } ?? "expected a tab:"
            let hint = NearestWord.hint(for: text, among: Tab.allCases.map(\.rawValue))
            throw usageError("\(what) arrivals, all or departures, not \"\(text)\"\(hint)")
        }
        return tab
    }

    /// `--date`, when given.
    func date() throws(UsageError) -> DateSpec? {
        guard let text = flags["--date"] else { return nil }
        guard let spec = DateSpec(text) else {
            // A day before today is no typo: the window starts today, and that is what to say.
            let back = text.dropFirst()
            let past =
                text.lowercased() == "yesterday"
                || (text.hasPrefix("-") && !back.isEmpty && back.allSatisfy { $0.isASCII && $0.isNumber }
                    && back.contains { $0 != "0" })
            let why = past ? "; the board's window starts today: it holds no day before it" : ""
            throw usageError("--date needs YYYY-MM-DD, today, tomorrow or +N, not \"\(text)\"\(why)")
        }
        return spec
    }

    /// The flight the arguments name, all of them joined: `Pacific 123` may come as two words.
    func flight() throws(UsageError) -> FlightReference {
        guard !positionals.isEmpty else {
            throw usageError("board \(name) needs a flight: an id (1234) or a designator (\"Pacific 123\")")
        }
        let text = positionals.joined(separator: " ")
        let idRule = "\(text) is not a flight id: ids are whole numbers from 1 to 9999999"
        guard let reference = FlightReference(text) else {
            // All digits (or a minus and digits): an id out of range, said as `board show 0` says it.
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) { throw usageError(idRule) }
            if let meant = NearestWord.designator(for: text) {
                // A bad value (2), said as other mistyped values are: it read "no flight" with a 2, and "?;".
                throw usageError("\"\(text)\" is not a flight (did you mean \"\(meant)\"?)")
            }
            let airlines = FlightCatalog.airlines.joined(separator: ", ")
            throw usageError(
                "\"\(text)\" is not a flight: give an id (1234) or an airline and number (\"Pacific 123\"; airlines: \(airlines))"
            )
        }
        // Said here in the command line's words, not left to the daemon's "\"id\" must be ...".
        if case .id(let id) = reference, id < 1 { throw usageError(idRule) }
        return reference
    }

    func noArguments() throws(UsageError) {
        guard positionals.isEmpty else { throw usageError("board \(name) takes no argument \"\(positionals[0])\"") }
    }

    /// A tab as the only argument, when given.
    func optionalTab() throws(UsageError) -> Tab? {
        guard positionals.count <= 1 else { throw usageError("unexpected argument \"\(positionals[1])\"") }
        return try positionals.first.map { text throws(UsageError) in try tab(text) }
    }

    /// A whole number in `range` for `flag`, when given.
    func number(_ flag: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = flags[flag] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw usageError("\(flag) needs a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
        }
        return value
    }
}
