import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// `board completions bash|zsh|fish`: each script is valid in its shell and offers what the parser takes.
@Suite struct CompletionTests {
    static let zsh = which("zsh")
    static let fish = which("fish")

    /// Writes `board completions SHELL` to a file in the sandbox; its path.
    func script(_ shell: String, in sandbox: Sandbox) throws -> String {
        let result = try sandbox.board("completions", shell)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let path = sandbox.path + "/board.\(shell)"
        try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The environment for a shell: `board` on PATH, the sandbox's socket.
    func shellEnvironment(_ sandbox: Sandbox) -> [String: String] {
        sandbox.environment(extra: [
            "PATH": Binaries.directory + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        ])
    }

    // What each script names (every command, tab and offered flag; no hidden one) is a unit test:
    // BoardCLITests' CompletionScriptTests. These run the scripts in their shells.

    @Test func anUnknownShellIsAUsageError() throws {
        let result = try Sandbox().board("completions", "tcsh")
        #expect(result.status == 2)
        #expect(result.stderr.contains("bash, zsh, fish"))
    }

    // MARK: bash

    @Test func bashAcceptsTheScript() throws {
        let sandbox = Sandbox()
        let result = try run("/bin/bash", ["-n", try script("bash", in: sandbox)], environment: sandbox.environment())
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// Drives `_board` as bash's completion does: COMP_WORDS and COMP_CWORD in, COMPREPLY out.
    func bashCompletes(_ words: [String], script: String, sandbox: Sandbox, home: String? = nil) throws -> [String] {
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let driver = """
            source '\(script)'
            complete -p board >/dev/null || exit 9
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            _board
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        var environment = shellEnvironment(sandbox)
        if let home { environment["HOME"] = home }
        let result = try run("/bin/bash", ["-c", driver], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// A `--state-dir` typed in quotes, with a backslash before its space or with a `~` is read as
    /// the shell passes it: its pins were asked of a directory named with the quotes, and none came.
    @Test func bashReadsAStateDirectoryAsTheShellPassesIt() throws {
        let sandbox = Sandbox()
        let path = try script("bash", in: sandbox)
        let other = sandbox.path + "/other state"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try #"{"pins":[{"id":4567,"designator":"US 4","date":"2026-11-30"}]}"#.write(
            toFile: other + "/state.json", atomically: true, encoding: .utf8)
        for typed in ["\"\(other)\"", other.replacingOccurrences(of: " ", with: "\\ "), "~/other\\ state"] {
            let offered = try bashCompletes(
                ["board", "--state-dir", typed, "unpin", ""], script: path, sandbox: sandbox, home: sandbox.path)
            #expect(offered == ["4567"], "\(typed)")
        }
    }

    @Test func bashCompletesCommandsTabsFlagsAndValues() throws {
        let sandbox = Sandbox()
        let path = try script("bash", in: sandbox)
        #expect(try bashCompletes(["board", "arr"], script: path, sandbox: sandbox) == ["arrivals"])
        #expect(try bashCompletes(["board", "se"], script: path, sandbox: sandbox) == ["search"])
        #expect(try bashCompletes(["board", "watch", "--h"], script: path, sandbox: sandbox) == ["--hide-past", "--help"])
        #expect(try bashCompletes(["board", "--color", ""], script: path, sandbox: sandbox) == ["auto", "always", "never"])
        #expect(try bashCompletes(["board", "--color", "=", "n"], script: path, sandbox: sandbox) == ["never"])
        #expect(try bashCompletes(["board", "search", "--tab", "d"], script: path, sandbox: sandbox) == ["departures"])
        #expect(
            try bashCompletes(["board", "--socket", "/tmp/x", "soonest", "a"], script: path, sandbox: sandbox) == [
                "arrivals", "all",
            ])
        #expect(try bashCompletes(["board", "clock", ""], script: path, sandbox: sandbox) == ["set", "advance"])
        #expect(try bashCompletes(["board", "completions", "z"], script: path, sandbox: sandbox) == ["zsh"])
        #expect(try bashCompletes(["board", "bench", "--me"], script: path, sandbox: sandbox) == ["--method"])
        #expect(try bashCompletes(["board", "departures", ""], script: path, sandbox: sandbox) == [], "the board takes one tab")
        #expect(try bashCompletes(["board", "show", ""], script: path, sandbox: sandbox) == [], "no daemon: no ids, and quickly")
    }

    @Test func bashCompletesFlightIDsFromTheDaemon() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        let ids = try #require(try sandbox.board("--json").json?["flights"]?.array).compactMap { $0["id"]?.int }.map(String.init)
        let tomorrow = try #require(try sandbox.board("--json", "--date", "tomorrow").json?["flights"]?.array).compactMap {
            $0["id"]?.int
        }
        let path = try script("bash", in: sandbox)
        // The ids have a budget of about 200 ms; on a loaded machine a try can miss it and offer none.
        func offers(_ words: [String], _ expected: [String]) throws {
            var offered: [String] = []
            do {
                try waitUntil("bash to offer \(expected.count) ids for \(words)") {
                    offered = try bashCompletes(words, script: path, sandbox: sandbox)
                    return !offered.isEmpty
                }
            } catch {}
            #expect(offered.sorted() == expected.sorted(), "\(words)")
        }
        try offers(["board", "show", ""], ids)
        let prefix = String(ids[0].prefix(2))
        try offers(["board", "pin", prefix], ids.filter { $0.hasPrefix(prefix) })
        try offers(["board", "show", "--date", "tomorrow", ""], tomorrow.map(String.init))
        // board watch takes a tab or a flight (a deep link): both are offered.
        let watchWords = ["board", "watch", ""]
        var offered: [String] = []
        try? waitUntil("bash to offer the tabs and the ids for board watch") {
            offered = try bashCompletes(watchWords, script: path, sandbox: sandbox)
            return offered.count > 3
        }
        #expect(offered.sorted() == (["arrivals", "all", "departures"] + ids).sorted())
        try daemon.stop()
    }

    // MARK: The ids the scripts ask for

    @Test func idsComeWithASummaryWithinTheBudget() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox)
        // The ids have a budget of about 200 ms; on a loaded machine a try can miss it and offer none.
        var result = try sandbox.board("completions", "--ids")
        try waitUntil("the ids to be offered") {
            result = try sandbox.board("completions", "--ids")
            return !result.stdout.isEmpty
        }
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 30)
        #expect(lines.allSatisfy { $0.wholeMatch(of: #/\d{1,7}\t\S.* (from|to) .+ \d\d:\d\d/#) != nil }, "\(result.stdout)")
        try daemon.stop()
    }

    /// Ids repeat once the window slides (day 15 reuses day 0's): an id offered after the slide
    /// names the flight its summary says, today's, never the one it named 15 days before.
    @Test func afterTheWindowSlidesAnOfferedIDNamesTheFlightItsSummarySays() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox, now: "2026-11-30T12:00:00-05:00")
        defer { _ = try? daemon.stop() }
        func offered() throws -> [(id: String, name: String)] {
            var lines: [Substring] = []
            // The ids have a budget of about 200 ms; on a loaded machine a try can miss it and offer none.
            try waitUntil("the ids to be offered") {
                lines = try sandbox.board("completions", "--ids").stdout.split(separator: "\n")
                return !lines.isEmpty
            }
            return lines.map { line in
                let parts = line.split(separator: "\t")
                let name = parts[1].split(separator: " ").prefix(2).joined(separator: " ")
                return (String(parts[0]), name)
            }
        }
        let before = try offered()
        #expect(try sandbox.board("clock", "set", "2026-12-15T12:00:00-05:00").status == 0)
        let after = try offered()
        #expect(Set(after.map(\.id)) == Set(before.map(\.id)), "the same ids, now naming Dec 15's flights")
        #expect(after.map(\.name) != before.map(\.name))
        for offer in after.prefix(6) {
            let shown = try #require(try sandbox.board("show", offer.id, "--json").json)
            #expect(shown["flightName"]?.string == offer.name, "\(offer)")
            #expect(shown["date"]?.string == "2026-12-15")
        }
    }

    @Test func withoutADaemonIdsArePrintedAsNothingAndNoDaemonIsStarted() throws {
        let sandbox = Sandbox()
        let boardStarts = try processStartSeconds(sandbox)
        let start = Date()
        let result = try sandbox.board("completions", "--ids", autostart: true)
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty && result.stderr.isEmpty)
        // Other commands wait up to 3 s for a daemon they start.
        #expect(Date().timeIntervalSince(start) < boardStarts + 2, "a completion must not keep the shell waiting")
        #expect(UnixSocket.isSocket(path: sandbox.socket) == nil, "completion never starts a daemon")
        // A daemon started in the background would exist as a process before `board` exits.
        #expect(ProcessTable.processes(withArgument: sandbox.socket).isEmpty, "completion never starts a daemon")
    }

    @Test func aHungDaemonCostsTheCompletionAtMostAFewHundredMilliseconds() throws {
        let sandbox = Sandbox()
        try FileManager.default.createDirectory(atPath: sandbox.path + "/run", withIntermediateDirectories: true)
        // Accepts connections and never says a word.
        let silent = try UnixSocket.listen(path: sandbox.socket)
        defer { silent.close() }
        let boardStarts = try processStartSeconds(sandbox)
        let start = Date()
        let result = try sandbox.board("completions", "--ids")
        let elapsed = Date().timeIntervalSince(start)
        #expect(result.status == 0 && result.stdout.isEmpty)
        // The budget is about 200 ms, where the hello's deadline is 2 s.
        #expect(elapsed < boardStarts + 1.5, "took \(elapsed) s, starting board \(boardStarts) s")
    }

    // MARK: zsh and fish

    @Test(.enabled(if: zsh != nil, "zsh is not installed"))
    func zshAcceptsTheScriptAndOffersArrivals() throws {
        let sandbox = Sandbox()
        let path = try script("zsh", in: sandbox)
        let syntax = try run(try #require(Self.zsh), ["-n", path], environment: sandbox.environment())
        #expect(syntax.status == 0, "\(syntax.stderr)")
        // zsh completes only in an interactive line editor; call _board as it would, with
        // compadd and _describe replaced by functions that print the candidates offered.
        let driver = #"""
            source "$1"; shift
            compadd() { while [[ "$1" == -* && "$1" != -- ]]; do [[ "$1" == -P ]] && shift; shift; done; [[ "$1" == -- ]] && shift; print -l -- "$@"; }
            _describe() { while [[ "$1" == -* ]]; do shift 2; done; print -l -- "${(@P)2}"; }
            _files() { print -- files; }
            _message() { :; }
            words=("$@"); CURRENT=$#
            _board
            """#
        func complete(_ words: String...) throws -> [String] {
            let result = try run(
                try #require(Self.zsh), ["-f", "-c", driver, "zsh", path] + words, environment: shellEnvironment(sandbox))
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }
        }
        #expect(try complete("board", "arr").contains("arrivals"))
        #expect(try complete("board", "--color=").elementsEqual(["auto", "always", "never"]))
        #expect(try complete("board", "watch", "--").contains("--rotate"))
        #expect(try complete("board", "watch", "--layout=").elementsEqual(["auto", "stack", "split"]))
        #expect(try complete("board", "clock", "").elementsEqual(["set", "advance"]))
        // The hidden and pinned flights come from the state file; no daemon needed.
        try Self.writeWatchlistState(sandbox)
        #expect(try complete("board", "unhide", "") == ["1234", "2345"])
        #expect(try complete("board", "pins", "") == ["move"])
        #expect(try complete("board", "pins", "move", "") == ["3456"])
        #expect(try complete("board", "unpin", "") == ["3456"], "the pinned flights, not the day's")
        #expect(try complete("board", "pins", "move", "3456", "") == ["up", "down", "first", "last"])
        // A --state-dir typed in quotes or with a backslash before its space, as the shell passes it.
        let other = sandbox.path + "/other state"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try #"{"pins":[{"id":4567,"designator":"US 4","date":"2026-11-30"}]}"#.write(
            toFile: other + "/state.json", atomically: true, encoding: .utf8)
        for typed in ["\"\(other)\"", other.replacingOccurrences(of: " ", with: "\\ ")] {
            #expect(try complete("board", "--state-dir", typed, "unpin", "") == ["4567"], "\(typed)")
        }
    }

    /// A state file with two hidden flights and one pin.
    static func writeWatchlistState(_ sandbox: Sandbox) throws {
        try FileManager.default.createDirectory(atPath: sandbox.stateDirectory, withIntermediateDirectories: true)
        let state = """
            {"pins":[{"id":3456,"designator":"Pacific 3","date":"2026-11-30"}],
            "hidden":[{"id":1234,"designator":"Pacific 1","date":"2026-11-30"},{"id":2345,"designator":"US 2","date":"2026-11-30"}]}
            """
        try state.write(toFile: sandbox.stateDirectory + "/state.json", atomically: true, encoding: .utf8)
    }

    @Test(.enabled(if: fish != nil, "fish is not installed"))
    func fishAcceptsTheScriptAndOffersArrivals() throws {
        let sandbox = Sandbox()
        let path = try script("fish", in: sandbox)
        let fish = try #require(Self.fish)
        let syntax = try run(fish, ["--no-execute", path], environment: sandbox.environment())
        #expect(syntax.status == 0, "\(syntax.stderr)")
        let daemon = try RunningDaemon(sandbox: sandbox)
        // fish completes a command line on demand: `complete -C LINE` prints "candidate<TAB>description".
        func complete(_ line: String) throws -> [String] {
            let result = try run(
                fish, ["--no-config", "-c", "source \(path); complete -C '\(line)'"], environment: shellEnvironment(sandbox))
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
        #expect(try complete("board arr") == ["arrivals"])
        #expect(try complete("board --color ").sorted() == ["always", "auto", "never"])
        #expect(try complete("board search --tab d") == ["departures"])
        let ids = try #require(try sandbox.board("--json").json?["flights"]?.array).compactMap { $0["id"]?.int }.map(String.init)
        var offered: [String] = []
        try? waitUntil("fish to offer ids") {
            offered = try complete("board show ")
            return !offered.isEmpty
        }
        #expect(offered.sorted() == ids.sorted())
        // `--date=tomorrow` as `--date tomorrow`: tomorrow's ids (it offered today's, which `show` then refused).
        let tomorrow = try #require(try sandbox.board("--json", "--date", "tomorrow").json?["flights"]?.array)
            .compactMap { $0["id"]?.int }.map(String.init)
        #expect(try complete("board show --date=tomorrow ").sorted() == tomorrow.sorted())
        try daemon.stop()
        try Self.writeWatchlistState(sandbox)
        #expect(try complete("board unhide ").sorted() == ["1234", "2345"])
        // Another state directory, given as `--state-dir=DIR` or with a `~`: its pins, not the default's.
        let other = sandbox.path + "/other-state"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try #"{"pins":[{"id":4567,"designator":"US 4","date":"2026-11-30"}]}"#.write(
            toFile: other + "/state.json", atomically: true, encoding: .utf8)
        #expect(try complete("board --state-dir=\(other) unpin ") == ["4567"])
        var home = shellEnvironment(sandbox)
        home["HOME"] = sandbox.path
        let tilde = try run(
            fish, ["--no-config", "-c", "source \(path); complete -C 'board --state-dir ~/other-state unpin '"], environment: home
        )
        #expect(tilde.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) } == ["4567"], "\(tilde.stderr)")
        #expect(try complete("board pins ") == ["move"])
        #expect(try complete("board pins move ") == ["3456"])
        #expect(try complete("board unpin ") == ["3456"], "the pinned flights, not the day's")
        #expect(try complete("board pins move 3456 ").sorted() == ["down", "first", "last", "up"])
    }
}

/// `board help` as the completion script lists it, and one version for both programs.
@Suite struct HelpAndVersionTests {
    /// The commands, as the completion script lists them for `board help`.
    func commands(_ sandbox: Sandbox) throws -> [String] {
        let script = try sandbox.board("completions", "bash").stdout
        let line = try #require(
            script.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("help) _board_reply") })
        let words = try #require(line.split(separator: "'").dropFirst().first)
        return words.split(separator: " ").map(String.init)
    }

    /// Each command's help, with its examples, is a unit test (BoardCLITests' HelpTextTests); here
    /// the script's list for `board help` and the overview agree, as the two programs print them.
    @Test func theScriptsCommandsAreTheOverviews() throws {
        let sandbox = Sandbox()
        let commands = try commands(sandbox)
        #expect(commands.count >= 15)
        let overview = try sandbox.board("help").stdout
        for command in commands {
            #expect(overview.contains("board \(command)") || overview.contains("| \(command)"), "the overview lacks \(command)")
        }
        #expect(commands.last == "board", "board help board, the board's own help, is offered too")
        let board = try sandbox.board("help", "board")
        #expect(board.status == 0 && board.stdout.hasPrefix("usage: board [arrivals|all|departures]"), "\(board.stdout)")
        let last = try #require(commands.dropLast().last)
        let result = try sandbox.board("help", last)
        #expect(result.status == 0 && result.stdout.hasPrefix("usage: board \(last)") && result.stdout.contains("example"))
        #expect(try sandbox.board(last, "--help").stdout == result.stdout, "board \(last) --help")
    }

    @Test func bothProgramsPrintTheOneVersion() throws {
        let sandbox = Sandbox()
        let expected = "\(boardVersion) (protocol \(wireProtocolVersion))"
        #expect(try sandbox.board("--version").stdout == "board \(expected)\n")
        #expect(try run(Binaries.boardd, ["--version"], environment: sandbox.environment()).stdout == "boardd \(expected)\n")
        #expect(try sandbox.board("--version", "--json").json?["version"]?.string == boardVersion)
        let daemon = try RunningDaemon(sandbox: sandbox)
        #expect(try BoardConnection(path: daemon.socket).hello.server == "boardd/\(boardVersion)")
        try daemon.stop()
    }
}
