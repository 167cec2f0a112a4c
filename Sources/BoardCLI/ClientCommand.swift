import BoardProtocol
import BoardSystem
import FlightData

/// Options every command takes.
struct GlobalOptions: Equatable {
    var json = false
    var socket: String?
    var stateDirectory: String?
    var color: ColorChoice = .auto
    var noAutostart = false
}

enum ColorChoice: String, Equatable, CaseIterable {
    case auto, always, never
}

/// What `board` was asked to do, read from its arguments before anything runs.
enum ClientCommand: Equatable {
    case board(tab: Tab?, hidePast: Bool, date: DateSpec?)
    case show(FlightReference, date: DateSpec?)
    case last
    case next
    case previous
    case soonest(tab: Tab?)
    case search(text: String, tab: Tab?)
    case pin(FlightReference, date: DateSpec?)
    case unpin(FlightReference)
    case pins
    case watch(tab: Tab?, hidePast: Bool, rotateSeconds: Int?)
    case status(format: String?, tmux: Bool)
    case clockGet
    case clockSet(String)
    case clockAdvance(minutes: Int)
    case bench(BenchOptions)
    case completions(CompletionShell)
    /// Today's flight ids for a completion script: quick, quiet, never starting a daemon.
    case completionIDs(date: DateSpec?)
    case help(topic: String?)
    case version
}

/// A command line `board` cannot act on: exit status 2, with a hint to `--help`.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    /// The command whose help to point at, if any.
    var command: String?

    var description: String {
        let hint = command.map { "board help \($0)" } ?? "board --help"
        var sentence = message
        if sentence.hasSuffix(".") { sentence.removeLast() }  // the daemon's messages end with one
        return "\(sentence); see '\(hint)'"
    }
}

/// Reads `board`'s arguments into a command and its options.
struct ClientArguments {
    static let commands = [
        "show", "last", "next", "prev", "soonest", "search", "pin", "unpin", "pins", "watch", "status", "clock", "bench",
        "completions", "help",
    ]

    /// Flags each command takes beyond the global ones.
    static let commandFlags: [String: [String]] = [
        "board": ["--hide-past", "--date"],
        "show": ["--date"],
        "pin": ["--date"],
        "search": ["--tab"],
        "watch": ["--hide-past", "--rotate"],
        "status": ["--format", "--tmux"],
        "bench": ["--clients", "--duration", "--method", "--params", "--watchers", "--rounds", "--resp", "--payload"],
        // --ids is for the completion scripts themselves (see CompletionIDs).
        "completions": ["--ids", "--date"],
    ]
    static let globalFlags = ["--json", "--socket", "--color", "--no-autostart", "--state-dir", "--help", "--version"]
    static let valueFlags: Set<String> = [
        "--date", "--tab", "--rotate", "--format", "--socket", "--color", "--state-dir",
        "--clients", "--duration", "--method", "--params", "--watchers", "--rounds", "--resp", "--payload",
    ]

    var command: ClientCommand
    var options: GlobalOptions

