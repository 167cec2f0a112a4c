import BoardArguments
import BoardProtocol
import Foundation
import Testing

@testable import BoardDaemon

/// `boardd`'s flags, read by the shared tokenizer: no process started.
struct DaemonOptionsTests {
    @Test func noFlagsServesWithTheDefaults() throws {
        #expect(try DaemonCommand.parse([]) == .serve(DaemonOptions()))
    }

    @Test func everyFlagIsRead() throws {
        let command = try DaemonCommand.parse([
            "--socket", "/s", "--config=/c.json", "--seed", "7", "--now", "2026-11-30T09:00:00-05:00", "--speed", "0",
            "--log-level", "WARNING", "--max-clients", "5", "--request-timeout", "1.5", "--stall-timeout=2",
        ])
        var expected = DaemonOptions()
        expected.socket = "/s"
        expected.config = "/c.json"
        expected.seed = 7
        expected.now = "2026-11-30T09:00:00-05:00"
        expected.speed = 0
        expected.logLevel = .warning
        expected.limits.maxClients = 5
        expected.limits.partialLineTimeout = 1.5
        expected.limits.stalledWriteTimeout = 2
        #expect(command == .serve(expected))
    }

    @Test func checkConfigHelpAndVersion() throws {
        #expect(try DaemonCommand.parse(["--check-config", "--config", "/c"]) == .checkConfig(DaemonOptions(config: "/c")))
        #expect(try DaemonCommand.parse(["--help"]) == .help)
        #expect(try DaemonCommand.parse(["-h", "--bogus"]) == .help, "--help wins over what follows it")
        #expect(try DaemonCommand.parse(["--seed", "1", "-V"]) == .version)
        #expect(try DaemonCommand.parse(["--version"]) == .version)
    }

