import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// A config mistake and the parts its message must name: the key, the value and why.
struct BadConfig: CustomStringConvertible, Sendable {
    let name: String
    let text: String
    let expected: [String]
    var description: String { name }
}

/// `boardd --check-config`, and the same checks when the daemon starts and on SIGHUP (docs/CONFIG.md).
@Suite struct ConfigTests {
    /// Every mistake's message is checked without a process in `DaemonConfigTests`; here, one of each kind
    /// (a wrong value, broken JSON, a duplicate key) through the program.
    static let badConfigs: [BadConfig] = [
        BadConfig(
            name: "unknown key", text: #"{"sede": 1}"#,
            expected: ["sede = 1", "unknown key", "airport, seed, days, flightsPerDay"]),
        BadConfig(
            name: "time zone that does not exist", text: #"{"airport": {"timeZone": "Mars/Olympus_Mons"}}"#,
            expected: [#"airport.timeZone = "Mars/Olympus_Mons""#, "is not an IANA time zone", "America/New_York"]),
        BadConfig(
            name: "key given twice", text: "{\"seed\": 1,\n \"seed\": 2}",
            expected: [#"the key "seed" appears twice"#, "line 2, column 2"]),
        BadConfig(name: "broken JSON", text: "{\n  \"seed\": 1,\n}", expected: ["is not valid JSON", "line 3, column 1"]),
    ]

    @Test(arguments: badConfigs)
    func checkConfigRefusesWithTheFileTheKeyTheValueAndWhy(_ bad: BadConfig) throws {
        let sandbox = Sandbox()
        let file = sandbox.path + "/boardd.json"
        try bad.text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try run(Binaries.boardd, ["--check-config", "--config", file], environment: sandbox.environment())
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("boardd: \(file): "), "\(result.stderr)")
        for part in bad.expected { #expect(result.stderr.contains(part), "\(result.stderr) lacks \(part)") }
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test(arguments: badConfigs)
    func theDaemonRefusesToStartWithTheSameMessage(_ bad: BadConfig) throws {
        let sandbox = Sandbox()
        let file = sandbox.path + "/boardd.json"
        try bad.text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try run(Binaries.boardd, ["--config", file, "--socket", sandbox.socket], environment: sandbox.environment())
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: \(file): "), "\(result.stderr)")
        for part in bad.expected { #expect(result.stderr.contains(part), "\(result.stderr) lacks \(part)") }
        #expect(UnixSocket.isSocket(path: sandbox.socket) == nil, "it must refuse before taking the socket")
    }

    @Test func aGoodConfigPrintsOneOkLineWithWhatItSets() throws {
        let sandbox = Sandbox()
        let file = sandbox.path + "/boardd.json"
        try
            #"{"airport": {"name": "Valley Field", "code": "vly", "timeZone": "America/Denver"}, "seed": 7, "days": 3, "flightsPerDay": 12}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let result = try run(Binaries.boardd, ["--check-config", "--config", file], environment: sandbox.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(file): ok (VLY \"Valley Field\" in America/Denver, seed 7, 3 days x 12 flights a day)\n")
        #expect(result.stderr.isEmpty)
    }

    /// A byte order mark before the JSON (a Windows editor's UTF-8) is passed over, as RFC 8259 lets a
    /// parser do; it was "unexpected character at line 1, column 1".
    @Test func aByteOrderMarkBeforeTheJSONIsPassedOver() throws {
        let sandbox = Sandbox()
        let file = sandbox.path + "/boardd.json"
        try Data([0xEF, 0xBB, 0xBF] + Array(#"{"seed": 7}"#.utf8)).write(to: URL(fileURLWithPath: file))
        let result = try run(Binaries.boardd, ["--check-config", "--config", file], environment: sandbox.environment())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("seed 7"), "\(result.stdout)")
    }

    /// `--check-config` checks what the start checks before it takes the socket or reaches Redis: the
    /// replication settings with the flags, the password file and `--now`. A password file others can
    /// read passed the check ("ok") and stopped the start.
    @Test func checkConfigRefusesWhatTheStartRefuses() throws {
        let sandbox = Sandbox()
        let password = sandbox.path + "/redis-password"
        try "secret\n".write(toFile: password, atomically: true, encoding: .utf8)
        chmod(password, 0o644)
        let file = sandbox.path + "/boardd.json"
        try #"{"replication": {"publish": "redis://127.0.0.1:1", "passwordFile": "\#(password)"}}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let check = try run(Binaries.boardd, ["--check-config", "--config", file], environment: sandbox.environment())
        let start = try run(
            Binaries.boardd, ["--config", file, "--socket", sandbox.socket], environment: sandbox.environment(), timeout: 30)
        #expect(check.status == 2 && start.status == 2, "check: \(check.stdout)\(check.stderr) start: \(start.stderr)")
        #expect(check.stdout.isEmpty)
        #expect(check.stderr.contains("lets others read"), "\(check.stderr)")
        #expect(check.stderr == start.stderr, "the same words as the start")
        // Made private, the file passes, and the check reaches no Redis (nothing listens on port 1).
        chmod(password, 0o600)
        let good = try run(Binaries.boardd, ["--check-config", "--config", file], environment: sandbox.environment())
        #expect(good.status == 0 && good.stdout.hasPrefix("\(file): ok ("), "\(good.stderr)")
        // The lease a source holds, from the environment: checked as the start checks it.
        let lease = ["BOARDD_REPLICATION_LEASE_MS": "abc"]
        let badLease = try run(
            Binaries.boardd, ["--check-config", "--config", file], environment: sandbox.environment(extra: lease))
        let leaseStart = try run(
            Binaries.boardd, ["--config", file, "--socket", sandbox.socket], environment: sandbox.environment(extra: lease),
            timeout: 30)
        #expect(badLease.status == 2 && leaseStart.status == 2, "\(badLease.stdout)\(badLease.stderr)")
        #expect(badLease.stderr.contains("BOARDD_REPLICATION_LEASE_MS") && badLease.stderr == leaseStart.stderr)
        let missing = sandbox.path + "/no-such-password"
        let noFile = try run(
            Binaries.boardd, ["--check-config", "--config", file, "--redis-password-file", missing],
            environment: sandbox.environment())
        #expect(noFile.status == 2 && noFile.stderr.contains(missing), "\(noFile.stderr)")
        // The start's other checks: --now, and the source's flags on a replica.
        let now = try run(Binaries.boardd, ["--check-config", "--now", "garbage"], environment: sandbox.environment())
        #expect(now.status == 2 && now.stderr.hasPrefix("boardd: --now needs an ISO-8601 time"), "\(now.stderr)")
        let replica = sandbox.path + "/replica.json"
        try #"{"replication": {"follow": "redis://127.0.0.1:1"}}"#.write(toFile: replica, atomically: true, encoding: .utf8)
        let seeded = try run(
            Binaries.boardd, ["--check-config", "--config", replica, "--seed", "3"], environment: sandbox.environment())
        #expect(seeded.status == 2 && seeded.stderr.contains("--seed goes to the source"), "\(seeded.stderr)")
    }

    @Test func theRepositoryConfigIsGoodAndEqualsTheBuiltInDefaults() throws {
        let sandbox = Sandbox()
        let repoConfig = Repository.root + "/config/boardd.json"
        let file = try run(Binaries.boardd, ["--check-config", "--config", repoConfig], environment: sandbox.environment())
        let builtIn = try run(Binaries.boardd, ["--check-config"], environment: sandbox.environment())
        #expect(file.status == 0 && builtIn.status == 0)
        #expect(builtIn.stdout.hasPrefix("built-in defaults: ok ("))
        #expect(file.stdout.replacingOccurrences(of: repoConfig, with: "built-in defaults") == builtIn.stdout)
    }

    /// `--seed` wins over the file's seed at the start and at each reload, and the log says so with
    /// the file's: a seed edited in the file and reloaded said "reloaded … seed 5" and changed nothing.
    @Test func aSeedFlagOverTheFilesSeedIsSaidAtEachReload() throws {
        let sandbox = Sandbox()
        let config = sandbox.path + "/boardd.json"
        try #"{"seed": 8}"#.write(toFile: config, atomically: true, encoding: .utf8)
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--config", config, "--seed", "5"])
        defer { _ = try? daemon.stop() }
        #expect(daemon.logText().contains("seed 5 (from --seed; the file says 8)"), "\(daemon.logText())")
        try #"{"seed": 11}"#.write(toFile: config, atomically: true, encoding: .utf8)
        kill(daemon.pid, SIGHUP)
        try waitUntil("the reload", timeout: 5) { daemon.logText().contains("reloaded the config") }
        #expect(
            daemon.logText().contains(
                "reloaded the config from \(config) (MTN \"Mountain Airport\" in America/New_York, seed 5 (from --seed; the file says 11), "
            ),
            "\(daemon.logText())")
    }

    /// --config, then BOARDD_CONFIG, then $XDG_CONFIG_HOME/board/boardd.json, then the built-in defaults; --seed overrides.
    @Test func theConfigIsFoundInOrderOfPrecedence() throws {
        let sandbox = Sandbox()
        let xdg = sandbox.path + "/config/board/boardd.json"
        try FileManager.default.createDirectory(atPath: sandbox.path + "/config/board", withIntermediateDirectories: true)
        try #"{"seed": 3}"#.write(toFile: xdg, atomically: true, encoding: .utf8)
        let fromEnvironment = sandbox.path + "/env.json"
        try #"{"seed": 2}"#.write(toFile: fromEnvironment, atomically: true, encoding: .utf8)
        let explicit = sandbox.path + "/explicit.json"
        try #"{"seed": 1}"#.write(toFile: explicit, atomically: true, encoding: .utf8)
        func check(_ arguments: [String], _ env: [String: String] = [:]) throws -> String {
            try run(Binaries.boardd, ["--check-config"] + arguments, environment: sandbox.environment(extra: env)).stdout
        }
        #expect(try check(["--config", explicit], ["BOARDD_CONFIG": fromEnvironment]).hasPrefix("\(explicit): ok"))
        #expect(try check([], ["BOARDD_CONFIG": fromEnvironment]).hasPrefix("\(fromEnvironment) (from BOARDD_CONFIG): ok"))
        #expect(try check([]).hasPrefix("\(xdg): ok"))
        #expect(try check([]).contains("seed 3,"))
        #expect(try check(["--seed", "99"]).contains("seed 99 (from --seed; the file says 3),"))
        #expect(try check(["--seed", "3"]).contains("seed 3,"), "the same seed needs no word")
        // A file that names no seed has none to say: the default is no file's.
        try #"{"days": 10}"#.write(toFile: xdg, atomically: true, encoding: .utf8)
        #expect(try check(["--seed", "5"]).contains("seed 5,"), "a file naming no seed")
        try #"{"seed": 3}"#.write(toFile: xdg, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: xdg)
        #expect(try check([]).hasPrefix("built-in defaults: ok"))
        // An explicit file that is missing is an error, never a silent fall back to the defaults.
        let missing = try run(
            Binaries.boardd, ["--check-config"],
            environment: sandbox.environment(extra: ["BOARDD_CONFIG": sandbox.path + "/nope.json"]))
        #expect(missing.status == 2)
        #expect(missing.stderr == "boardd: \(sandbox.path)/nope.json (from BOARDD_CONFIG): does not exist\n")
        // A link left where the config was, its file gone (a dotfiles checkout moved), is an error that
        // names the link, never the built-in defaults unsaid: another seed's flights, every pin lost.
        try FileManager.default.createSymbolicLink(atPath: xdg, withDestinationPath: sandbox.path + "/moved.json")
        let dangling = try run(Binaries.boardd, ["--check-config"], environment: sandbox.environment())
        #expect(dangling.status == 2, "\(dangling.stdout)")
        #expect(
            dangling.stderr
                == "boardd: \(xdg): is a link to \(sandbox.path)/moved.json, which does not exist; point the link at the "
                + "config, or remove it\n")
        // The same for a directory linked whole (GNU stow's way) whose target has gone.
        try FileManager.default.removeItem(atPath: sandbox.path + "/config/board")
        try FileManager.default.createSymbolicLink(
            atPath: sandbox.path + "/config/board", withDestinationPath: sandbox.path + "/dotfiles/board")
        let linkedDirectory = try run(Binaries.boardd, ["--check-config"], environment: sandbox.environment())
        #expect(linkedDirectory.status == 2, "\(linkedDirectory.stdout)")
        #expect(
            linkedDirectory.stderr
                == "boardd: \(xdg): is under \(sandbox.path)/config/board, a link to \(sandbox.path)/dotfiles/board, which "
                + "does not exist; point the link at the config, or remove it\n")
    }

    @Test func aDirectoryOrAMissingFileIsNamedAsSuch() throws {
        let sandbox = Sandbox()
        let directory = try run(
            Binaries.boardd, ["--check-config", "--config", sandbox.path], environment: sandbox.environment())
        #expect(directory.status == 2)
        #expect(directory.stderr == "boardd: \(sandbox.path): is a directory, not a config file\n")
        let missing = try run(
            Binaries.boardd, ["--check-config", "--config", sandbox.path + "/none.json"], environment: sandbox.environment())
        #expect(missing.status == 2)
        #expect(missing.stderr == "boardd: \(sandbox.path)/none.json: does not exist\n")
    }

    @Test func aBadReloadIsLoggedOnOneLineAndTheOldConfigStays() throws {
        let sandbox = Sandbox()
        let file = sandbox.path + "/boardd.json"
        try #"{"airport": {"code": "VLY"}}"#.write(toFile: file, atomically: true, encoding: .utf8)
        let daemon = try RunningDaemon(sandbox: sandbox, extra: ["--config", file])
        try #"{"airport": {"code": "VLY", "timeZone": "Mars/Olympus_Mons"}}"#.write(
            toFile: file, atomically: true, encoding: .utf8)
        kill(daemon.pid, SIGHUP)
        // The reload is over once the daemon answers again: it handles a signal before the next request.
        _ = try BoardConnection(path: daemon.socket).call(.ping)
        #expect(try sandbox.board("--json").json?["airport"]?["code"]?.string == "VLY")
        #expect(try daemon.stop() == 0)
        let lines = daemon.logText().split(separator: "\n").filter { $0.contains("kept the old config") }
        #expect(lines.count == 1)
        #expect(
            lines.first?.contains(#"\#(file): airport.timeZone = "Mars/Olympus_Mons": is not an IANA time zone"#) == true,
            "\(lines)")
        #expect(lines.first?.contains(" error: ") == true)
    }
}

/// The repository this test was built from, for its config and scripts.
enum Repository {
    static let root: String = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
}
