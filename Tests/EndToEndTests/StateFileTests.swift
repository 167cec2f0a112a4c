import BoardProtocol
import BoardSystem
import Foundation
import Testing

/// `state.json`: the remembered tab, last viewed and pins across invocations, and a state that never stops a command.
@Suite(.sharedDaemon) struct StateFileTests {
    /// The warnings `board` printed (lines of stderr).
    func warnings(_ result: ProcessResult) -> [String] { result.stderr.lines }

    /// The state file `contents` is kept beside it, as it was, so that pins can be recovered by hand,
    /// and the command's warning says where.
    func expectKeptAside(_ contents: Data, by result: ProcessResult, of user: BoardUser) throws {
        let kept = try FileManager.default.contentsOfDirectory(atPath: user.sandbox.stateDirectory)
            .filter { $0.hasPrefix("state.json.corrupt-") }
        try #require(kept.count == 1, "\(kept)")
        #expect(result.stderr.contains(kept[0]), "says where: \(result.stderr)")
        #expect(FileManager.default.contents(atPath: user.sandbox.stateDirectory + "/" + kept[0]) == contents)
    }

    /// The state file is `file` still, byte for byte, and no copy of it was kept aside as corrupt.
    func expectLeftAsItIs(_ file: Data, of user: BoardUser) throws {
        #expect(FileManager.default.contents(atPath: user.stateFile) == file, "left as it is")
        let kept = try FileManager.default.contentsOfDirectory(atPath: user.sandbox.stateDirectory)
        #expect(!kept.contains { $0.hasPrefix("state.json.corrupt-") }, "\(kept)")
    }

    @Test func theSelectedTabIsRememberedAcrossInvocations() throws {
        let user = try BoardUser.ofSharedDaemon()
        #expect(try user.json()["tab"]?.string == "all", "all the first time")
        _ = try user.text("arrivals")
        #expect(user.state()?["tab"]?.string == "arrivals")
        #expect(try user.json()["tab"]?.string == "arrivals", "board then shows arrivals")
        let text = try user.text()
        #expect(text.lines.dropFirst().first?.contains("[Arrivals") == true, "\(text)")
        _ = try user.text("departures", "--hide-past")
        #expect(user.state()?["tab"]?.string == "departures")
        _ = try user.json("--date", "tomorrow")
        #expect(try user.json()["tab"]?.string == "departures", "a board without a TAB keeps the selection")
    }

    /// A board command that fails (a day outside the window, no daemon to ask) selects no tab: bad
    /// input changes no saved state.
    @Test func aRefusedBoardSelectsNoTab() throws {
        let user = try BoardUser.ofSharedDaemon()
        _ = try user.text("departures")
        let refused = try user.board("arrivals", "--date", "2027-01-01")
        #expect(refused.status == 4, "\(refused.stderr)")
        #expect(refused.stderr.contains("outside the board's window"), "\(refused.stderr)")
        #expect(user.state()?["tab"]?.string == "departures")
        let offline = try user.board("arrivals", "--socket", user.sandbox.path + "/nobody.sock")
        #expect(offline.status == 3, "\(offline.stderr)")
        #expect(user.state()?["tab"]?.string == "departures")
        // Nor do `soonest TAB` and `search --tab TAB` that fail.
        for command in [["soonest", "arrivals"], ["search", "den", "--tab", "arrivals"]] {
            let failed = try user.board(arguments: command + ["--socket", user.sandbox.path + "/nobody.sock"])
            #expect(failed.status == 3, "\(command): \(failed.stderr)")
            #expect(user.state()?["tab"]?.string == "departures", "\(command)")
        }
        // One that is answered does.
        #expect(try user.board("soonest", "arrivals").status == 0)
        #expect(user.state()?["tab"]?.string == "arrivals")
    }

