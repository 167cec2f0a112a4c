import BoardArguments
import BoardProtocol
import BoardSystem
import FoundationEssentials

/// `board bench`: the project's load tool, as `redis-benchmark` and `nats bench` are.
///
/// Request/response: `--clients N --duration S` on `board.get` (or `--method`),
/// printing requests per second and p50/p99/max latency. Fan-out: `--watchers N
/// --rounds R`, each round one `clock.advance`, timed until every watcher holds
/// the new board. Either way, the server's peak memory (VmHWM, found through
/// SO_PEERCRED). `--resp KEY` runs the same client design against Redis on the
/// socket: GET KEY, or SUBSCRIBE/PUBLISH on KEY with `--payload FILE`.
struct BenchOptions: Equatable {
    var clients = 50
    var duration = 5.0
    var method = "board.get"
    var params = "{}"
    var watchers: Int?
    var rounds = 20
    /// What fan-out watchers watch: one board, a view each, or the changes.
    var subscription = BenchRunner.Subscription.board
    /// The sockets fan-out watchers watch, in turn (replicas of the daemon on `--socket`); empty: that one.
    var watchSockets: [String] = []
    var respKey: String?
    var payloadFile: String?
    /// A hostile load to run while one good client pings (`FairnessBench`).
    var hostile: FairnessBench.Hostile?
}

enum BenchCommand {
    static func run(_ bench: BenchOptions, client: BoardClient) throws(ClientError) {
        let kind: BenchProtocol
        if let key = bench.respKey {
            kind = .resp(key: key)
        } else {
            kind = .board(method: bench.method, params: bench.params)
            _ = try client.connect()  // starts the daemon when needed
        }
        var payload: [UInt8] = []
        if let file = bench.payloadFile {
            guard let data = FileManager.default.contents(atPath: file) else { throw .failure("cannot read --payload \(file)") }
            payload = Array(data)
            while payload.last == UInt8(ascii: "\n") { payload.removeLast() }
        }
        let server = bench.respKey == nil ? "boardd" : "redis"
        do {
            if let hostile = bench.hostile {
                let result = try FairnessBench.run(
                    path: client.socket, hostile: hostile, duration: bench.duration, watchers: bench.watchers)
                return report(result, json: client.options.json)
            }
            if let watchers = bench.watchers {
                if case .resp = kind, payload.isEmpty {
                    throw ClientError.usage(UsageError(message: "--resp fan-out needs --payload FILE", command: "bench"))
                }
                if case .resp = kind, bench.subscription != .board {
                    throw ClientError.usage(
                        UsageError(message: "--resp fan-out has no --subscription: Redis has one channel", command: "bench"))
                }
                if case .resp = kind, !bench.watchSockets.isEmpty {
                    throw ClientError.usage(
                        UsageError(message: "--watch-on is for boardd's replicas, not --resp", command: "bench"))
                }
                let result = try BenchRunner.fanOut(
                    path: client.socket, kind: kind, watchers: watchers, rounds: bench.rounds, payload: payload,
                    subscription: bench.subscription, watchPaths: bench.watchSockets)
                report(result, server: server, subscription: bench.subscription, json: client.options.json)
            } else {
                let result = try BenchRunner.requests(
                    path: client.socket, kind: kind, clients: bench.clients, duration: bench.duration)
                report(
                    result, server: server, label: bench.respKey.map { "GET \($0)" } ?? bench.method, json: client.options.json)
            }
        } catch let error as BenchRunner.Failure {
            throw .failure("bench: \(error.description)")
        } catch let error as ClientError {
            throw error
        } catch {
            throw .failure("bench: \(error)")
        }
    }

    static func ms(_ seconds: Double) -> String { fixed(seconds * 1000, digits: 3) + " ms" }

