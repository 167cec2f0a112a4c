import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// The daemon's log: one line an event on stderr, with a level; journald's format under systemd.
@Suite struct LogTests {
    /// Runs boardd with stderr in a file, makes it reload a bad config, stops it; what it wrote.
    func logOfARun(_ sandbox: Sandbox, journalStream: ((dev_t, ino_t)) -> String?, extra: [String] = []) throws -> String {
        let logPath = sandbox.path + "/boardd.log"
        let config = sandbox.path + "/boardd.json"
        try "{}".write(toFile: config, atomically: true, encoding: .utf8)
        #expect(FileManager.default.createFile(atPath: logPath, contents: nil))
        var info = stat()
        #expect(stat(logPath, &info) == 0)
        var env = sandbox.environment()
        env["JOURNAL_STREAM"] = journalStream((info.st_dev, info.st_ino))
        let pid = try spawn(
            [
                Binaries.boardd, "--socket", sandbox.socket, "--config", config, "--now", "2026-11-30T12:00:00-05:00", "--speed",
                "0",
            ] + extra,
            environment: env, stderr: logPath)
        defer { reap(pid) }
        try waitUntil("boardd to answer") { (try? BoardConnection(path: sandbox.socket, timeoutMilliseconds: 200)) != nil }
        try "{\"days\": 0,\n\"seed\": 1}".write(toFile: config, atomically: true, encoding: .utf8)
        kill(pid, SIGHUP)
        _ = try BoardConnection(path: sandbox.socket).call(.ping)
        kill(pid, SIGTERM)
        #expect(try waitForExit(pid) == 0)
        return try String(contentsOfFile: logPath, encoding: .utf8)
    }

    @Test func onATerminalOrInAFileEachLineHasTheTimeTheProgramAndTheLevel() throws {
        let sandbox = Sandbox()
        let log = try logOfARun(sandbox, journalStream: { _ in nil })
        let lines = log.split(separator: "\n").map(String.init)
        #expect(lines.count >= 4, "\(log)")
        let pattern = #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ boardd\[\d+\] (debug|info|warning|error): \S.*$/#
        for line in lines { #expect(line.wholeMatch(of: pattern) != nil, "\(line)") }
        #expect(lines.contains { $0.contains(" info: serving \(sandbox.socket)") })
        #expect(lines.contains { $0.contains(" error: kept the old config: ") && $0.contains("days = 0") })
        #expect(lines.last?.hasSuffix(" info: stopped") == true)
    }

    /// journald stamps the time, the program and its pid itself; a `<N>` prefix gives the priority.
    @Test func underJournaldLinesHaveNoTimestampAndCarryTheirPriority() throws {
        let sandbox = Sandbox()
        let log = try logOfARun(sandbox, journalStream: { "\($0.0):\($0.1)" })
        let lines = log.split(separator: "\n").map(String.init)
        #expect(lines.count >= 4, "\(log)")
        let pattern = #/^<[3467]>(debug|info|warning|error): \S.*$/#
        for line in lines { #expect(line.wholeMatch(of: pattern) != nil, "\(line)") }
        #expect(lines.first?.hasPrefix("<6>info: serving \(sandbox.socket)") == true)
        #expect(lines.contains { $0.hasPrefix("<3>error: kept the old config: ") })
    }

    /// JOURNAL_STREAM counts only while stderr is that stream, not after a redirection.
    @Test func aJournalStreamThatIsNotStderrIsIgnored() throws {
        let sandbox = Sandbox()
        let log = try logOfARun(sandbox, journalStream: { "\($0.0):\($0.1 + 1)" })
        let pattern = #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ boardd\[\d+\] (info|error): \S.*$/#
        for line in log.split(separator: "\n") { #expect(line.wholeMatch(of: pattern) != nil, "\(line)") }
    }

    @Test func logLevelLeavesOutLessImportantLines() throws {
        let sandbox = Sandbox()
        let log = try logOfARun(sandbox, journalStream: { _ in nil }, extra: ["--log-level", "warning"])
        #expect(!log.contains(" info: "), "\(log)")
        #expect(log.contains(" error: kept the old config"))
        let bad = try run(Binaries.boardd, ["--log-level", "loud"], environment: sandbox.environment())
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--log-level needs debug, info, warning or error, not \"loud\""))
    }
}