    init(_ arguments: [String]) throws(UsageError) {
        var options = GlobalOptions()
        var positionals: [String] = []
        var flags: [String: String] = [:]
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" || Self.isNegativeNumber(argument) {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            if name == "-h" { name = "--help" }
            if name == "-V" { name = "--version" }
            let known = Self.globalFlags + Self.commandFlags.values.flatMap { $0 }
            guard known.contains(name) else { throw UsageError(message: "unknown flag \(name)") }
            if Self.valueFlags.contains(name) {
                if value == nil {
                    guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                        throw UsageError(message: "\(name) needs a value")
                    }
                    value = arguments[index]
                    index += 1
                }
            } else if value != nil {
                throw UsageError(message: "\(name) takes no value")
            }
            flags[name] = value ?? ""
        }

        if let text = flags["--color"] {
            guard let choice = ColorChoice(rawValue: text) else {
                throw UsageError(message: "--color needs auto, always or never, not \"\(text)\"")
            }
            options.color = choice
        }
        options.json = flags["--json"] != nil
        options.noAutostart = flags["--no-autostart"] != nil
        options.socket = flags["--socket"]
        options.stateDirectory = flags["--state-dir"]
        self.options = options

        if flags["--version"] != nil {
            command = .version
            return
        }
        let name: String
        if let first = positionals.first, Self.commands.contains(first) {
            name = first
            positionals.removeFirst()
        } else if let first = positionals.first, Tab(rawValue: first.lowercased()) == nil, positionals.count >= 1 {
            throw UsageError(message: "unknown command \"\(first)\"")
        } else {
            name = "board"
        }
        if flags["--help"] != nil {
            command = .help(topic: name == "board" ? nil : name)
            return
        }
        for flag in flags.keys where !Self.globalFlags.contains(flag) {
            guard Self.commandFlags[name]?.contains(flag) == true else {
                throw UsageError(
                    message: "\(name == "board" ? "the board" : "board \(name)") does not take \(flag)",
                    command: name == "board" ? nil : name)
            }
        }
        command = try Self.command(name, positionals, flags)
    }

    static func isNegativeNumber(_ text: String) -> Bool {
        text.count > 1 && text.hasPrefix("-")
            && text.dropFirst().allSatisfy { $0.isNumber || $0 == "h" || $0 == "m" || $0 == "d" }
            && text.dropFirst().first?.isNumber == true
    }

    private static func command(_ name: String, _ args: [String], _ flags: [String: String]) throws(UsageError) -> ClientCommand {
        func tab(_ text: String, flag: String? = nil) throws(UsageError) -> Tab {
            guard let tab = Tab(rawValue: text.lowercased()) else {
                let what = flag.map { "\($0) needs" } ?? "expected a tab:"
                throw UsageError(
                    message: "\(what) arrivals, all or departures, not \"\(text)\"", command: name == "board" ? nil : name)
            }
            return tab
        }
        func date() throws(UsageError) -> DateSpec? {
            guard let text = flags["--date"] else { return nil }
            guard let spec = DateSpec(text) else {
                throw UsageError(
                    message: "--date needs YYYY-MM-DD, today, tomorrow or +N, not \"\(text)\"",
                    command: name == "board" ? nil : name)
            }
            return spec
        }
        func flight() throws(UsageError) -> FlightReference {
            guard !args.isEmpty else {
                throw UsageError(
                    message: "board \(name) needs a flight: an id (1234) or a designator (\"Pacific 123\")", command: name)
            }
            let text = args.joined(separator: " ")
            guard let reference = FlightReference(text) else {
                throw UsageError(
                    message:
                        "\"\(text)\" is not a flight: give an id (1234) or an airline and number (\"Pacific 123\"; airlines: \(FlightCatalog.airlines.joined(separator: ", ")))",
                    command: name)
            }
            return reference
        }
        func noArguments() throws(UsageError) {
            guard args.isEmpty else { throw UsageError(message: "board \(name) takes no argument \"\(args[0])\"", command: name) }
        }
        func optionalTab() throws(UsageError) -> Tab? {
            guard args.count <= 1 else {
                throw UsageError(message: "unexpected argument \"\(args[1])\"", command: name == "board" ? nil : name)
            }
            return try args.first.map { text throws(UsageError) in try tab(text) }
        }

        switch name {
        case "board":
            return .board(tab: try optionalTab(), hidePast: flags["--hide-past"] != nil, date: try date())
        case "show": return .show(try flight(), date: try date())
        case "last":
            try noArguments()
            return .last
        case "next":
            try noArguments()
            return .next
        case "prev":
            try noArguments()
            return .previous
        case "soonest": return .soonest(tab: try optionalTab())
        case "search":
            let text = args.joined(separator: " ")
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError(message: "board search needs text: a city, airline, number or gate", command: name)
            }
            guard text.count <= 100 else { throw UsageError(message: "search text is limited to 100 characters", command: name) }
            return .search(text: text, tab: try flags["--tab"].map { t throws(UsageError) in try tab(t, flag: "--tab") })
        case "pin": return .pin(try flight(), date: try date())
        case "unpin": return .unpin(try flight())
        case "pins":
            try noArguments()
            return .pins
        case "watch":
            var rotate: Int?
            if let text = flags["--rotate"] {
                guard let seconds = Int(text), (1...3600).contains(seconds) else {
                    throw UsageError(message: "--rotate needs a number of seconds from 1 to 3600, not \"\(text)\"", command: name)
                }
                rotate = seconds
            }
            return .watch(tab: try optionalTab(), hidePast: flags["--hide-past"] != nil, rotateSeconds: rotate)
        case "status":
            try noArguments()
            return .status(format: flags["--format"], tmux: flags["--tmux"] != nil)
        case "clock":
            guard let action = args.first else { return .clockGet }
            switch action {
            case "set":
                guard args.count == 2 else {
                    throw UsageError(message: "board clock set needs one TIME, such as 2026-11-30T09:00 or 09:00", command: name)
                }
                return .clockSet(args[1])
            case "advance":
                guard args.count == 2, let minutes = DurationInput.minutes(args[1]) else {
                    throw UsageError(message: "board clock advance needs one DURATION, such as 90m, 2h or 1h30m", command: name)
                }
                return .clockAdvance(minutes: minutes)
            default:
                throw UsageError(message: "board clock takes set TIME or advance DURATION, not \"\(action)\"", command: name)
            }
        case "bench":
            try noArguments()
            var bench = BenchOptions()
            func number(_ flag: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int? {
                guard let text = flags[flag] else { return nil }
                guard let value = Int(text), range.contains(value) else {
                    throw UsageError(
                        message: "\(flag) needs a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"",
                        command: name)
                }
                return value
            }
            bench.clients = try number("--clients", 1...1000) ?? bench.clients
            bench.watchers = try number("--watchers", 1...100_000)
            bench.rounds = try number("--rounds", 1...100_000) ?? bench.rounds
            if let text = flags["--duration"] {
                guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                    throw UsageError(message: "--duration needs seconds from 0 to 3600, not \"\(text)\"", command: name)
                }
                bench.duration = seconds
            }
            if let method = flags["--method"] {
                guard WireMethod(rawValue: method) != nil, method != "board.watch" else {
                    throw UsageError(
                        message: "--method needs a request method such as board.get or flight.get, not \"\(method)\"",
                        command: name)
                }
                bench.method = method
            }
            if let params = flags["--params"] {
                guard (try? JSON.parse(params))?.objectPairs != nil else {
                    throw UsageError(message: "--params needs a JSON object, such as '{\"tab\":\"arrivals\"}'", command: name)
                }
                bench.params = params
            }
            bench.respKey = flags["--resp"]
            bench.payloadFile = flags["--payload"]
            return .bench(bench)
        case "completions":
            if flags["--ids"] != nil {
                try noArguments()
                return .completionIDs(date: try date())
            }
            guard flags["--date"] == nil else { throw UsageError(message: "--date goes with --ids", command: name) }
            let shells = CompletionShell.allCases.map(\.rawValue).joined(separator: ", ")
            guard let text = args.first else {
                throw UsageError(message: "board completions needs a shell: \(shells)", command: name)
            }
            guard args.count == 1, let shell = CompletionShell(rawValue: text) else {
                throw UsageError(
                    message: "board completions knows \(shells), not \"\(args.joined(separator: " "))\"", command: name)
            }
            return .completions(shell)
        case "help":
            guard args.count <= 1 else { throw UsageError(message: "board help takes one command name") }
            if let topic = args.first, !commands.contains(topic), topic != "board" {
                throw UsageError(message: "no help for \"\(topic)\": the commands are \(commands.joined(separator: ", "))")
            }
            return .help(topic: args.first)
        default:
            throw UsageError(message: "unknown command \"\(name)\"")
        }
    }
}
