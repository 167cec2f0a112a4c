import BoardProtocol
import BoardSystem
import FoundationEssentials

/// What a connection loop does beyond serving its connections: the daemon's main loop
/// (`BoardServer`: accepting, the schedule's writes, watchers and subscribers, signals) or its read
/// loop (`ReadLoop`: reads of a copy of the schedule).
protocol LoopDuty: AnyObject {
    /// Answers one request line (never empty) of the connection under `token`: queues what it says
    /// on `loop`, or hands the connection over to the other loop.
    func respond(to line: [UInt8], from token: UInt64, in loop: ConnectionLoop)
    /// An event on one of the duty's own descriptors (`ConnectionLoop.register`).
    func handle(_ event: Epoll.Event, in loop: ConnectionLoop)
    /// The rest of a turn, once its requests are answered and written: fan-outs, accepting, timers.
    func finishTurn(in loop: ConnectionLoop)
    /// Whether work waits for the next turn (a fan-out under way): the loop then does not sleep.
    var hasWorkWaiting: Bool { get }
    /// Seconds until the duty's next timer; nil when it has none.
    func secondsUntilDue(in loop: ConnectionLoop) -> Double?
}

/// One epoll loop of non-blocking clients: it accepts connections as descriptors (`adopt`), reads
/// and frames their lines, answers them a fair share a turn through its duty, writes what they are
/// owed, keeps their deadlines and hands them to the other loop. The daemon runs two, the main loop
/// and the read loop, and they differ only in their duty (`LoopDuty`). Unit tests drive one in
/// process, a turn at a time, over socketpairs (`ConnectionLoopTests`).
///
/// It sleeps in `epoll_wait` until a client speaks, its mailbox or a duty's descriptor wakes it, or
/// a timer is due (the duty's, or the sweep of deadlines), so an idle daemon uses no CPU to speak of.
final class ConnectionLoop {
    /// The token of the loop's mailbox; a duty's own descriptors take tokens below it.
    static let mailboxToken: UInt64 = 3

    var epoll: Epoll
    var connections = ConnectionTable()
    let limits: ServerLimits
    /// What both loops share: the client count, the output meter, the mailboxes.
    let link: ReadLoopLink
    let log: Log
    /// Where connections handed to this loop arrive, and where it hands its own.
    private let arrivals: ReadLoopLink.Mailbox
    private let departures: ReadLoopLink.Mailbox
    /// Deadlines (partial lines, stalled output, the sweep) are intervals, on a clock that never
    /// jumps; tests pass one they move by hand.
    private let clock: @Sendable () -> ContinuousClock.Instant
    var now: ContinuousClock.Instant { clock() }
    private(set) var isRunning = true
    /// Clients closed so far: a duty waiting for a free slot or descriptor sees one come.
    private(set) var closedCount = 0

    /// Sends large shared output (a board's rows) by reference; nil when this kernel gives no pipe for
    /// it, or when `BOARDD_SPLICE=0` asks for plain `writev` (to measure the difference, or to rule it out).
    /// Made with the loop, so that the daemon's descriptors are all open before its first client.
    let splicer: SpliceWriter?
    var spliceStopReported = false

    /// One read buffer for every client: reads never allocate.
    var readBuffer = [UInt8](repeating: 0, count: 16 * 1024)
    /// Connections with requests still waiting after their share, served again in the next turn.
    var backlog: [UInt64] = []
    var inBacklog: Set<UInt64> = []
    /// Connections answered this turn, written together at its end (`flushAnswered`).
    var answered: [UInt64] = []
    /// Some client has a partial line or waiting output, so deadlines must be checked.
    var sweepWanted = false
    var lastSweep: ContinuousClock.Instant?
    /// Freed memory is to be given back to the system (`trimMemoryIfWanted`).
    var trimWanted = false
    var lastTrim: ContinuousClock.Instant?
    /// When the last wake that brought work came; nil once the loop has looked for more and found none.
    private var lastWork: ContinuousClock.Instant?
    /// When this turn began serving: past `servingBudget`, the rest waits for the next turn.
    private var servingSince: ContinuousClock.Instant?

    /// A loop whose arrivals come through `arrivals` and whose hand-overs go to `departures`.
    init(
        link: ReadLoopLink, arrivals: ReadLoopLink.Mailbox, departures: ReadLoopLink.Mailbox, limits: ServerLimits,
        log: Log, clock: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) throws(SystemError) {
        self.link = link
        self.arrivals = arrivals
        self.departures = departures
        self.limits = limits
        self.log = log
        self.clock = clock
        self.splicer = Environment.value("BOARDD_SPLICE") == "0" ? nil : SpliceWriter(statistics: link.spliceStatistics)
        self.epoll = try Epoll()
        try epoll.add(arrivals.wakeup.descriptor, token: Self.mailboxToken, events: .readable)
    }