    /// `value` with `digits` digits after the point, rounded half away from zero, as `%.Nf` prints it (a zero without its sign).
    static func fixed(_ value: Double, digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale)
        let fraction = Int(scaled) - whole * Int(scale)
        var text = String(fraction)
        while text.count < digits { text = "0" + text }
        return (value < 0 && scaled != 0 ? "-" : "") + String(whole) + (digits > 0 ? "." + text : "")
    }

    static func memoryJSON(_ pid: Int32?) -> JSON {
        guard let memory = BenchRunner.memory(of: pid) else { return .null }
        return ["peakKiB": .int(memory.peakKiB), "currentKiB": .int(memory.currentKiB)]
    }

    static func memoryText(_ pid: Int32?) -> String {
        guard let memory = BenchRunner.memory(of: pid) else { return "server memory: unknown" }
        let peak = fixed(Double(memory.peakKiB) / 1024, digits: 1)
        let now = fixed(Double(memory.currentKiB) / 1024, digits: 1)
        return "server peak memory \(peak) MiB (now \(now) MiB)"
    }

    static func report(_ result: BenchRunner.RequestResult, server: String, label: String, json: Bool) {
        if json {
            let value: JSON = [
                "schema": 1, "mode": "requests", "server": .string(server), "method": .string(label),
                "requests": .int(result.requests), "seconds": .double(result.seconds),
                "requestsPerSecond": .double(result.perSecond.rounded()), "replyBytes": .int(result.replyBytes),
                "latencyMs": result.latency.millisecondsJSON,
                "memory": memoryJSON(result.serverPID),
            ]
            return Output.print(value.text)
        }
        Output.print(
            """
            \(server) \(label): \(result.requests) requests in \(Self.fixed(result.seconds, digits: 2)) s, \(Int(result.perSecond.rounded())) req/s (\(result.replyBytes)-byte replies)
            latency p50 \(ms(result.latency.p50)), p99 \(ms(result.latency.p99)), max \(ms(result.latency.max))
            \(memoryText(result.serverPID))
            """)
    }

    static func report(_ result: FairnessBench.Result, json: Bool) {
        let memory = result.memory
        let perMove = result.mainLoopCPUPerMove
        if json {
            func kib(_ value: Int?) -> JSON { value.map { .int($0) } ?? .null }
            let value: JSON = [
                "schema": 1, "mode": "fairness", "hostile": .string(result.hostile.rawValue), "pings": .int(result.pings.count),
                "seconds": .double(result.seconds), "hostileReplies": .int(result.hostileReplies),
                "pingMs": result.pings.millisecondsJSON, "freshPings": .int(result.freshPings.count),
                "freshPingMs": result.freshPings.millisecondsJSON,
                "moves": .int(result.moves.count), "moveMs": result.moves.millisecondsJSON,
                "cpuSeconds": result.cpuSeconds.map { .double($0) } ?? .null,
                "mainLoopCPUMsPerMove": perMove.map { .double($0 * 1000) } ?? .null,
                "memory": memoryJSON(result.serverPID),
                "residentKiB": ["idle": kib(memory.idleKiB), "peak": kib(memory.peakKiB), "after": kib(memory.afterKiB)],
            ]
            return Output.print(value.text)
        }
        func mib(_ value: Int?) -> String { value.map { fixed(Double($0) / 1024, digits: 1) + " MiB" } ?? "unknown" }
        var lines = [
            "boardd ping beside a hostile \(result.hostile.rawValue) load: \(result.pings.count) pings in \(Self.fixed(result.seconds, digits: 2)) s (the hostile side got \(result.hostileReplies) replies)",
            "ping p50 \(ms(result.pings.p50)), p99 \(ms(result.pings.p99)), max \(ms(result.pings.max))",
            "fresh connections: \(result.freshPings.count) pings, p50 \(ms(result.freshPings.p50)), p99 \(ms(result.freshPings.p99)), max \(ms(result.freshPings.max))",
        ]
        if result.moves.count > 0 {
            let cpu = perMove.map { ", main loop CPU \(ms($0)) a move" } ?? ""
            lines.append(
                "clock moves: \(result.moves.count), reply p50 \(ms(result.moves.p50)), p99 \(ms(result.moves.p99)), max \(ms(result.moves.max))\(cpu)"
            )
        }
        let after = memory.afterKiB.map { ", \(mib($0)) 5 s after the hostile clients left" } ?? ""
        let cpu = result.cpuSeconds.map { "server CPU \(fixed($0, digits: 2)) s in all; " } ?? ""
        lines.append("\(cpu)resident memory: idle \(mib(memory.idleKiB)), peak \(mib(memory.peakKiB))\(after)")
        Output.print(lines.joined(separator: "\n"))
    }

    static func report(
        _ result: BenchRunner.FanOutResult, server: String, subscription: BenchRunner.Subscription, json: Bool
    ) {
        if json {
            let value: JSON = [
                "schema": 1, "mode": "fanOut", "server": .string(server), "subscription": .string(subscription.rawValue),
                "watchers": .int(result.watchers),
                "rounds": .int(result.rounds), "boardBytes": .int(result.boardBytes),
                "latencyMs": result.latency.millisecondsJSON,
                "roundMs": ["p50": .double(result.roundLatency.p50 * 1000), "max": .double(result.roundLatency.max * 1000)],
                "moverMs": result.mover.millisecondsJSON,
                "memory": memoryJSON(result.serverPID),
            ]
            guard subscription == .events, case .object(let pairs) = value else { return Output.print(value.text) }
            return Output.print(JSON.object(pairs + [("movesNotTimed", .int(result.movesNotTimed))]).text)
        }
        Output.print(
            """
            \(server) fan-out (\(subscription.rawValue)): \(result.watchers) watchers x \(result.rounds) rounds (\(result.boardBytes)-byte messages)
            delivery p50 \(ms(result.latency.p50)), p99 \(ms(result.latency.p99)), max \(ms(result.latency.max)); last watcher per round p50 \(ms(result.roundLatency.p50))
            the client that moved the clock: reply p50 \(ms(result.mover.p50)), p99 \(ms(result.mover.p99))\(subscription == .events ? "\nmoves of several changes, read but not timed: \(result.movesNotTimed)" : "")
            \(memoryText(result.serverPID))
            """)
    }
}
