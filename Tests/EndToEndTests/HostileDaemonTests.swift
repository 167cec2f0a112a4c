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
    /// Serves `count` connections on `path` from a thread: the hello, then `reply(request)` for each request line.
    final class FakeDaemon {
        let listener: FileDescriptor
        let thread: Thread

        init(path: String, count: Int, reply: @escaping @Sendable (JSON) -> JSON) throws {
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
                            try? client.writeAll(WireLine.result(id: request["id"] ?? .null, reply(request)))
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
