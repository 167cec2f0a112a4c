import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// Every exit status of the contract, with its one-line message on stderr and nothing on stdout.
@Suite(.sharedDaemon) struct ExitStatusTests {
    /// Checks a failure: its status, an empty stdout, one line on stderr that starts with `board:`.
    func expectFailure(
        _ result: ProcessResult, _ status: Int32, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == status, "\(what): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout == "", "\(what) printed data", sourceLocation: sourceLocation)
        #expect(result.stderr.lines.count == 1, "\(what): one line, not \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("board: "), "\(what): \(result.stderr)", sourceLocation: sourceLocation)
    }

    /// One command line a way of being wrong; every usage error, word for word, is a unit test
    /// (BoardCLITests' `ClientArgumentsTests.usageErrors`), as the parser needs no process.
    static let usageErrors: [[String]] = [
        ["frobnicate"],  // an unknown command
        ["--frob"],  // an unknown flag
        ["show", "1234", "--hide-past"],  // a flag the command does not take
        ["search", "x", "--tab"],  // a missing value
        ["--json=1"],  // a value for a switch
        ["--color", "sometimes"],  // a bad value
        ["show", "not a flight"],  // a bad argument
        ["show"],  // a missing argument
        ["last", "again"],  // an extra argument
        ["help", "nonsense"],  // no such help
    ]

    @Test(arguments: usageErrors)
    func usageErrorsExitTwoWithAHintToHelp(arguments: [String]) throws {
        let user = try BoardUser.ofSharedDaemon()
        let result = try user.board(arguments: arguments)
        expectFailure(result, 2, "board \(arguments)")
        #expect(result.stderr.contains("--help") || result.stderr.contains("board help"), "a hint to --help: \(result.stderr)")
    }

    @Test func usageErrorsNeedNoDaemon() throws {
        let user = BoardUser()
        for arguments in [["frobnicate"], ["--frob"], ["--date"], ["--color", "x"]] {
            expectFailure(try user.board(arguments: arguments), 2, "board \(arguments) without a daemon")
        }
    }

    static let daemonCommands: [[String]] = [
        [], ["departures", "--json"], ["show", "1234"], ["search", "miami"], ["soonest"], ["clock"], ["pin", "1234"],
    ]

    @Test(arguments: daemonCommands)
    func noDaemonExitsThreeAndSaysHowToStartOne(arguments: [String]) throws {
        let user = BoardUser()
        let result = try user.board(arguments: arguments)
        expectFailure(result, 3, "board \(arguments) with no daemon")
        #expect(result.stderr.contains("boardd --socket \(user.socket)"), "how to start one: \(result.stderr)")
    }

    @Test func noAutostartFlagExitsThreeWithoutStartingADaemon() throws {
        let user = BoardUser()
        let result = try user.board("--no-autostart", autostart: true)
        expectFailure(result, 3, "board --no-autostart")
        #expect(result.stderr.contains("boardd --socket \(user.socket)"), "how to start one: \(result.stderr)")
        #expect(result.stderr.contains("drop --no-autostart"), "names what turned autostart off: \(result.stderr)")
        #expect(ProcessTable.processes(withArgument: user.socket).isEmpty, "no daemon was started")
        #expect(!FileManager.default.fileExists(atPath: user.socket))
    }

    @Test func aDaemonThatNeverAnswersExitsThree() throws {
        let user = BoardUser()
        let silent = try SilentDaemon(path: user.socket)
        let started = Date()
        let result = try user.board()
        expectFailure(result, 3, "board with a hung daemon")
        #expect(Date().timeIntervalSince(started) < 20, "gives up in bounded time (the 5 s reply deadline)")
        _ = silent
    }

    @Test(arguments: [
        ["show", "9999999"], ["show", "Pacific 99"], ["show", "US 100", "--date", "+15"], ["--date", "2026-12-15"],
        ["--date", "+20", "--json"], ["last"], ["next"], ["prev"], ["unpin", "1234"], ["pin", "9999999"],
    ])
    func notFoundExitsFour(arguments: [String]) throws {
        let user = try BoardUser.ofSharedDaemon()
        expectFailure(try user.board(arguments: arguments), 4, "board \(arguments)")
    }

