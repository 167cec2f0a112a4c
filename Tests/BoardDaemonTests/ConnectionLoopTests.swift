import BoardProtocol
import BoardSystem
import FlightData
import Foundation
import Testing

@testable import BoardDaemon

/// The loop core driven in process, a turn at a time, over socketpairs (as swift-nio's
/// `EmbeddedChannel` drives a pipeline): the test plays each client's end and moves the loop's
/// clock by hand. `ScriptedDuty` stands for what the main or read loop does with a line, so every
/// figure here is the core's own: framing, the share a turn, the backlog's order, output bounds,
/// deadlines and the hand-over between loops.
@Suite(.serialized)
struct ConnectionLoopTests {
    @Test func linesAreFramedAcrossReadsAndAnsweredInOrder() throws {
        let harness = try LoopHarness()
        let client = try harness.connect()
        try client.send("echo a\necho b\nech")
        harness.turn()
        #expect(try client.received() == "a\nb\n")
        try client.send("o c\n")
        harness.turn()
        #expect(try client.received() == "c\n")
        #expect(harness.duty.answered == ["echo a", "echo b", "echo c"])
    }

    @Test func aLineOverTheLimitIsRefusedAndTheConnectionClosed() throws {
        let harness = try LoopHarness()
        let client = try harness.connect()
        try client.send(String(repeating: "x", count: LineFramer.protocolLimit + 10))
        // A few reads a wake: the line is over the limit within a few turns (how many depends on how the
        // socketpair hands the bytes over; under a sanitizer, more than two). Bounded, never hoped for.
        for _ in 0..<50 where harness.loop.connections.count > 0 { harness.turn() }
        let reply = try client.received()
        #expect(reply.contains(#""code":"tooLarge""#))
        #expect(client.isClosedByPeer())
        #expect(harness.loop.connections.count == 0)
        #expect(harness.duty.answered.isEmpty)
    }

    @Test func aClientIsAnsweredSixteenRequestsATurn() throws {
        let harness = try LoopHarness()
        let client = try harness.connect()
        try client.send((1...40).map { "echo \($0)\n" }.joined())
        harness.turn()
        #expect(harness.duty.answered.count == ConnectionLoop.requestsPerTurn)
        #expect(try client.received().split(separator: "\n").count == 16)
        harness.turn()
        #expect(harness.duty.answered.count == 32)
        harness.turn()
        #expect(harness.duty.answered.count == 40)
        #expect(try client.received().split(separator: "\n").map(String.init) == (17...40).map(String.init))
    }

    @Test func aClientIsAnsweredAboutOneHundredTwentyEightKibibytesATurn() throws {
        let harness = try LoopHarness()
        let client = try harness.connect()
        try client.send(String(repeating: "size 40000\n", count: 10))
        harness.turn()
        // The share is checked before each request: 3 replies (120 KB) leave room for a 4th, 4 do not.
        #expect(harness.duty.answered.count == 4)
        _ = try client.received()
        harness.turn()
        #expect(harness.duty.answered.count == 8)
    }

    @Test func theBacklogServesClientsInTheOrderTheyFirstWaited() throws {
        let harness = try LoopHarness()
        let first = try harness.connect()
        let second = try harness.connect()
        try first.send((1...20).map { "echo A\($0)\n" }.joined())
        try second.send((1...20).map { "echo B\($0)\n" }.joined())
        harness.turn()
        let firstTurn = harness.duty.answered
        #expect(firstTurn.count == 32)
        #expect(firstTurn.filter { $0.hasPrefix("echo A") }.count == 16)
        harness.turn()
        let secondTurn = Array(harness.duty.answered.dropFirst(32))
        // Each client's rest, in the order the clients were served before.
        let order = firstTurn.first!.hasPrefix("echo A") ? ["A", "B"] : ["B", "A"]
        #expect(secondTurn == order.flatMap { name in (17...20).map { "echo \(name)\($0)" } })
        #expect(try first.received().hasSuffix("A20\n"))
        #expect(try second.received().hasSuffix("B20\n"))
    }

