import BoardLink
import BoardProtocol
import BoardSystem
import FlightData
import Foundation
import Glibc
import Synchronization
import Testing

/// A simulated day with 200 watchers coming and going, reading slowly, while clients query.
///
/// At the end every watcher holds the final board, the daemon's memory is back
/// near where it started and no descriptor leaked. The figures are printed.
@Suite struct SoakTests {
    static func residentKiB(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }

    static func openDescriptors(_ pid: Int32) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).count
    }

    static func starts(_ line: [UInt8], with prefix: String) -> Bool { line.starts(with: prefix.utf8) }

    /// The value of the first `"now":"..."` in a line.
    static func now(in line: [UInt8]) -> String? {
        let key = Array("\"now\":\"".utf8)
        guard let range = line.firstRange(of: key) else { return nil }
        let start = range.upperBound
        guard let end = line[start...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        return String(decoding: line[start..<end], as: UTF8.self)
    }

    struct Tally {
        var connections = 0
        var boards = 0
        var queries = 0
        var finalBoards = 0
        var dropped = 0
        var failures: [String] = []
    }

    @Test func aDayOfChurningWatchers() throws {
        let sandbox = Sandbox()
        let daemon = try RunningDaemon(sandbox: sandbox, now: "2026-11-30T00:00:00-05:00")
        let socket = daemon.socket
        let pid = daemon.pid
        // Warm up once, so start-up allocations are not counted as growth.
        _ = try BoardConnection(path: socket).call(.boardGet)
        let startKiB = Self.residentKiB(pid)
        let startFDs = Self.openDescriptors(pid)

        let tally = Locked(Tally())
        let finalNow = Locked<String?>(nil)
        let stop = Atomic<Bool>(false)
        // BOARD_SOAK_WATCHERS scales it down for the sanitizer runs, where every thread is many times slower.
        let watcherCount = Int(ProcessInfo.processInfo.environment["BOARD_SOAK_WATCHERS"] ?? "") ?? 200
        var threads: [Thread] = []
        let done = Atomic<Int>(0)

        for index in 0..<watcherCount {
            let thread = Thread {
                var rng = SplitMix64(seed: 7, keys: UInt64(index))
                defer { done.add(1, ordering: .sequentiallyConsistent) }
                while true {
                    guard let connection = try? BoardConnection(path: socket, timeoutMilliseconds: 10_000) else {
                        tally.withLock { $0.failures.append("watcher \(index) could not connect") }
                        return
                    }
                    // A slow reader: a small receive buffer, so the daemon's newest-only path is exercised.
                    var small: Int32 = 4096
                    setsockopt(connection.descriptor.rawValue, SOL_SOCKET, SO_RCVBUF, &small, socklen_t(MemoryLayout<Int32>.size))
                    let tab = Tab.allCases[rng.next(below: 3)]
                    let id = connection.send(
                        .boardWatch, ["tab": .string(tab.rawValue), "hidePast": .bool(rng.chance(percent: 50))])
                    tally.withLock { $0.connections += 1 }
                    let leaveAfter = 1 + rng.next(below: 40)
                    var seen = 0
                    var latest: String?
                    while true {
                        let finishing = stop.load(ordering: .sequentiallyConsistent)
                        let target = finalNow.withLock { $0 }
                        if finishing, let target, latest == target {
                            tally.withLock { $0.finalBoards += 1 }
                            return
                        }
                        let line: [UInt8]
                        do {
                            line = try connection.readLine(timeoutMilliseconds: finishing ? 10_000 : 200)
                        } catch {
                            if case .timedOut = error as? ConnectionError {
                                if !finishing { continue }
                                tally.withLock { $0.failures.append("watcher \(index) never got the final board") }
                                return
                            }
                            // Dropped by the daemon (a watcher too slow for too long): come back, as a client would.
                            tally.withLock { $0.dropped += 1 }
                            break
                        }
                        // Boards are read without parsing them whole (200 threads parsing 10 KiB each would
                        // measure the test, not the daemon): the reply's id and the board's "now" are enough.
                        guard Self.starts(line, with: "{\"id\":\(id),"), let now = Self.now(in: line) else { continue }
                        seen += 1
                        latest = now
                        tally.withLock { $0.boards += 1 }
                        if finishing, let target, now == target {
                            tally.withLock { $0.finalBoards += 1 }
                            return
                        }
                        if !finishing && seen >= leaveAfter { break }  // disconnect at random, then come back
                    }
                }
            }
            threads.append(thread)
            thread.start()
        }

        // A client querying all day long.
        let querier = Thread {
            var rng = SplitMix64(seed: 99)
            while !stop.load(ordering: .sequentiallyConsistent) {
                guard let connection = try? BoardConnection(path: socket) else { continue }
                for _ in 0..<20 {
                    let params: JSON = ["tab": .string(Tab.allCases[rng.next(below: 3)].rawValue)]
                    let method: WireMethod = [.boardGet, .search, .clockGet, .flightSoonest][rng.next(below: 4)]
                    let query: JSON = method == .search ? ["text": "mi"] : params
                    if (try? connection.call(method, query)) != nil { tally.withLock { $0.queries += 1 } }
                }
            }
        }
        querier.start()

        // The day: 288 five-minute steps, each pushed to every watcher.
        let control = try BoardConnection(path: socket)
        var peakKiB = startKiB
        for step in 0..<288 {
            _ = try control.call(.clockAdvance, ["minutes": 5])
            if step % 16 == 0 { peakKiB = max(peakKiB, Self.residentKiB(pid)) }
        }
        let final = try control.call(.clockGet)["now"]?.string
        #expect(final == "2026-12-01T00:00:00-05:00")
        finalNow.withLock { $0 = final }
        stop.store(true, ordering: .sequentiallyConsistent)
        // Make sure a board for the final instant exists for those that reconnect; then wait for all.
        try waitUntil("every watcher to finish", timeout: 180) { done.load(ordering: .sequentiallyConsistent) == watcherCount }
        try waitUntil("the querier to stop", timeout: 20) { querier.isFinished }
        peakKiB = max(peakKiB, Self.residentKiB(pid))

        let result = tally.withLock { $0 }
        #expect(result.failures.isEmpty, "\(result.failures.prefix(5))")
        #expect(result.finalBoards == watcherCount, "every watcher holds the final board")
        #expect(result.queries > 0)

        // Everyone has gone: the descriptors come back to where they were.
        var endFDs = 0
        try waitUntil("the daemon to close every connection", timeout: 20) {
            endFDs = Self.openDescriptors(pid)
            return endFDs <= startFDs + 1  // the control connection may still be open
        }
        let endKiB = Self.residentKiB(pid)
        print(
            "soak: \(watcherCount) watchers, \(result.connections) connections (\(result.dropped) dropped by the daemon), \(result.boards) boards received, \(result.queries) queries;",
            "daemon RSS \(startKiB) KiB at start, \(peakKiB) KiB peak, \(endKiB) KiB at end; descriptors \(startFDs) -> \(endFDs)"
        )
        // Under AddressSanitizer freed memory sits in its quarantine (up to 256 MiB) and resident size says
        // nothing about the daemon; the ASan run in CI sets BOARD_SOAK_SKIP_MEMORY and checks the rest.
        if ProcessInfo.processInfo.environment["BOARD_SOAK_SKIP_MEMORY"] == nil {
            #expect(endKiB < startKiB + 24 * 1024, "memory back near its start: \(startKiB) -> \(endKiB) KiB")
        }
        _ = control
        try daemon.stop()
    }
}