    @Test func aLastViewedFlightThatLeftTheBoardIsNotFound() throws {
        let user = BoardUser()
        let daemon = try user.startDaemon()
        let row = try #require(try user.rows().first)
        _ = try user.text("show", String(row.id))
        _ = try user.json("clock", "advance", "1d")
        for command in ["last", "next", "prev"] {
            let result = try user.board(command)
            expectFailure(result, 4, "board \(command) after the window slid")
            #expect(result.stderr.contains(row.flightName), "names the flight once it is gone: \(result.stderr)")
            #expect(result.stderr.contains("no longer"), "\(result.stderr)")
            if command != "last" {
                #expect(result.stderr.contains("'board soonest'"), "offers a way on: \(result.stderr)")
            }
        }
        try daemon.stop()
    }

    @Test func successIsZero() throws {
        let user = try BoardUser.ofSharedDaemon()
        // A pin to list: an empty list says so on stderr (`PinTests.pinsListsThePinnedFlights`).
        _ = try user.json("pin", String(try #require(try user.lookup().first).id))
        for arguments in [[], ["--json"], ["all"], ["search", "x"], ["pins"], ["clock"], ["help"], ["--help"], ["--version"]] {
            let result = try user.board(arguments: arguments)
            #expect(result.status == 0, "board \(arguments): \(result.stderr)")
            #expect(result.stderr == "")
        }
    }

    @Test func aClosedPipeEndsQuietlyWithStatusZero() throws {
        let user = try BoardUser.ofSharedDaemon()
        let statusFile = user.sandbox.path + "/status"
        // The shell records board's own status; head closes the pipe after one line.
        for command in ["search a", "search a --json", "", "--date +3"] {
            let script = "{ \"$0\" \(command); echo $? > '\(statusFile)'; } | head -1"
            let result = try runAsFromAShell(["/bin/sh", "-c", script, Binaries.board], environment: user.environment)
            #expect(result.status == 0)
            #expect(result.stdout.lines.count == 1)
            #expect(result.stderr == "", "quiet: \(result.stderr)")
            let status = try String(contentsOfFile: statusFile, encoding: .utf8)
            #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "board \(command) | head -1")
        }
    }

    /// `board watch` and `board events --follow` into `head` end once head has its lines, even on a
    /// frozen clock with nothing more to write (they waited for the next board, for good).
    @Test func aStreamEndsWhenItsReaderLeavesThoughNothingComesToWrite() throws {
        let user = try BoardUser.ofSharedDaemon()
        let statusFile = user.sandbox.path + "/status"
        for command in ["watch --json", "watch all", "events --follow --since 00:00"] {
            let script = "{ \"$0\" \(command); echo $? > '\(statusFile)'; } | head -1"
            let result = try runAsFromAShell(["/bin/sh", "-c", script, Binaries.board], environment: user.environment)
            #expect(result.status == 0)
            #expect(result.stdout.lines.count == 1, "\(command): \(result.stdout)")
            let status = try String(contentsOfFile: statusFile, encoding: .utf8)
            #expect(status.trimmingCharacters(in: .whitespacesAndNewlines) == "0", "board \(command) | head -1")
        }
    }

    @Test func writingToAPipeNobodyReadsIsStatusZero() throws {
        let user = try BoardUser.ofSharedDaemon()
        // A pipe whose reader is gone before board writes: every write fails with EPIPE.
        var ends: [Int32] = [0, 0]
        try #require(closeOnExecPipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let board = try StartedProcess([Binaries.board, "search", "a"], environment: user.environment, standardOutput: ends[1])
        let (ending, result) = try board.finish()
        #expect(ending == .exited(0), "board ends quietly with status 0, not by SIGPIPE")
        #expect(result.stderr == "", "quiet: \(result.stderr)")
    }

    @Test func interruptedIs130() throws {
        let user = BoardUser()
        let silent = try SilentDaemon(path: user.socket)
        // Started as a shell starts it, so SIGINT is neither blocked nor ignored.
        let board = try StartedProcess([Binaries.board], environment: user.environment)
        try silent.waitForClient()
        kill(board.pid, SIGINT)
        let (ending, result) = try board.finish()
        // The shell's $? is 130 both for exit(130) and for death by SIGINT.
        #expect(ending.shellStatus == 130, "\(ending)")
        #expect(result.stdout == "")
    }
}