    /// Watches one of the duty's own descriptors (the listener, the signals), under a token below the mailbox's.
    func register(_ descriptor: FileDescriptor, token: UInt64) throws(SystemError) {
        precondition(token < Self.mailboxToken, "a duty's tokens are below the mailbox's")
        try epoll.add(descriptor, token: token, events: .readable)
    }

    /// Serves until the duty stops the loop.
    func run(_ duty: some LoopDuty) {
        requestSchedulerSlice()
        while isRunning { turn(duty) }
    }

    /// Each loop's thread asks the scheduler for time slices this short (EEVDF's custom slice, Linux
    /// 6.12 and later; the default is a few milliseconds). With both loops and a busy client on two
    /// cores, a loop that was preempted waits a slice before it runs again, and every client it serves
    /// with it: 50 clients' p99 fell from 0.96 to 1.77 ms to 0.88 to 1.18 ms (docs/PERFORMANCE.md).
    /// `BOARDD_SLICE_US` in the environment sets another length; 0 leaves the kernel's. A kernel before
    /// 6.12 ignores the request, and a thread under another policy than the normal or batch one keeps
    /// its own (`Program.requestSlice` reads the slice back).
    static let schedulerSlice = Duration.microseconds(300)

    private func requestSchedulerSlice() {
        let slice =
            Environment.value("BOARDD_SLICE_US").flatMap { Int($0) }.map { Duration.microseconds($0) } ?? Self.schedulerSlice
        guard slice > .zero else { return }
        if !Program.requestSlice(slice) {
            log.debug("the kernel keeps its own time slices (sched_setattr refused a custom slice)")
        }
    }

    /// Ends the loop after this turn.
    func stop() { isRunning = false }

    /// One turn: the events ready (after sleeping for them when `sleeping` and nothing waits), the
    /// requests they bring and those left from the last turn, the answers written, then the duty's part.
    func turn(_ duty: some LoopDuty, sleeping: Bool = true) {
        let events = sleeping ? nextEvents(duty) : epoll.wait(timeoutMilliseconds: 0)
        servingSince = now
        // Those left waiting by the last turn are served after this turn's events; those this turn's
        // events leave waiting, in the next turn.
        let waiting = backlog.count
        for event in events {
            if event.token >= ConnectionTable.firstToken {
                handle(event, duty)
            } else if event.token == Self.mailboxToken {
                takeArrivals(duty)
            } else {
                duty.handle(event, in: self)
            }
        }
        serveBacklog(first: waiting, duty)
        flushAnswered()
        duty.finishTurn(in: self)
        trimMemoryIfWanted()
        sweepDeadlines()
    }

    // MARK: Sleeping

    /// After a wake that brought work, the loop keeps looking for more this long before it sleeps in
    /// `epoll_wait`, yielding its core to anything else runnable between looks (`Program.yieldProcessor`). A client
    /// whose next request comes within it finds the loop awake: going to sleep and being woken again
    /// cost more than a request's own work, about 50 µs a round trip on this project's virtual machines,
    /// and the client that wrote to a sleeping loop pays for the wake-up too. A loop with nothing to
    /// do sleeps at once; one that just served looks for at most this long, less than the shortest
    /// wait for a timer (a millisecond), so no timer is served later than it would be otherwise.
    static let pollAfterWork = Duration.microseconds(200)

    /// The next events: at once if some are ready, after looking for a moment if the loop just served,
    /// or after sleeping until one comes or a timer is due.
    private func nextEvents(_ duty: some LoopDuty) -> [Epoll.Event] {
        let wait = backlog.isEmpty && !duty.hasWorkWaiting ? timeout(duty) : 0
        if wait != 0, let lastWork {
            let until = lastWork + Self.pollAfterWork
            while now < until {
                let events = epoll.wait(timeoutMilliseconds: 0)
                if !events.isEmpty {
                    self.lastWork = now
                    return events
                }
                Program.yieldProcessor()
            }
            self.lastWork = nil
        }
        let events = epoll.wait(timeoutMilliseconds: wait)
        if !events.isEmpty { lastWork = now }
        return events
    }

    /// How long the loop may sleep: until the duty's next timer, or the next sweep while one is wanted.
    private func timeout(_ duty: some LoopDuty) -> Int32 {
        var seconds = duty.secondsUntilDue(in: self)
        if sweepWanted || trimWanted { seconds = min(seconds ?? Self.sweepSeconds, Self.sweepSeconds) }
        guard let seconds else { return -1 }
        return Int32(min(max(0, (seconds * 1000).rounded(.up)), 3_600_000))
    }