    @Test func aClientOverItsOutputBoundIsNotAnsweredUntilItReads() throws {
        var limits = ServerLimits()
        limits.maxQueuedBytes = 64 << 10
        let harness = try LoopHarness(limits: limits)
        let client = try harness.connect()
        try client.send("size 2000000\necho after\n")
        for _ in 0..<3 { harness.turn() }
        #expect(harness.duty.answered == ["size 2000000"])
        let queued = try #require(harness.loop.connections[client.token]?.queuedBytes)
        #expect(queued > limits.maxQueuedBytes)
        // Reading lets the socket take the rest, and the next request is answered.
        let expected = 2_000_001 + "after\n".utf8.count
        var received = 0
        for _ in 0..<1000 where received < expected {
            received += try client.received().utf8.count
            harness.turn()
        }
        #expect(harness.duty.answered == ["size 2000000", "echo after"])
        #expect(received == expected)
    }

    /// A loop whose clients may queue 100 KiB in all (`ceiling` at most), a heavy client that asked
    /// for 2 MB without reading and a light one that has asked nothing yet.
    static func heavyAndLight(ceiling: Int) throws -> (LoopHarness, heavy: TestClient, light: TestClient, ServerLimits) {
        var limits = ServerLimits()
        limits.maxQueuedBytesTotal = 100 << 10
        limits.maxQueuedBytesCeiling = ceiling
        let harness = try LoopHarness(limits: limits)
        let heavy = try harness.connect()
        let light = try harness.connect()
        try heavy.send("size 2000000\n")
        harness.turn()
        return (harness, heavy, light, limits)
    }

    @Test func aClientWithNothingWaitingIsAnsweredWhileAllOutputIsOverTheTotal() throws {
        let (harness, heavy, light, limits) = try Self.heavyAndLight(ceiling: 4 << 20)
        #expect(harness.link.meter.queuedBytes > limits.maxQueuedBytesTotal)
        try heavy.send("echo heavy\n")
        try light.send("echo light\n")
        harness.turn()
        #expect(harness.duty.answered == ["size 2000000", "echo light"])
        #expect(try light.received() == "light\n")
    }

    /// Past the ceiling of all clients' output, a client with nothing waiting is not answered either,
    /// and is once the output falls back under it (the sweep looks at it again: no event of its own
    /// would). Clients that each asked once and never read held a reply each, 760 MB for 8,000.
    @Test func noClientIsAnsweredWhileAllOutputIsOverTheCeiling() throws {
        let (harness, heavy, light, limits) = try Self.heavyAndLight(ceiling: 1 << 20)
        #expect(harness.link.meter.queuedBytes > limits.maxQueuedBytesCeiling)
        try light.send("echo light\n")
        harness.turn()
        #expect(harness.duty.answered == ["size 2000000"])
        // The heavy client reads its reply; the light one is answered within a sweep.
        var received = 0
        for _ in 0..<1000 where received < 2_000_001 {
            received += try heavy.received().utf8.count
            harness.turn()
        }
        #expect(harness.link.meter.queuedBytes < limits.maxQueuedBytesCeiling)
        harness.clock.advance(by: ConnectionLoop.sweepInterval)
        harness.turn()
        harness.turn()
        #expect(harness.duty.answered == ["size 2000000", "echo light"])
        #expect(try light.received() == "light\n")
    }

