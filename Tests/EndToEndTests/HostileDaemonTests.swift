import BoardLink
import BoardProtocol
import BoardSystem
import Foundation
import Glibc
import Testing

/// A daemon that answers with values no real boardd sends: the client must print something sane, never trap.
///
/// Regression tests for what the reply fuzzer found (Fuzz/corpus/replies/crash-progress-out-of-range:
/// a progress of 2 made the progress bar's padding negative and stopped `board show`).
@Suite struct HostileDaemonTests {
    /// Serves `count` connections on `path` from a thread: the hello, then `reply(request)` for each
    /// request line (none when it is nil: a request left unanswered).
    final class FakeDaemon {
        let listener: FileDescriptor
        let thread: Thread

        init(path: String, count: Int, reply: @escaping @Sendable (JSON) -> JSON?) throws {
            try FileManager.default.createDirectory(
                atPath: BoardPaths.directory(of: path), withIntermediateDirectories: true)
            let listener = try UnixSocket.listen(path: path)
            self.listener = listener
            thread = Thread {
                // Closed by this thread, never under it: a number closed while it waits could be another
                // test's socket by the time it accepts, and that test's client would be greeted here.
                defer { listener.close() }
                for _ in 0..<count {
                    guard (try? listener.waitUntilReadable(timeoutMilliseconds: 10_000)) == true,
                        let client = try? UnixSocket.accept(listener)
                    else { return }
                    client.setNonBlocking(false)
                    try? client.writeAll(WireLine.hello(server: "boardd/fake", instance: "fake"))
                    var framer = LineFramer()
                    var buffer = [UInt8](repeating: 0, count: 65536)
                    serving: while (try? client.waitUntilReadable(timeoutMilliseconds: 5000)) == true {
                        guard let n = try? client.read(into: &buffer), n > 0 else { break }
                        for case .line(let line) in buffer.withUnsafeBytes({
                            framer.feed(UnsafeRawBufferPointer(rebasing: $0[..<n]))
                        }) {
                            guard let request = try? JSON.parse(line) else { break serving }
                            guard let result = reply(request) else { continue }
                            try? client.writeAll(WireLine.result(id: request["id"] ?? .null, result))
                        }
                    }
                    client.close()
                }
            }
            thread.start()
        }
    }

    @Test func aFlightWithProgressAndRateOutOfRangeIsShownClamped() throws {
        let sandbox = Sandbox()
        let crash = try String(contentsOfFile: Self.corpus + "/crash-progress-out-of-range", encoding: .utf8)
        let recorded = try #require(try JSON.parse(crash.split(separator: "\n")[0].utf8)["result"])
        let hostile = recorded.adding("progress", .double(7.5)).adding("onTimeRate", .double(-3))
        let fake = try FakeDaemon(path: sandbox.socket, count: 2) { _ in hostile }
        let shown = try sandbox.board("show", "8087")
        #expect(shown.status == 0, "\(shown.stderr)")
        let bar = try #require(shown.stdout.split(separator: "\n").first { $0.contains("Progress") })
        #expect(bar.contains(String(repeating: "█", count: 20)) && bar.contains("100%"), "\(bar)")
        #expect(shown.stdout.contains("On time     0%"), "\(shown.stdout)")
        let recordedToo = try sandbox.board("show", "8087")
        #expect(recordedToo.status == 0, "\(recordedToo.stderr)")
        _ = fake
    }

    @Test func aClockSpeedBeyondAnyDaemonsIsReadAsTheLimit() throws {
        let sandbox = Sandbox()
        let fake = try FakeDaemon(path: sandbox.socket, count: 1) { _ in
            ["schema": 1, "now": "2026-11-30T12:00:00-05:00", "simulated": true, "speed": .double(1e300)]
        }
        let clock = try sandbox.board("clock")
        #expect(clock.status == 0, "\(clock.stderr)")
        #expect(clock.stdout.contains("SIMULATED, 1000000x"), "\(clock.stdout)")
        _ = fake
    }

    /// A status line whose next departure's answer does not come in its budget is offline, never
    /// "none left": at 23:50 no departure is left today, and the next is tomorrow's, which only the
    /// daemon's `flight.soonest` names.
    @Test func aStatusLineWithoutTheNextDeparturesAnswerIsOfflineNotNoneLeft() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox, now: "2026-11-30T23:50:00-05:00")
        let connection = try BoardConnection(path: sandbox.socket)
        let board = try connection.call(.boardGet, ["tab": "all", "hidePast": true])
        let ping = try connection.call(.ping)
        let soonest = try connection.call(.flightSoonest, ["tab": "departures"])
        let tomorrow = try connection.call(.boardGet, ["tab": "departures", "hidePast": true, "date": "+1"])
        #expect(soonest["date"]?.string == "2026-12-01", "\(soonest)")
        // Killed, not stopped: a daemon stopped on purpose leaves the marker that makes the line "stopped".
        try daemon.stop(signal: SIGKILL)
        try? FileManager.default.removeItem(atPath: sandbox.socket)

        /// `board status ARGUMENTS` from a daemon that answers all but what `unanswered` leaves. A line
        /// that should be online is asked again until it is (`statusOnline`): a loaded machine (a
        /// sanitizer run beside the suite) can miss the budget, and then the line is offline rightly.
        func status(_ arguments: String..., leaving unanswered: String? = nil) throws -> String {
            // (`Optional.none`, not `nil`: a JSON literal's nil is JSON's null, an answer.)
            let fake = try FakeDaemon(path: sandbox.socket, count: unanswered == nil ? 50 : 1) { request -> JSON? in
                let asked = request["params"]?["date"] == nil ? request["method"]?.string : "board.get +1"
                guard asked != unanswered else { return Optional.none }
                switch asked {
                case "board.get": return board
                case "board.get +1": return tomorrow
                case "ping": return ping
                case "flight.soonest": return soonest
                default: return Optional.none
                }
            }
            defer { try? FileManager.default.removeItem(atPath: sandbox.socket) }
            _ = fake
            guard unanswered == nil else { return try sandbox.board(arguments: ["status"] + arguments).stdout }
            let hasNext: (ProcessResult) -> Bool = { $0.stdout.contains("next ") }
            return try statusOnline(has: hasNext) { try sandbox.board(arguments: ["status"] + arguments) }.stdout
        }
        let answered = try status()
        #expect(answered.contains("next Southeast 513 Dec 1 06:35"), "\(answered)")
        let withoutSoonest = try status(leaving: "flight.soonest")
        #expect(withoutSoonest.contains("board: offline") && !withoutSoonest.contains("next -"), "\(withoutSoonest)")
        // With a filter the next departure is the filtered board's, here tomorrow's.
        let filtered = try status("--status", "scheduled")
        #expect(filtered.contains("next Southeast 513 Dec 1 06:35"), "\(filtered)")
        let withoutTomorrow = try status("--status", "scheduled", leaving: "board.get +1")
        #expect(withoutTomorrow.contains("board: offline") && !withoutTomorrow.contains("next -"), "\(withoutTomorrow)")
    }

    static let corpus: String = {
        var directory = URL(fileURLWithPath: #filePath)
        while directory.path != "/",
            !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path)
        {
            directory.deleteLastPathComponent()
        }
        return directory.path + "/Fuzz/corpus/replies"
    }()
}

extension JSON {
    fileprivate func adding(_ key: String, _ value: JSON) -> JSON {
        guard var pairs = objectPairs else { return self }
        if let index = pairs.firstIndex(where: { $0.0 == key }) { pairs[index].1 = value } else { pairs.append((key, value)) }
        return .object(pairs)
    }
}