    static let sweepInterval = Duration.milliseconds(250)
    static let sweepSeconds = sweepInterval / .seconds(1)

    // MARK: Connections

    /// Takes in a connection: watched from here on, under the token returned (its queued output is
    /// written by the next `flush`). Nil when epoll refuses it, the connection then released and closed.
    @discardableResult
    func adopt(_ connection: ClientConnection) -> UInt64? {
        var connection = connection
        let token = connections.nextToken
        connection.readingPaused = false
        connection.wantsWritable = false
        do { try epoll.add(connection.descriptor, token: token, events: [.readable, .hangUp]) } catch {
            log.warning("cannot watch a client: \(error)")
            log.debug("client \(connection.number) closed: it could not be watched")
            connection.release()
            link.clients.subtract(1, ordering: .relaxed)
            connection.descriptor.close()
            return nil
        }
        if connection.partialSince != nil || connection.hasOutput { sweepWanted = true }
        _ = connections.insert(connection)
        return token
    }

    /// Takes in the connections the other loop handed over; what each asked and was not answered is
    /// answered now.
    private func takeArrivals(_ duty: some LoopDuty) {
        for connection in arrivals.take() {
            guard let token = adopt(connection) else { continue }
            serveOrWait(token, duty)
        }
    }

    /// How long a turn answers requests before it looks at its events again: what is left waits in
    /// the backlog for the next turn. Thousands of clients handed over at once, each with a search,
    /// were answered in one turn of half a minute, those that had hung up meanwhile too.
    static let servingBudget = Duration.milliseconds(5)

    /// Whether this turn has served for its budget.
    var servingOverBudget: Bool { servingSince.map { now - $0 >= Self.servingBudget } ?? false }

    /// Answers a connection's requests now, or, past the turn's budget, in the next turn.
    func serveOrWait(_ token: UInt64, _ duty: some LoopDuty) {
        guard servingOverBudget else { return serveInbox(token, duty) }
        if connections.update(token, { !$0.inbox.isEmpty }) == true, inBacklog.insert(token).inserted { backlog.append(token) }
    }

    /// Hands a client to the other loop. `line` (a request this loop does not answer) and every line
    /// after it are answered there, after what this loop queued for it is written; `instant` is the
    /// clock this loop read `line` at (`ClientConnection.handedOverAt`).
    func handOver(_ token: UInt64, unanswered line: [UInt8]? = nil, at instant: Date? = nil) {
        guard var connection = connections.removeValue(forKey: token) else { return }
        epoll.remove(connection.descriptor)
        connection.movesAfterFirstAnswer = false
        connection.awaitsFirstAnswer = false
        connection.handedOverAt = line == nil ? nil : instant
        if let line { connection.inbox.insert(.line(line), at: 0) }
        departures.post(connection)
    }

    /// Closes a client: its descriptor, its count and its share of the meter; the log says why at debug.
    func close(_ token: UInt64, _ reason: ClosingReason) {
        guard let connection = connections.removeValue(forKey: token) else { return }
        log.debug("client \(connection.number) closed: \(reason.rawValue)")
        link.clients.subtract(1, ordering: .relaxed)
        if connection.watch != nil { link.watchers.subtract(1, ordering: .relaxed) }
        connection.release()
        epoll.remove(connection.descriptor)
        connection.descriptor.close()
        trimWanted = true
        closedCount &+= 1
    }

    /// Closes every client, first sending `goodbye` to watchers and subscribers whose output is all
    /// written (best effort, without waiting: one not reading misses it).
    func closeAll(saying goodbye: [UInt8]) {
        for connection in connections.values where connection.watch != nil || connection.events != nil {
            if !connection.hasOutput { _ = try? goodbye.withUnsafeBytes { try connection.descriptor.writeSome($0) } }
        }
        for token in connections.tokens { close(token, .stopping) }
    }
}

/// Why a loop closes a client, as the log says it at debug (`client 17 closed: …`).
enum ClosingReason: String, Sendable {
    case finished = "it stopped sending, and every answer was written"
    case writeFailed = "writing to it failed (it went away)"
    case readFailed = "reading from it failed (it went away)"
    case tooLarge = "its request line was over the limit"
    case stalled = "it stopped reading"
    case partialLine = "its request line never finished"
    case stopping = "the daemon is stopping"
    case reloaded = "its events.watch ended: the config was reloaded with another schedule"
}
