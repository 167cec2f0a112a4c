import BoardProtocol
import BoardSystem
import Testing

/// Every command takes `--json`, `--socket`, `--color` and `--no-autostart`.
@Suite(.sharedDaemon) struct GlobalFlagTests {
    static let commands: [[String]] = [
        [], ["arrivals"], ["show", "FIRST"], ["last"], ["next"], ["prev"], ["soonest"], ["search", "miami"], ["pin", "FIRST"],
        ["unpin", "FIRST"], ["pins"], ["clock"], ["help"], ["help", "show"], ["--version"],
    ]

    /// A --socket longer than a Unix socket's path is a bad value: a usage error (2) in one line whose
    /// reason is whole, as it is read (it was status 1, once a connect failed).
    @Test func aSocketPathTooLongIsAUsageErrorWithItsReasonWhole() throws {
        let user = try BoardUser.ofSharedDaemon()
        let path = "/tmp/x/" + String(repeating: "x", count: 120) + "/s.sock"
        let result = try user.board("--socket", path, "--no-autostart", "clock")
        #expect(result.status == 2 && result.stderr.lines.count == 1, "\(result.stderr)")
        #expect(
            result.stderr
                == "board: --socket: the path is 134 bytes, longer than the 107 a Unix socket takes; choose a shorter one; see 'board --help'\n",
            "\(result.stderr)")
        let daemon = try run(Binaries.boardd, ["--socket", path], environment: user.sandbox.environment())
        #expect(daemon.status == 2, "\(daemon.stderr)")
        #expect(daemon.stderr.contains("--socket: the path is 134 bytes, longer than the 107"), "\(daemon.stderr)")
        // The same path from BOARD_SOCKET is the same usage error, naming the variable: it was status 1,
        // naming a --socket not given, with the system's "File name too long" after it.
        let fromEnvironment = try user.board("clock", "--no-autostart", env: ["BOARD_SOCKET": path])
        #expect(
            fromEnvironment.status == 2
                && fromEnvironment.stderr
                    == "board: BOARD_SOCKET: the path is 134 bytes, longer than the 107 a Unix socket takes; choose a shorter one; "
                    + "see 'board --help'\n",
            "\(fromEnvironment.stderr)")
        let daemonFromEnvironment = try run(
            Binaries.boardd, [], environment: user.sandbox.environment(extra: ["BOARD_SOCKET": path]))
        #expect(daemonFromEnvironment.status == 2, "\(daemonFromEnvironment.stderr)")
        #expect(daemonFromEnvironment.stderr.contains("BOARD_SOCKET: the path is 134 bytes"), "\(daemonFromEnvironment.stderr)")
        // --socket wins over BOARD_SOCKET, as ever: a good flag is not refused for the variable.
        #expect(try user.board("clock", "--socket", user.socket, env: ["BOARD_SOCKET": path]).status == 0)
        // What talks to no daemon still answers.
        for command in [["--help"], ["--version"], ["help", "show"], ["completions", "bash"]] {
            let answered = try user.board(arguments: command, env: ["BOARD_SOCKET": path])
            #expect(answered.status == 0 && !answered.stdout.isEmpty, "board \(command): \(answered.stderr)")
        }
        // The default under a long XDG_RUNTIME_DIR says so, and what to set.
        var environment = user.sandbox.environment(extra: ["XDG_RUNTIME_DIR": "/tmp/" + String(repeating: "r", count: 110)])
        environment.removeValue(forKey: "BOARD_SOCKET")
        let fromDefault = try run(Binaries.board, ["clock", "--no-autostart"], environment: environment)
        #expect(fromDefault.status == 2, "\(fromDefault.stderr)")
        #expect(
            fromDefault.stderr.hasPrefix(
                "board: the default socket under XDG_RUNTIME_DIR is 133 bytes, longer than the 107 a Unix socket takes; "
                    + "set BOARD_SOCKET to a shorter path"), "\(fromDefault.stderr)")
    }

    @Test(arguments: commands)
    func everyCommandTakesTheGlobalFlags(command: [String]) throws {
        let user = try BoardUser.ofSharedDaemon()
        let rows = try user.lookup()
        let first = String(try #require(rows.first).id)
        // last, next and prev need a flight viewed first; unpin needs a pin (again after the first run).
        if ["last", "next", "prev"].contains(command.first) { _ = try user.text("show", String(rows[5].id)) }
        let arguments = command.map { $0 == "FIRST" ? first : $0 }
        let flags = ["--socket", user.socket, "--color", "never", "--no-autostart"]
        // pins lists a pin (an empty list says so on stderr, printing nothing).
        if ["unpin", "pins"].contains(command.first) { _ = try user.json("pin", first) }
        let people = try user.board(arguments: arguments + flags, env: ["BOARD_SOCKET": user.sandbox.path + "/nowhere.sock"])
        #expect(people.status == 0, "board \(arguments) \(flags): \(people.stderr)")
        #expect(!people.stdout.isEmpty)
        if command.first == "unpin" { _ = try user.json("pin", first) }
        let json = try user.board(
            arguments: ["--json"] + flags + arguments, env: ["BOARD_SOCKET": user.sandbox.path + "/nowhere.sock"])
        #expect(json.status == 0, "board --json \(arguments): \(json.stderr)")
        if !arguments.contains("help") {
            #expect(json.json?["schema"]?.int == 1, "board \(arguments) --json: \(json.stdout)")
        }
    }
}