    /// A turn answers requests for `servingBudget` (5 ms) at most, then looks at its events again;
    /// the rest are answered in the next turn, in order. Thousands of clients with a search each
    /// were answered in one turn of half a minute.
    @Test func aTurnAnswersForItsBudgetAndTheRestInTheNext() throws {
        let harness = try LoopHarness()
        let clients = try (0..<10).map { _ in try harness.connect() }
        for client in clients { try client.send("slow 1\n") }
        harness.turn()
        #expect(harness.duty.answered.count == 5, "5 ms of 1 ms requests: \(harness.duty.answered.count)")
        harness.turn()
        #expect(harness.duty.answered.count == 10)
        for client in clients { #expect(try client.received() == "slow\n") }
    }

    /// A client gone both ways (closed) before the read loop answers it has its reads left
    /// unanswered: no one would read the answers (4,000 clients that each asked for a search and hung
    /// up kept the read loop busy for half a minute). What it asked the main loop to do (a clock move)
    /// is handed on all the same, and a client that only shut its writing is answered.
    @Test func aClientThatHungUpHasItsReadsLeftUnansweredAndItsWritesCarriedOut() throws {
        let harness = try LoopHarness()
        let readLoop = try ReadLoop(link: harness.link, service: harness.service, limits: ServerLimits(), log: harness.log)
        let gone = try harness.connect(to: readLoop.loop)
        let search = #"{"id":1,"method":"search","params":{"text":"a"}}"# + "\n"
        try gone.send(search + #"{"id":2,"method":"clock.advance","params":{"minutes":5}}"# + "\n")
        gone.descriptor.close()
        let halfClosed = try harness.connect(to: readLoop.loop)
        try halfClosed.send(#"{"id":3,"method":"ping"}"#)
        #expect(shutdown(halfClosed.descriptor.rawValue, Int32(SHUT_WR)) == 0)
        // The half-closed client's line ends at its end of writing, read in the second turn.
        readLoop.loop.turn(readLoop, sleeping: false)
        readLoop.loop.turn(readLoop, sleeping: false)
        let handed = harness.link.toMain.take()
        #expect(handed.count == 1)
        #expect(handed.first.map { $0.queuedBytes == 0 && $0.inbox.count == 1 } == true, "no search answer, the move on its way")
        Self.expectClockMoveFirstAndLetGo(handed)
        #expect(try halfClosed.received().contains(#""id":3,"result""#))
    }

    /// The two deadlines a client can miss: a line that never finishes (10 s here) and output it
    /// stops reading (30 s here). Neither closes a moment early; both close at the next sweep after.
    enum Deadline: CaseIterable { case partialLine, stalledOutput }

    @Test(arguments: Deadline.allCases)
    func aClientPastADeadlineIsClosedThenAndNotBefore(_ deadline: Deadline) throws {
        var limits = ServerLimits()
        limits.partialLineTimeout = 10
        limits.stalledWriteTimeout = 30
        let timeout = deadline == .partialLine ? limits.partialLineTimeout : limits.stalledWriteTimeout
        let harness = try LoopHarness(limits: limits)
        let client = try harness.connect()
        try client.send(deadline == .partialLine ? "echo never fin" : "size 2000000\n")
        harness.turn()
        harness.clock.advance(by: .seconds(timeout - 1))
        harness.turn()
        #expect(harness.loop.connections.contains(client.token))
        harness.clock.advance(by: .seconds(2))
        harness.turn()
        #expect(!harness.loop.connections.contains(client.token))
        #expect(client.isClosedByPeer())
        #expect(harness.link.clients.load(ordering: .relaxed) == 0)
        #expect(harness.link.meter.queuedBytes == 0)
    }

    @Test func aHandedOverClientGetsItsQueuedOutputFirstThenTheRestInOrder() throws {
        let harness = try LoopHarness()
        let client = try harness.connect()
        try client.send("echo 1\nmove\necho 2\n")
        harness.turn()
        #expect(!harness.loop.connections.contains(client.token))
        harness.turnOther()
        #expect(try client.received() == "1\nmoved\n2\n")
        #expect(harness.duty.answered == ["echo 1", "move"])
        #expect(harness.otherDuty.answered == ["move", "echo 2"])
        #expect(harness.link.clients.load(ordering: .relaxed) == 1)
    }

    @Test func theReadLoopAnswersReadsAndHandsTheRestToTheMainLoop() throws {
        let harness = try LoopHarness()
        let readLoop = try ReadLoop(link: harness.link, service: harness.service, limits: ServerLimits(), log: harness.log)
        let client = try harness.connect(to: readLoop.loop)
        try client.send(
            #"{"id":1,"method":"ping"}"# + "\n" + #"{"id":2,"method":"clock.advance","params":{"minutes":5}}"# + "\n"
                + #"{"id":3,"method":"ping"}"# + "\n")
        readLoop.loop.turn(readLoop, sleeping: false)
        // The ping's answer travels with the client, written by the main loop before it answers the rest.
        #expect(try client.received() == "")
        let handed = harness.link.toMain.take()
        #expect(handed.count == 1)
        #expect(handed.first.map { $0.queuedBytes > 0 && $0.inbox.count == 2 } == true)
        // A subscription it asked for would start where the read loop's clock was (`handedOverAt`).
        #expect(handed.first?.handedOverAt == harness.service.clock.now)
        Self.expectClockMoveFirstAndLetGo(handed)
    }

    /// The clients the read loop handed to the main loop: the first one's first line waiting is the
    /// clock move; then they are let go (their share of the meter and their descriptors).
    static func expectClockMoveFirstAndLetGo(_ handed: [ClientConnection]) {
        if case .line(let line) = handed.first?.inbox.first {
            #expect(String(decoding: line, as: UTF8.self).contains("clock.advance"))
        } else {
            Issue.record("the clock.advance request was not handed over first")
        }
        for connection in handed {
            connection.release()
            connection.descriptor.close()
        }
    }

    /// The read loop accepts on the main loop's listener too: a new client is greeted and its first
    /// read answered with the main loop never turning, as when a clock move keeps it busy. Of the
    /// clients either loop accepts, the odd ones are the main loop's: the read loop hands them over
    /// once answered, and keeps the even ones.
    @Test func theReadLoopGreetsAndAnswersNewClientsWhileTheMainLoopIsBusy() throws {
        let harness = try LoopHarness()
        let socket = try TestListener()
        defer { socket.close() }
        try harness.link.shareListener(socket.descriptor)
        let readLoop = try ReadLoop(link: harness.link, service: harness.service, limits: ServerLimits(), log: harness.log)
        defer { readLoop.finish() }
        let first = try socket.connectAndPing(readLoop)
        defer { first.close() }
        let handed = harness.link.toMain.take()
        #expect(handed.count == 1, "the first client is the main loop's once answered")
        for connection in handed {
            connection.release()
            connection.descriptor.close()
        }
        let second = try socket.connectAndPing(readLoop)
        defer { second.close() }
        #expect(harness.link.toMain.take().isEmpty, "the second client stays on the read loop")
        #expect(readLoop.loop.connections.count == 1)
        #expect(harness.link.accepted.load(ordering: .relaxed) == 2)
    }

    /// When the main loop binds the socket's path again, it offers the new listener: the read loop
    /// takes it at the end of its next turn and accepts there.
    @Test func theReadLoopAcceptsOnTheListenerOfferedLast() throws {
        let harness = try LoopHarness()
        let old = try TestListener()
        defer { old.close() }
        try harness.link.shareListener(old.descriptor)
        let readLoop = try ReadLoop(link: harness.link, service: harness.service, limits: ServerLimits(), log: harness.log)
        defer { readLoop.finish() }
        let rebound = try TestListener()
        defer { rebound.close() }
        try harness.link.shareListener(rebound.descriptor)
        readLoop.loop.turn(readLoop, sleeping: false)
        let client = try rebound.connectAndPing(readLoop)
        client.close()
    }
}

/// A listening socket of the test's own, in the temporary directory.
struct TestListener {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("loop-\(UUID().uuidString.prefix(8)).sock").path
    let descriptor: FileDescriptor

    init() throws { descriptor = try UnixSocket.listen(path: path) }

    func close() {
        descriptor.close()
        unlink(path)
    }

    /// Connects, reads the hello and pings, turning only `readLoop` (at most 50 turns a line).
    func connectAndPing(_ readLoop: ReadLoop) throws -> FileDescriptor {
        let client = try UnixSocket.connect(path: path)
        client.setNonBlocking()
        func line() throws -> String {
            var received = ""
            for _ in 0..<50 where !received.hasSuffix("\n") {
                readLoop.loop.turn(readLoop, sleeping: false)
                received += try TestClient(token: 0, descriptor: client).received()
            }
            return received
        }
        let hello = try line()
        #expect(hello.contains(#""hello""#), "\(hello)")
        try client.writeAll(#"{"id":1,"method":"ping"}"# + "\n")
        let reply = try line()
        #expect(reply.contains(#""id":1,"result""#), "\(reply)")
        return client
    }
}

/// Stands for a loop's duty: `echo TEXT` is answered with TEXT, `size N` with N bytes, `slow MS`
/// takes MS milliseconds of the loop's clock, and `move` hands the client to the other loop when
/// `handsOver`, else is answered `moved`.
final class ScriptedDuty: LoopDuty {
    let handsOver: Bool
    let clock: ManualInstantClock?
    private(set) var answered: [String] = []

    init(handsOver: Bool, clock: ManualInstantClock? = nil) {
        self.handsOver = handsOver
        self.clock = clock
    }

    func respond(to line: [UInt8], from token: UInt64, in loop: ConnectionLoop) {
        let text = String(decoding: line, as: UTF8.self)
        answered.append(text)
        if text.hasPrefix("slow "), let milliseconds = Int(text.dropFirst(5)) {
            clock?.advance(by: .milliseconds(milliseconds))
            loop.enqueue(Array("slow\n".utf8), to: token)
        } else if text == "move" {
            if handsOver {
                loop.handOver(token, unanswered: line)
            } else {
                loop.enqueue(Array("moved\n".utf8), to: token)
            }
        } else if text.hasPrefix("size "), let count = Int(text.dropFirst(5)) {
            loop.enqueue([UInt8](repeating: UInt8(ascii: "x"), count: count) + [10], to: token)
        } else {
            loop.enqueue(Array(text.dropFirst(5).utf8) + [10], to: token)
        }
    }

    func handle(_ event: Epoll.Event, in loop: ConnectionLoop) {}
    func finishTurn(in loop: ConnectionLoop) {}
    var hasWorkWaiting: Bool { false }
    func secondsUntilDue(in loop: ConnectionLoop) -> Double? { nil }
}

/// A clock the test moves by hand.
final class ManualInstantClock: Sendable {
    private let instant = Locked(ContinuousClock.now)
    var now: ContinuousClock.Instant { instant.withLock { $0 } }
    func advance(by duration: Duration) { instant.withLock { $0 += duration } }
}

/// Two loops sharing one link, as the daemon's main and read loops do, on a clock moved by hand.
struct LoopHarness {
    let service = BoardService(
        config: .builtIn, clock: DaemonClock(simulatedAt: PinnedParamTests.noon, speed: 0),
        instance: "test")
    let link: ReadLoopLink
    let clock = ManualInstantClock()
    let log = Log(minimum: .error, toJournal: false)
    let loop: ConnectionLoop
    let duty: ScriptedDuty
    let other: ConnectionLoop
    let otherDuty: ScriptedDuty

    init(limits: ServerLimits = ServerLimits()) throws {
        link = try ReadLoopLink(service)
        let clock = clock
        duty = ScriptedDuty(handsOver: true, clock: clock)
        otherDuty = ScriptedDuty(handsOver: false, clock: clock)
        loop = try ConnectionLoop(
            link: link, arrivals: link.toMain, departures: link.toRead, limits: limits, log: log, clock: { clock.now })
        other = try ConnectionLoop(
            link: link, arrivals: link.toRead, departures: link.toMain, limits: limits, log: log, clock: { clock.now })
    }

    /// A client of `loop` (the main one by default), its end played by the test.
    func connect(to loop: ConnectionLoop? = nil) throws -> TestClient {
        let (served, played) = try UnixSocket.pair()
        link.clients.add(1, ordering: .relaxed)
        let token = try #require((loop ?? self.loop).adopt(ClientConnection(descriptor: served, meter: link.meter)))
        return TestClient(token: token, descriptor: played)
    }

    func turn() { loop.turn(duty, sleeping: false) }
    func turnOther() { other.turn(otherDuty, sleeping: false) }
}

/// The test's end of a socketpair.
struct TestClient {
    let token: UInt64
    let descriptor: FileDescriptor

    func send(_ text: String) throws { try descriptor.writeAll(text) }

    /// Everything the loop has written so far.
    func received() throws -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            do {
                let count = try descriptor.read(into: &buffer)
                if count == 0 { break }
                bytes += buffer[..<count]
            } catch {
                if error.isWouldBlock { break }
                throw error
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the loop closed its end: a read finds the end of the stream, or the reset a Unix
    /// socket reports when its peer closed with a line of ours unread (either is the loop's close).
    ///
    /// Waited for, up to `seconds`: the loop's end is closed when the loop closes it, but a process
    /// another test spawns at that moment holds a copy of it from its fork to its exec (close-on-exec
    /// closes it there), and until then a read would block. A socket still open blocks to the end.
    func isClosedByPeer(within seconds: Int32 = 10) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let deadline = ContinuousClock.now + .seconds(seconds)
        while true {
            do {
                if try descriptor.read(into: &buffer) == 0 { return true }
            } catch {
                guard error.isWouldBlock else { return error.code == ECONNRESET }
                let left = Int32((deadline - ContinuousClock.now) / .milliseconds(1))
                guard left > 0, (try? descriptor.waitUntilReadable(timeoutMilliseconds: left)) == true else { return false }
            }
        }
    }
}
