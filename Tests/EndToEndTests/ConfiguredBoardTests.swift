import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// The board shows what the daemon's config sets (airport, time zone, window, flights a day), wherever the config is found.
struct ConfiguredBoardTests {
    /// The repository's `config/boardd.json`.
    static let repositoryConfig = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("config/boardd.json").path

    static let london = """
        {"airport": {"name": "River Airport", "code": "RVR", "timeZone": "Europe/London"}, "seed": 99, "days": 3, "flightsPerDay": 12}
        """

    func writeConfig(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func theBuiltInDefaultsAreTheRepositorysConfig() throws {
        let builtIn = BoardUser()
        let builtInDaemon = try builtIn.startDaemon()
        let fromFile = BoardUser()
        let fileDaemon = try fromFile.startDaemon(extra: ["--config", Self.repositoryConfig])
        for arguments in [["all", "--json"], ["--date", "+9", "--json"]] {
            let a = try builtIn.board(arguments: arguments)
            let b = try fromFile.board(arguments: arguments)
            #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)")
            #expect(a.stdout == b.stdout, "board \(arguments)")
        }
        try builtInDaemon.stop()
        try fileDaemon.stop()
    }

    /// Checks a daemon that read the London config: its airport, its offset, its window and its day's size.
    func expectLondon(_ user: BoardUser, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let board = try user.json()
        #expect(board["airport"]?["name"]?.string == "River Airport", sourceLocation: sourceLocation)
        #expect(board["airport"]?["code"]?.string == "RVR", sourceLocation: sourceLocation)
        #expect(board["airport"]?["timeZone"]?.string == "Europe/London", sourceLocation: sourceLocation)
        #expect(
            board["now"]?.string == "2026-11-30T17:00:00+00:00", "the airport's local time with its offset",
            sourceLocation: sourceLocation)
        #expect(board["flights"]?.array?.count == 12, sourceLocation: sourceLocation)
        #expect(try user.json("--date", "+2")["date"]?.string == "2026-12-02", sourceLocation: sourceLocation)
        #expect(try user.board("--date", "+3").status == 4, "a 3-day window", sourceLocation: sourceLocation)
        let header = try user.text().lines.first ?? ""
        #expect(
            header.contains("River Airport") && header.contains("RVR") && header.contains("17:00"), "\(header)",
            sourceLocation: sourceLocation)
    }

    @Test func theConfigFlag() throws {
        let user = BoardUser()
        let path = user.sandbox.path + "/london.json"
        try writeConfig(Self.london, to: path)
        let daemon = try user.startDaemon(extra: ["--config", path])
        try expectLondon(user)
        try daemon.stop()
    }

    @Test func theConfigInTheXDGConfigHome() throws {
        let user = BoardUser()
        // The sandbox's environment sets XDG_CONFIG_HOME to its own config directory.
        try writeConfig(Self.london, to: user.sandbox.path + "/config/board/boardd.json")
        let daemon = try user.startDaemon()
        try expectLondon(user)
        try daemon.stop()
    }

    @Test func theConfigEnvironmentVariable() throws {
        let user = BoardUser()
        let path = user.sandbox.path + "/london.json"
        try writeConfig(Self.london, to: path)
        var environment = user.sandbox.environment()
        environment["BOARDD_CONFIG"] = path
        let daemon = try StartedProcess(
            [Binaries.boardd, "--socket", user.socket, "--now", knownInstant, "--speed", "0"], environment: environment)
        try waitUntil("boardd to answer") { (try? BoardConnection(path: user.socket, timeoutMilliseconds: 200)) != nil }
        try expectLondon(user)
        kill(daemon.pid, SIGTERM)
        #expect(try daemon.finish().ending == .exited(0), "a clean shutdown")
    }

    @Test func theSeedFlagOverridesTheConfigsSeed() throws {
        let a = BoardUser()
        let path = a.sandbox.path + "/london.json"
        try writeConfig(Self.london, to: path)
        let daemonA = try a.startDaemon(extra: ["--config", path, "--seed", "5"])
        let b = BoardUser()
        try writeConfig(
            Self.london.replacingOccurrences(of: "\"seed\": 99", with: "\"seed\": 5"), to: b.sandbox.path + "/london.json")
        let daemonB = try b.startDaemon(extra: ["--config", b.sandbox.path + "/london.json"])
        #expect(try a.board("--json").stdout == b.board("--json").stdout)
        try daemonA.stop()
        try daemonB.stop()
    }
}