    /// A change that is a command's whole work and cannot be saved is that command's error (status 1,
    /// one line saying why), never "Pinned …" with the pin lost; the file in the way is left alone.
    @Test func aPinThatCannotBeSavedIsAnErrorNotASuccess() throws {
        let user = try BoardUser.ofSharedDaemon()
        let row = try user.lookup()[4]
        try FileManager.default.createDirectory(atPath: user.sandbox.path, withIntermediateDirectories: true)
        try Data("not a directory\n".utf8).write(to: URL(fileURLWithPath: user.sandbox.stateDirectory))
        for command in [["pin", String(row.id)], ["hide", String(row.id)]] {
            let result = try user.board(arguments: command)
            #expect(result.status == 1, "board \(command): \(result.stdout) \(result.stderr)")
            #expect(!result.stdout.contains("Pinned") && !result.stdout.contains("Hidden"), "\(result.stdout)")
            #expect(result.stderr.contains("is not saved: cannot save in \(user.sandbox.stateDirectory): it is a file"))
            #expect(result.stderr.contains("BOARD_STATE_DIR"), "says what to do")
        }
        #expect(try String(contentsOfFile: user.sandbox.stateDirectory, encoding: .utf8) == "not a directory\n")
        // A board, whose work is to show, still shows, with a warning.
        let board = try user.board("departures")
        #expect(board.status == 0 && board.stdout.contains("FLIGHT"), "\(board.stderr)")
    }

    /// A HOME that does not exist is never made for the state under it (`~/.local/state/board`): a
    /// pin is an error saying so, a board shows with the warning, and nothing is created.
    @Test func aHomeThatDoesNotExistIsNotMadeForTheState() throws {
        let user = try BoardUser.ofSharedDaemon()
        let row = try user.lookup()[4]
        let home = user.sandbox.path + "/no-such-home/x"
        let env = ["HOME": home, "BOARD_STATE_DIR": "", "XDG_STATE_HOME": ""]
        let pin = try user.board(arguments: ["pin", String(row.id)], env: env)
        #expect(pin.status == 1, "\(pin.stdout) \(pin.stderr)")
        // (A long path is cut in its middle in a message.)
        #expect(pin.stderr.contains("/x does not exist; or --state-dir DIR (BOARD_STATE_DIR)"), "\(pin.stderr)")
        #expect(pin.stderr.contains(": the home directory "), "\(pin.stderr)")
        let board = try user.board(arguments: ["departures"], env: env)
        #expect(board.status == 0 && board.stdout.contains("FLIGHT"), "\(board.stderr)")
        #expect(!FileManager.default.fileExists(atPath: user.sandbox.path + "/no-such-home"))
    }