    @Test(arguments: [
        (["--bogus"], #"unknown option "--bogus""#),
        (["serve"], #"boardd takes flags only, not "serve""#),
        (["--"], #"unknown option "--""#),
        (["-x"], #"unknown option "-x""#),
        (["--bogus=1"], #"unknown option "--bogus""#),
        (["--bogus", "--help"], #"unknown option "--bogus""#),
        (["--socket"], "--socket needs a value"),
        (["--socket", ""], #"--socket needs a path, not """#),
        (["--config="], #"--config needs a path, not """#),
        (["--config", "--seed", "1"], "--config needs a value"),
        (["--seed", "x"], #"--seed needs a whole number from 0 to 9223372036854775807, not "x""#),
        (
            ["--seed", "9223372036854775808"],
            #"--seed needs a whole number from 0 to 9223372036854775807, not "9223372036854775808""#
        ),
        (["--seed", "-1"], #"--seed needs a whole number from 0 to 9223372036854775807, not "-1""#),
        (["--speed", "-1"], #"--speed needs a number from 0 to 1000000, not "-1""#),
        (["--speed", "inf"], #"--speed needs a number from 0 to 1000000, not "inf""#),
        // Double("0x10") is 16: a hexadecimal speed ran at 16x.
        (["--speed", "0x10"], #"--speed needs a number from 0 to 1000000, not "0x10""#),
        (["--stall-timeout", "nan"], #"--stall-timeout needs a number of seconds over 0, at most 86400, not "nan""#),
        (["--log-level", "loud"], #"--log-level needs debug, info, warning or error, not "loud""#),
        (["--max-clients", "0"], #"--max-clients needs a number from 1 to 100000, not "0""#),
        (["--request-timeout", "0"], #"--request-timeout needs a number of seconds over 0, at most 86400, not "0""#),
        (["--stall-timeout", "86401"], #"--stall-timeout needs a number of seconds over 0, at most 86400, not "86401""#),
        (["--check-config=yes"], "--check-config takes no value"),
        (
            ["--follow", "unix:///r.sock", "--publish", "unix:///r.sock"],
            "--follow and --publish cannot go together: a daemon is a source or a replica"
        ),
        (
            ["--follow", "unix:///r.sock", "--now", "12:00"],
            "--now goes to the source: a replica (--follow) takes its clock and schedule from it"
        ),
        (
            ["--speed", "2", "--follow", "unix:///r.sock"],
            "--speed goes to the source: a replica (--follow) takes its clock and schedule from it"
        ),
        (
            ["--follow", "unix:///r.sock", "--seed", "1"],
            "--seed goes to the source: a replica (--follow) takes its clock and schedule from it"
        ),
    ])
    func usageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message: message), "boardd \(arguments)") { try DaemonCommand.parse(arguments) }
        #expect(UsageError(message: message).pointing(to: "boardd --help") == "\(message); see boardd --help")
    }

    @Test func aReplicaFollowsAURLWithItsPasswordFile() throws {
        let command = try DaemonCommand.parse(["--follow", "redis://board@redis.lan:6380/2", "--redis-password-file", "/p"])
        var expected = DaemonOptions()
        expected.follow = try RedisURL(parsing: "redis://board@redis.lan:6380/2")
        expected.redisPasswordFile = "/p"
        #expect(command == .serve(expected))
        #expect(throws: UsageError.self) { try DaemonCommand.parse(["--follow", "http://x"]) }
    }

    /// `replication` in the config says what the flags say; the flags win, and a replica by the
    /// config refuses the source's flags as `--follow` does.
    @Test func theConfigsReplicationIsTheFlagsUnlessTheyAreGiven() throws {
        let config = try DaemonConfig.parse(
            Array(#"{"replication": {"follow": "unix:///run/redis.sock", "passwordFile": "/p"}}"#.utf8), file: "c.json")
        let follow = try DaemonOptions().replication(from: config)
        #expect(follow.follow == RedisURL(endpoint: .unix(path: "/run/redis.sock")) && follow.redisPasswordFile == "/p")
        var flags = DaemonOptions()
        flags.publish = RedisURL(endpoint: .unix(path: "/other.sock"))
        #expect(try flags.replication(from: config) == flags, "the flags win")
        var seeded = DaemonOptions()
        seeded.seed = 1
        #expect(
            throws: UsageError(
                message:
                    "--seed goes to the source: a replica (replication.follow in c.json) takes its clock and schedule from it")
        ) { try seeded.replication(from: config) }
        let publish = try DaemonConfig.parse(Array(#"{"replication": {"publish": "redis://r:6379"}}"#.utf8), file: "c")
        #expect(try DaemonOptions().replication(from: publish).publish == RedisURL(endpoint: .tcp(host: "r", port: 6379)))
    }

    @Test(arguments: [
        (#"{"replication": {}}"#, "c: replication = {}: needs one of publish or follow"),
        (#"{"replication": {"publish": "unix:///a", "follow": "unix:///b"}}"#, "c: replication = "),
        (#"{"replication": {"follow": 5}}"#, "c: replication.follow = 5: must be a Redis URL, not a number"),
        (#"{"replication": {"follow": "http://x"}}"#, "c: replication.follow: redis URL 'http://x'"),
        (#"{"replication": {"follow": "unix:///a", "password": "x"}}"#, "c: replication.password = \"x\": unknown key"),
        (#"{"replication": {"follow": "unix:///a", "passwordFile": ""}}"#, "c: replication.passwordFile = \"\": must be"),
        (#"{"replication": "unix:///a"}"#, "c: replication = \"unix:///a\": must be an object"),
    ])
    func aBadReplicationSettingIsTheFilesErrorNamingTheKey(text: String, start: String) {
        #expect {
            _ = try DaemonConfig.parse(Array(text.utf8), file: "c")
        } throws: { error in
            "\(error)".hasPrefix(start)
        }
    }

    /// The systemd drop-ins in `config/` start a daemon that reads its flags: a replica and a source.
    @Test(arguments: [("boardd-replica.conf", true), ("boardd-source.conf", false)])
    func theDropInsStartAReplicaAndASource(file: String, replica: Bool) throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: repository.appendingPathComponent("config/\(file)"), encoding: .utf8)
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("ExecStart=") }
        #expect(lines.first == "ExecStart=", "the drop-in resets the unit's command first")
        let words = try #require(lines.last).dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
        #expect(words.first == "%h/.local/bin/boardd")
        guard case .serve(let options) = try DaemonCommand.parse(Array(words.dropFirst())) else {
            Issue.record("\(file) does not serve")
            return
        }
        #expect((options.follow != nil) == replica && (options.publish != nil) == !replica)
        #expect(options.redisPasswordFile != nil)
        // Started again until it serves: a replica until Redis and a source answer, a source until the
        // lease of the one that crashed expires. systemd's default gives up after five starts in 10 s.
        #expect(text.contains("\nStartLimitIntervalSec=0\n"))
        let restart = try #require(text.split(separator: "\n").first { $0.hasPrefix("RestartSec=") })
        #expect(Int(restart.dropFirst("RestartSec=".count)).map { $0 >= 1 } == true, "\(restart)")
    }

    @Test func theHelpNamesEveryFlag() {
        for flag in DaemonCommand.flags { #expect(DaemonCommand.usage.contains(flag.name), "\(flag.name)") }
    }
}
