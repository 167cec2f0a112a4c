import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// Someone running `board`: a state directory of their own, talking to one daemon's socket.
final class BoardUser {
    let sandbox = Sandbox()
    let socket: String

    /// A user of `socket`; without one, of the socket in their own sandbox (for a private daemon).
    init(socket: String? = nil) {
        self.socket = socket ?? sandbox.socket
    }

    /// A user of the suite's shared daemon.
    static func ofSharedDaemon() throws -> BoardUser {
        BoardUser(socket: try SharedDaemon.requireSocket())
    }

    /// Starts a private daemon on this user's socket (frozen at the known instant unless told otherwise).
    func startDaemon(now: String? = knownInstant, speed: Double? = 0, extra: [String] = []) throws -> RunningDaemon {
        try RunningDaemon(sandbox: sandbox, now: now, speed: speed, extra: extra, socket: socket)
    }

    var stateFile: String { sandbox.stateDirectory + "/state.json" }

    func board(_ arguments: String..., autostart: Bool = false, env: [String: String] = [:]) throws -> ProcessResult {
        try board(arguments: arguments, autostart: autostart, env: env)
    }

    /// Runs `board` as a shell would, with this user's socket and state (and autostart off unless asked).
    func board(arguments: [String], autostart: Bool = false, env: [String: String] = [:]) throws -> ProcessResult {
        var extra = ["BOARD_SOCKET": socket]
        extra.merge(env) { $1 }
        return try runAsFromAShell(
            [Binaries.board] + arguments, environment: sandbox.environment(autostart: autostart, extra: extra))
    }

    /// The environment `board` runs with for this user.
    var environment: [String: String] { sandbox.environment(extra: ["BOARD_SOCKET": socket]) }

    /// Runs a command with `--json` that must succeed quietly; the document it printed.
    func json(_ arguments: String...) throws -> JSON {
        try json(arguments: arguments)
    }

    func json(arguments: [String]) throws -> JSON {
        let result = try board(arguments: arguments + ["--json"])
        try #require(
            result.status == 0, "board \(arguments.joined(separator: " ")) --json exited \(result.status): \(result.stderr)")
        #expect(result.stderr == "", "board \(arguments.joined(separator: " ")) --json wrote to stderr")
        return try #require(result.json, "board \(arguments.joined(separator: " ")) --json printed no JSON: \(result.stdout)")
    }

    /// `board status` once it reached the daemon. The line's budget is 150 ms (a tmux status line must
    /// never hang), which a loaded machine (a sanitizer run beside the whole suite) can overrun, and
    /// then the line says offline: it is asked again until it does not, within a deadline.
    func status(_ arguments: String..., has field: (ProcessResult) -> Bool = { _ in true }) throws -> ProcessResult {
        try statusOnline(has: field) { try board(arguments: ["status"] + arguments) }
    }

    /// The board's rows for `arguments` (a tab, flags), as flights.
    func rows(_ arguments: String...) throws -> [FlightRow] {
        try rows(arguments: arguments)
    }

    func rows(arguments: [String]) throws -> [FlightRow] {
        let board = try json(arguments: arguments)
        return try (board["flights"]?.array ?? []).map(FlightRow.init)
    }

    /// Runs a people's command that must succeed quietly; what it printed.
    func text(_ arguments: String...) throws -> String {
        try text(arguments: arguments)
    }

    func text(arguments: [String]) throws -> String {
        let result = try board(arguments: arguments)
        try #require(result.status == 0, "board \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        #expect(result.stderr == "", "board \(arguments.joined(separator: " ")) wrote to stderr")
        return result.stdout
    }

    /// What a command said on stderr for people where it had nothing to print (`No pinned flights…`),
    /// having printed nothing on stdout and exited 0.
    func note(_ arguments: String...) throws -> String {
        let result = try board(arguments: arguments)
        try #require(result.status == 0, "board \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        #expect(result.stdout == "", "board \(arguments.joined(separator: " ")) printed data: \(result.stdout)")
        return result.stderr
    }

    /// The state file as JSON, or nil when it is missing or not JSON.
    func state() -> JSON? {
        guard let data = FileManager.default.contents(atPath: stateFile) else { return nil }
        return try? JSON.parse(Array(data))
    }
}

/// Documents a frozen daemon gave, by socket and arguments (see `BoardUser.lookup`).
private let lookups = Locked<[String: JSON]>([:])

extension BoardUser {
    /// What `board ARGUMENTS --json` prints for someone with no state, on a daemon whose clock no test moves.
    ///
    /// Asked once per daemon and remembered: tests use it to pick flights and to
    /// compute what to expect, not as the thing under test. It leaves this user's state alone.
    func lookupDocument(_ arguments: String...) throws -> JSON {
        let key = ([socket] + arguments).joined(separator: "\u{1F}")
        if let known = lookups.withLock({ $0[key] }) { return known }
        let document = try BoardUser(socket: socket).json(arguments: arguments)
        lookups.withLock { $0[key] = document }
        return document
    }

    /// The rows of `board ARGUMENTS` for someone with no state (no pins, the all tab unless named), remembered.
    func lookup(_ arguments: String...) throws -> [FlightRow] {
        let key = ([socket, "rows"] + arguments).joined(separator: "\u{1F}")
        if let known = lookups.withLock({ $0[key] }) { return try (known.array ?? []).map(FlightRow.init) }
        let document = try BoardUser(socket: socket).json(arguments: arguments)
        let flights = document["flights"] ?? .array([])
        lookups.withLock { $0[key] = flights }
        return try (flights.array ?? []).map(FlightRow.init)
    }
}