    /// A state file that cannot be read (a FIFO, a link to a device, a file behind permissions) is not
    /// replaced by a save: what it holds would be lost for good. `board pin` fails saying so; a command
    /// that shows still shows, with the warning. A FIFO in its place was replaced by a one-pin file.
    /// The sentence of a save that fails is whole with a state file's path of 40 characters (the
    /// longest a line keeps whole) and the longest designator: it was cut in its middle, through
    /// "make it readable".
    @Test func aFailedSaveIsSaidWholeWithALongPath() throws {
        let user = try BoardUser.ofSharedDaemon()
        let row = try #require(try user.lookup().max { $0.flightName.count < $1.flightName.count })
        let padding = String(repeating: "d", count: max(1, 40 - user.sandbox.path.count - "//state.json".count))
        let directory = user.sandbox.path + "/" + padding
        try FileManager.default.createDirectory(atPath: directory + "/state.json", withIntermediateDirectories: true)
        let pin = try user.board("pin", String(row.id), env: ["BOARD_STATE_DIR": directory])
        #expect(pin.status == 1, "\(pin.stdout) \(pin.stderr)")
        #expect(
            pin.stderr.contains(
                "cannot read \(directory)/state.json (is a directory, not a regular file); left as it is: "
                    + "make it readable or move it away; or --state-dir DIR (BOARD_STATE_DIR) for another\n"),
            "\(pin.stderr)")
    }

    @Test func aStateFileThatCannotBeReadIsNeverSavedOver() throws {
        let user = try BoardUser.ofSharedDaemon()
        let row = try user.lookup()[7]
        let path = user.sandbox.stateDirectory + "/state.json"
        try FileManager.default.createDirectory(atPath: user.sandbox.stateDirectory, withIntermediateDirectories: true)
        #expect(mkfifo(path, 0o600) == 0)
        let pin = try user.board("pin", String(row.id))
        #expect(pin.status == 1, "\(pin.stdout) \(pin.stderr)")
        #expect(
            pin.stderr.contains(
                "is not saved: cannot read \(path) (is a FIFO, not a regular file); left as it is: make it readable or move it away"
            ),
            "\(pin.stderr)")
        let hide = try user.board("hide", String(row.id))
        #expect(hide.status == 1 && hide.stderr.contains("left as it is: make it readable"), "\(hide.stdout) \(hide.stderr)")
        let show = try user.board("show", String(row.id))
        #expect(show.status == 0 && show.stdout.contains(row.flightName), "\(show.stderr)")
        #expect(show.stderr.contains("cannot read \(path)"), "\(show.stderr)")
        #expect((try? FileStatus(path: path))?.kind == .fifo, "still the FIFO it was")
    }

    /// A state file a newer `board` wrote (a later `schema`) is read for what this one knows and
    /// never written over: its keys and the pins' own keys would be lost, with the schema put back
    /// to 1 and nothing said. A command that shows shows, with one warning; `pin` exits 1 saying why.
    @Test func aStateFileOfANewerSchemaIsReadAndNeverSavedOver() throws {
        let user = try BoardUser.ofSharedDaemon()
        let rows = try user.lookup()
        let path = user.stateFile
        try FileManager.default.createDirectory(atPath: user.sandbox.stateDirectory, withIntermediateDirectories: true)
        let pinned =
            #"{"id":\#(rows[2].id),"date":"\#(rows[2].json["date"]?.string ?? "")","designator":"\#(rows[2].flightName)","note":"keep"}"#
        let file = Data(#"{"schema":2,"tab":"arrivals","pins":[\#(pinned)],"alerts":{"sound":"bell"}}"#.utf8)
        try file.write(to: URL(fileURLWithPath: path))
        let board = try user.board("departures")
        #expect(board.status == 0 && board.stdout.contains("FLIGHT"), "\(board.stderr)")
        #expect(warnings(board).count == 1, "\(board.stderr)")
        #expect(
            board.stderr.contains(
                "\(path) is a newer board's (schema 2): read what this board knows, saving nothing over it; "
                    + "update board or move it away"),
            "\(board.stderr)")
        let pins = try user.board("pins")
        #expect(pins.status == 0 && pins.stdout.contains(rows[2].flightName), "its pins are read: \(pins.stdout)")
        let pin = try user.board("pin", String(rows[5].id))
        #expect(pin.status == 1, "\(pin.stdout) \(pin.stderr)")
        #expect(
            pin.stderr.contains(
                "is not saved: \(path) is a newer board's (schema 2), so it is left as it is; update board or move it away"),
            "\(pin.stderr)")
        try expectLeftAsItIs(file, of: user)
    }

    /// A state file larger than a state can be is not read and not written over: a board over
    /// 8 MiB is no state of this `board`'s, and calling it corrupt started from defaults and
    /// replaced it (its pins with it).
    @Test func aStateFileTooLargeSaysSoAndIsLeftAsItIs() throws {
        let user = try BoardUser.ofSharedDaemon()
        let path = user.stateFile
        try FileManager.default.createDirectory(atPath: user.sandbox.stateDirectory, withIntermediateDirectories: true)
        let padding = String(repeating: " ", count: 9 * 1024 * 1024)
        let file = Data(#"{"schema":1,"tab":"arrivals",\#(padding)"pins":[]}"#.utf8)
        try file.write(to: URL(fileURLWithPath: path))
        let board = try user.board("departures")
        #expect(board.status == 0, "\(board.stderr)")
        #expect(
            board.stderr.contains("cannot read \(path) (larger than 8 MiB, the most a state file holds); using defaults"),
            "\(board.stderr)")
        try expectLeftAsItIs(file, of: user)
    }

    /// A shell's Tab (`board completions --pinned-ids`, `--hidden-ids`, `--ids`) and tmux's status
    /// line read a corrupt state file as defaults and leave it as it is, saying nothing where no one
    /// would see it: a Tab kept it aside and rewrote it empty, and the next command by hand said only
    /// "No pinned flights". That command keeps it aside and says so.
    @Test func aTabOrTheStatusLineLeavesACorruptStateFileForACommandByHandToReport() throws {
        let user = try BoardUser.ofSharedDaemon()
        try FileManager.default.createDirectory(atPath: user.sandbox.stateDirectory, withIntermediateDirectories: true)
        let file = Data(#"{"schema":1,"pins":[{"id":3220,"date":"2026-11-30""#.utf8)
        try file.write(to: URL(fileURLWithPath: user.stateFile))
        for arguments in [
            ["completions", "--pinned-ids"], ["completions", "--hidden-ids"], ["completions", "--ids"], ["status"],
        ] {
            let result = try user.board(arguments: arguments)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(arguments): \(result.stderr)")
            try expectLeftAsItIs(file, of: user)
        }
        let byHand = try user.board("pins")
        #expect(byHand.stderr.contains("is corrupt; kept it as"), "\(byHand.stderr)")
    }

    /// A state file that cannot be read says why (a directory in its place, a FIFO), where it said
    /// only "cannot read"; the board still shows.
    @Test func aStateFileThatCannotBeReadSaysWhy() throws {
        let user = try BoardUser.ofSharedDaemon()
        let path = user.sandbox.stateDirectory + "/state.json"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let board = try user.board("departures")
        #expect(board.status == 0 && board.stdout.contains("FLIGHT"), "\(board.stderr)")
        #expect(
            board.stderr.contains("board: warning: cannot read \(path) (is a directory, not a regular file); using defaults"),
            "\(board.stderr)")
    }

    /// A save waits seconds at most for the state's lock when no other save lands: a `board` stopped in
    /// the middle of its save, or a stray process holding the lock, never stops every later command.
    @Test func aLockHeldElsewhereDelaysASaveBySecondsAtMost() throws {
        let user = try BoardUser.ofSharedDaemon()
        let row = try user.lookup()[5]
        try FileManager.default.createDirectory(atPath: user.sandbox.stateDirectory, withIntermediateDirectories: true)
        let held = try FileLock(user.sandbox.stateDirectory, .directory, waiting: true)
        defer { held.release() }
        let started = ContinuousClock.now
        let result = try user.board("pin", String(row.id))
        #expect(ContinuousClock.now - started < .seconds(15), "the save waited for the lock without end")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("stayed locked by another process; saved without the lock"), "\(result.stderr)")
        #expect(user.state()?["pins"]?.array?.first?["id"]?.int == row.id, "saved all the same")
    }

    /// A save waits while the lock changes hands: forty commands at once on a loaded machine each get
    /// it, where a fixed two seconds made the last ones save without it (and lose pins to each other).
    /// Here five processes take it in turn for 0.9 s each (`flock(1)`): the waiting `board pin` outlasts
    /// the queue, takes the lock and says nothing.
    @Test(.enabled(if: access("/usr/bin/flock", X_OK) == 0, "needs flock(1), from util-linux"))
    func aSaveWaitsWhileTheLockChangesHands() throws {
        let user = try BoardUser.ofSharedDaemon()
        let row = try user.lookup()[6]
        let directory = user.sandbox.stateDirectory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let queue = try StartedProcess(
            ["/bin/sh", "-c", "for i in 1 2 3 4 5; do /usr/bin/flock \"$0\" sleep 0.9 & done; wait", directory],
            environment: user.environment)
        try waitUntil("the queue to hold the lock", timeout: 10) { FileLock.holder(of: directory) != nil }
        let result = try user.board("pin", String(row.id))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("stayed locked"), "it waited while the lock changed hands: \(result.stderr)")
        #expect(user.state()?["pins"]?.array?.first?["id"]?.int == row.id)
        _ = try queue.finish(timeout: 30)
    }

    /// A holder that keeps the lock (a `board` stopped in its save) holds a save two seconds at most,
    /// even while others that gave up save without it: their saves are no sign that the queue moves.
    @Test func savesWithoutTheLockKeepNoSaveWaiting() throws {
        let user = try BoardUser.ofSharedDaemon()
        let row = try user.lookup()[8]
        let directory = user.sandbox.stateDirectory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let held = try FileLock(directory, .directory, waiting: true)
        defer { held.release() }
        let done = Locked(false)
        let writer = Thread {
            var saves = 0
            while !done.withLock({ $0 }) {
                saves += 1
                let state = #"{"schema":1,"tab":"all","lastViewed":null,"pins":[],"liveView":null,"saves":\#(saves)}"#
                try? state.write(toFile: directory + "/state.json", atomically: true, encoding: .utf8)
                _ = poll(nil, 0, 200)  // pacing: another process's save without the lock, five a second
            }
        }
        writer.start()
        let started = ContinuousClock.now
        let result = try user.board("pin", String(row.id))
        let took = ContinuousClock.now - started
        done.withLock { $0 = true }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("stayed locked by another process; saved without the lock"), "\(result.stderr)")
        // Two seconds and a margin for a machine slowed by a sanitizer; the queue's bound is 30 s.
        #expect(took < .seconds(15), "a stopped holder held the save \(took)")
    }

    @Test func theStateFileHasItsShape() throws {
        let user = try BoardUser.ofSharedDaemon()
        let row = try user.lookup()[4]
        _ = try user.text("show", String(row.id))
        _ = try user.json("pin", String(row.id))
        _ = try user.text("departures")
        let state = try #require(user.state(), "state.json is JSON")
        #expect(state["tab"]?.string == "departures")
        #expect(state["lastViewed"]?["id"]?.int == row.id)
        #expect(state["lastViewed"]?["designator"]?.string == row.flightName)
        #expect(state["lastViewed"]?["date"]?.string == knownDate)
        #expect(state["pins"]?.array?.map { $0["id"]?.int } == [row.id])
        // Written atomically: no temporary file is left beside it.
        let files = try FileManager.default.contentsOfDirectory(atPath: user.sandbox.stateDirectory)
        #expect(files.filter { $0 != "state.json" } == [], "\(files)")
    }

    @Test func theStateDirFlagOverridesTheEnvironment() throws {
        let user = try BoardUser.ofSharedDaemon()
        let elsewhere = user.sandbox.path + "/elsewhere"
        let result = try user.board("arrivals", "--state-dir", elsewhere)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: elsewhere + "/state.json"))
        #expect(user.state() == nil, "BOARD_STATE_DIR was not used")
    }

    static let corruptContents: [[UInt8]] = [
        [0x00, 0xFF, 0xFE, 0x13, 0x37, 0x80, 0x81, 0x0A, 0xC3, 0x28],
        Array("{\"tab\": \"arrivals\", \"pins\": [".utf8),
        Array("[1, 2, 3]".utf8),
        Array("not json at all\n".utf8),
    ]

    @Test(arguments: corruptContents)
    func aCorruptStateWarnsOnceTheCommandSucceedsAndTheFileIsRewritten(contents: [UInt8]) throws {
        let user = try BoardUser.ofSharedDaemon()
        try FileManager.default.createDirectory(atPath: user.sandbox.stateDirectory, withIntermediateDirectories: true)
        try Data(contents).write(to: URL(fileURLWithPath: user.stateFile))
        let first = try user.board("--json")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.json?["tab"]?.string == "all", "defaults")
        #expect(warnings(first).count == 1, "warns once: \(first.stderr)")
        #expect(first.stderr.contains("state.json"), "names the file: \(first.stderr)")
        try expectKeptAside(Data(contents), by: first, of: user)
        let state = try #require(user.state(), "rewritten as valid JSON")
        #expect(state["tab"]?.string == "all")
        let second = try user.board("--json")
        #expect(second.status == 0)
        #expect(second.stderr == "", "the warning is not repeated on every run")
    }

    /// A state whose pins cannot all be read (a hand edit, another program) keeps the file aside, says
    /// which part, and reads the rest: a pin is never dropped unsaid.
    @Test(arguments: ["\"garbage\"", "[{\"id\": 7}, {{PIN}}]"])
    func aStateWithUnreadablePinsIsKeptAsideAndTheRestRead(pins: String) throws {
        let user = try BoardUser.ofSharedDaemon()
        let row = try user.lookup()[3]
        let pin = "{\"id\": \(row.id), \"designator\": \"\(row.flightName)\", \"date\": \"\(knownDate)\"}"
        let contents = "{\"schema\": 1, \"tab\": \"arrivals\", \"pins\": \(pins.replacingOccurrences(of: "{{PIN}}", with: pin))}"
        try FileManager.default.createDirectory(atPath: user.sandbox.stateDirectory, withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: URL(fileURLWithPath: user.stateFile))
        let first = try user.board("pins", "--json")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(warnings(first).count == 1, "warns once: \(first.stderr)")
        #expect(first.stderr.contains("has unreadable pins"), "says which part: \(first.stderr)")
        try expectKeptAside(Data(contents.utf8), by: first, of: user)
        let state = try #require(user.state(), "rewritten")
        #expect(state["tab"]?.string == "arrivals", "the rest is read")
        let readable = pins.contains("{{PIN}}") ? [row.id] : []
        #expect(state["pins"]?.array?.map { $0["id"]?.int } == readable)
        let second = try user.board("pins", "--json")
        #expect(second.status == 0)
        #expect(second.stderr == "", "the warning is not repeated on every run")
    }

    /// Three corrupt states in a row (within a second, as a script would make them) are each kept.
    @Test func everyCorruptStateIsKeptEvenWithinOneSecond() throws {
        let user = try BoardUser.ofSharedDaemon()
        try FileManager.default.createDirectory(atPath: user.sandbox.stateDirectory, withIntermediateDirectories: true)
        let contents = ["{\"pins\":[{\"id\":1433", "CORRUPT-B", "CORRUPT-C"]
        for text in contents {
            try Data(text.utf8).write(to: URL(fileURLWithPath: user.stateFile))
            #expect(try user.board("pins").status == 0)
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: user.sandbox.stateDirectory)
            .filter { $0.hasPrefix("state.json.corrupt-") }
            .compactMap { FileManager.default.contents(atPath: user.sandbox.stateDirectory + "/" + $0) }
            .map { String(decoding: $0, as: UTF8.self) }
        #expect(kept.sorted() == contents.sorted(), "\(kept)")
    }

    @Test func aCorruptStateWithACommandThatSavesWarnsOnce() throws {
        let user = try BoardUser.ofSharedDaemon()
        let row = try user.lookup()[2]
        try FileManager.default.createDirectory(atPath: user.sandbox.stateDirectory, withIntermediateDirectories: true)
        try Data([0xDE, 0xAD, 0xBE, 0xEF]).write(to: URL(fileURLWithPath: user.stateFile))
        let result = try user.board("show", String(row.id))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(row.flightName))
        #expect(warnings(result).count == 1, "\(result.stderr)")
        #expect(user.state()?["lastViewed"]?["id"]?.int == row.id)
    }

    /// (`board pin` and the other commands whose work is the change fail instead:
    /// `aPinThatCannotBeSavedIsAnErrorNotASuccess`.)
    @Test(arguments: [["arrivals"], ["show", "FIRST"], ["--json"], ["search", "miami"]])
    func anUnwritableStateDirectoryWarnsAndStillPrints(arguments: [String]) throws {
        let user = try BoardUser.ofSharedDaemon()
        let first = String(try #require(try user.lookup().first).id)
        // A state directory under a regular file can never be created, whoever runs the test (even root).
        let blocker = user.sandbox.path + "/not-a-directory"
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        let stateDir = blocker + "/state"
        let result = try user.board(arguments: arguments.map { $0 == "FIRST" ? first : $0 }, env: ["BOARD_STATE_DIR": stateDir])
        #expect(result.status == 0, "board \(arguments): \(result.stderr)")
        #expect(!result.stdout.isEmpty, "still prints")
        #expect(warnings(result).count <= 1, "at most one warning: \(result.stderr)")
        if ["arrivals", "show"].contains(arguments[0]) {
            #expect(warnings(result).count == 1, "a state it cannot save is a warning: board \(arguments)")
        }
    }

    /// A hand-edited state with escape sequences in every string and ids and dates no flight has: every
    /// command that names its flights goes on, prints no control character, and fails on none of them.
    @Test func aHostileStateNeitherReachesTheTerminalNorStopsACommand() throws {
        let user = try BoardUser.ofSharedDaemon()
        let row = try user.lookup()[3]
        try FileManager.default.createDirectory(atPath: user.sandbox.stateDirectory, withIntermediateDirectories: true)
        let text = """
            {"lastViewed":{"id":9999999,"designator":"\\u001b]0;PWNED\\u0007\\u001b[31mUS 1","date":"2026-11-30"},
             "pins":[{"id":\(row.id),"designator":"X","date":"2026-11-30\\u001b[31m"},{"id":-5,"designator":"A","date":"2026-11-30"},
                     {"id":0,"designator":"B","date":"2026-11-30"},{"id":9223372036854775807,"designator":"C","date":"2026-11-30"}],
             "hidden":[{"id":\(row.id),"designator":"Z","date":"\\u001b]0;HID\\u0007"},{"id":-1,"designator":"D","date":"2026-11-30"}]}
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: user.stateFile))
        for (arguments, status) in [
            (["last"], 4), (["next"], 4), (["prev"], 4), (["pins"], 0), (["hidden"], 0), (["unpin", String(row.id)], 4),
            (["status"], 0), (["all"], 0),
        ] {
            let result = try user.board(arguments: arguments)
            #expect(result.status == status, "board \(arguments): \(result.status) \(result.stderr)")
            for (name, output) in [("stdout", result.stdout), ("stderr", result.stderr)] {
                #expect(
                    !output.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" },
                    "board \(arguments) \(name): \(output.debugDescription)")
            }
        }
    }

    /// A usage error quotes what was typed, on one line and without its control characters.
    @Test(arguments: [
        ["show", "\u{1B}]0;PWNED\u{07}\u{1B}[2J"], ["pin", "1433\n"], ["status", "--format", "%\n"], ["--color", "\u{1B}[31m"],
        ["help", "\u{9B}31m"], ["events", "--kind", "\r\n\u{1B}[2J"],
        // --city is said back on every board it filters ("filtered: city ..."): refused, not run.
        ["--city", "\u{1B}]0;PWNED\u{07}\u{1B}[41mX"], ["search", "miami", "--city", "mi\nami"],
        ["watch", "--city", "\u{202E}imaim"],
        ["status", "--city", "\u{1B}[2J"],
    ])
    func aUsageErrorPrintsNoControlCharacter(arguments: [String]) throws {
        let user = try BoardUser.ofSharedDaemon()
        let result = try user.board(arguments: arguments)
        #expect(result.status == 2, "board \(arguments): \(result.status) \(result.stderr)")
        #expect(result.stderr.lines.count == 1, "\(result.stderr.debugDescription)")
        #expect(
            !result.stderr.dropLast().unicodeScalars.contains { $0.properties.generalCategory == .control },
            "\(result.stderr.debugDescription)")
    }

    @Test func anUnreadableStateWarnsOnce() throws {
        let user = try BoardUser.ofSharedDaemon()
        // state.json as a directory: it exists, but cannot be read or replaced.
        try FileManager.default.createDirectory(atPath: user.stateFile, withIntermediateDirectories: true)
        let result = try user.board("arrivals")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Mountain Airport"))
        #expect(warnings(result).count == 1, "\(result.stderr)")
    }

    @Test func aMissingStateIsTheFirstRunWithoutWarnings() throws {
        let user = try BoardUser.ofSharedDaemon()
        let result = try user.board()
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.lines.dropFirst().first?.contains("[All Nov 30]") == true)
    }
}
