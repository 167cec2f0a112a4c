import BoardProtocol
import BoardSystem

/// What the daemon says first.
public struct ServerHello: Hashable, Sendable {
    public let protocolVersion: Int
    public let server: String
    public let instance: String
}

/// A blocking client connection with deadlines on every exchange: it never hangs on a silent or trickling daemon.
///
/// Each deadline is an instant, not a time per read: connecting and the hello share one, and a
/// reply must arrive whole by its own, however the daemon spaces its bytes. Lines nobody asked
/// for (pushed boards) have no deadline to begin, but once a line has begun it must end within
/// `lineLimit`. Every line is read with its strings' control characters replaced
/// (`JSON.parse(_:replacingControlCharacters:)`), so nothing the daemon says can drive the
/// terminal, in one-shot output, the live view or the status line alike. Before connecting,
/// the socket must pass `SocketTrust`: the user's or root's, in a directory no one else can write.
public final class BoardConnection {
    public let descriptor: FileDescriptor
    public let path: String
    public private(set) var hello: ServerHello
    private var framer = LineFramer(maxLineLength: 64 * 1024 * 1024, find: ByteSearch.firstIndex)
    private var lines: [[UInt8]] = []
    private var nextID = 1
    private static let clock = ContinuousClock()

    /// The longest a line may take to arrive once its first byte has.
    public static let lineLimit: Duration = .seconds(5)

    /// When the first byte of a line still incomplete arrived; nil when no line is partly read.
    public private(set) var partialLineStarted: ContinuousClock.Instant?

    /// Trusts the socket, connects and reads the hello, all within `timeoutMilliseconds` in total.
    public convenience init(path: String, timeoutMilliseconds: Int32 = 2000) throws(ConnectionError) {
        try self.init(
            path: path, deadline: BoardConnection.deadline(in: timeoutMilliseconds) ?? BoardConnection.clock.now + .seconds(3600))
    }

    /// Trusts the socket, connects and reads the hello, all by `deadline`.
    public init(path: String, deadline: ContinuousClock.Instant) throws(ConnectionError) {
        do { try SocketTrust.check(path) } catch { throw .untrusted(error) }
        self.descriptor = try Self.connect(path: path, timeoutMilliseconds: max(1, Self.milliseconds(until: deadline)))
        self.path = path
        self.hello = ServerHello(protocolVersion: 0, server: "", instance: "")
        // Every property set, a failure from here on is closed by deinit. Nothing is read from or
        // sent to another user's process.
        do { try SocketTrust.checkPeer(path, peer: UnixSocket.peerUID(descriptor)) } catch { throw .untrusted(error) }
        try readHello(deadline: deadline)  // on failure, deinit closes the descriptor
    }

    /// The instant `milliseconds` from now; a negative count means no deadline (nil).
    public static func deadline(in milliseconds: Int32) -> ContinuousClock.Instant? {
        milliseconds < 0 ? nil : clock.now + .milliseconds(milliseconds)
    }

    /// Milliseconds left until `deadline`, rounded up, at most `Int32.max`; 0 once it has passed.
    static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 { Deadline.milliseconds(until: deadline) }

    private static func connect(path: String, timeoutMilliseconds: Int32) throws(ConnectionError) -> FileDescriptor {
        do {
            return try UnixSocket.connect(path: path, timeoutMilliseconds: timeoutMilliseconds)
        } catch {
            if error.isMissing || error.isConnectionRefused { throw .noDaemon(path: path) }
            if error.isPermissionDenied { throw .permissionDenied(path: path) }
            if error.isTimedOut { throw .timedOut(path: path) }
            if error.isNotASocket { throw .noDaemon(path: path) }
            throw .system(error)
        }
    }

    private func readHello(deadline: ContinuousClock.Instant) throws(ConnectionError) {
        let value = try readMessage(deadline: deadline)
        guard value["type"]?.string == "hello", let version = value["protocol"]?.int else {
            throw .malformedReply("the first line is not a hello")
        }
        guard version == wireProtocolVersion else { throw .protocolMismatch(server: version) }
        hello = ServerHello(
            protocolVersion: version, server: value["server"]?.string ?? "", instance: value["instance"]?.string ?? "")
    }

    deinit { descriptor.close() }

    /// Sends a request and waits for its reply, whole, for at most `timeoutMilliseconds` in total.
    public func call(_ method: WireMethod, _ params: JSON = [:], timeoutMilliseconds: Int32 = 5000) throws(ConnectionError)
        -> JSON
    {
        try call(method, params, deadline: Self.deadline(in: timeoutMilliseconds) ?? Self.clock.now + .seconds(3600))
    }

    /// Sends a request and waits for its reply, whole, until `deadline`; the result, or `.remote` with the daemon's error.
    public func call(_ method: WireMethod, _ params: JSON = [:], deadline: ContinuousClock.Instant) throws(ConnectionError)
        -> JSON
    {
        try readReply(to: send(method, params), deadline: deadline)
    }

    /// Sends `request` and waits for its reply, whole, for at most `timeoutMilliseconds` in total.
    public func call(_ request: some BoardRequest, timeoutMilliseconds: Int32 = 5000) throws(ConnectionError) -> JSON {
        try call(type(of: request).method, request.params, timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Sends `request` and waits for its reply, whole, until `deadline`.
    public func call(_ request: some BoardRequest, deadline: ContinuousClock.Instant) throws(ConnectionError) -> JSON {
        try call(type(of: request).method, request.params, deadline: deadline)
    }

    /// Waits until `deadline` for the reply to request `id`, skipping other lines (pushed boards); its result.
    ///
    /// The deadline covers the whole wait: a daemon that sends a byte at a time, or other lines, cannot stretch it.
    public func readReply(to id: Int, deadline: ContinuousClock.Instant) throws(ConnectionError) -> JSON {
        while true {
            let reply = try readMessage(deadline: deadline)
            guard reply["id"]?.int == id else { continue }
            return try Self.result(of: reply)
        }
    }

    /// Sends a request without waiting; returns its id.
    @discardableResult
    public func send(_ method: WireMethod, _ params: JSON = [:]) -> Int {
        let id = nextID
        nextID += 1
        try? descriptor.writeAll(WireLine.line(WireRequest(id: id, method: method, params: params).json))
        return id
    }

    /// Sends `request` without waiting; returns its id.
    @discardableResult
    public func send(_ request: some BoardRequest) -> Int { send(type(of: request).method, request.params) }

    /// The `result` of a reply, or the error it carries.
    public static func result(of reply: JSON) throws(ConnectionError) -> JSON {
        if let error = reply["error"] {
            let code = error["code"]?.string.flatMap(WireErrorCode.init(rawValue:)) ?? .internal
            throw .remote(WireError(code, error["message"]?.string ?? "unknown error"))
        }
        guard let result = reply["result"] else { throw .malformedReply("a reply without a result") }
        return result
    }

    /// A line from the daemon as JSON, its strings' control characters replaced.
    public static func parse(_ line: [UInt8]) throws(ConnectionError) -> JSON {
        do { return try JSON.parse(line, replacingControlCharacters: true) } catch {
            throw .malformedReply("a line that is not JSON")
        }
    }

    /// The next line from the daemon as JSON, waiting at most `timeoutMilliseconds` in all (-1: no limit for a
    /// line to begin; a begun line still ends within `lineLimit`). An error line without an id (such as
    /// `tooManyClients`) is thrown.
    public func readMessage(timeoutMilliseconds: Int32) throws(ConnectionError) -> JSON {
        try readMessage(deadline: Self.deadline(in: timeoutMilliseconds))
    }

    /// The next line from the daemon as JSON, whole by `deadline` (nil: no limit for a line to begin).
    public func readMessage(deadline: ContinuousClock.Instant?) throws(ConnectionError) -> JSON {
        let value = try Self.parse(try readLine(deadline: deadline))
        if value["id"] == nil || value["id"] == .null, value["error"] != nil { _ = try Self.result(of: value) }
        return value
    }

    /// The next raw line, waiting at most `timeoutMilliseconds` in all for it (-1: see `readMessage`).
    public func readLine(timeoutMilliseconds: Int32) throws(ConnectionError) -> [UInt8] {
        try readLine(deadline: Self.deadline(in: timeoutMilliseconds))
    }

    /// The next raw line, whole by `deadline`, and in any case within `lineLimit` of its first byte.
    public func readLine(deadline: ContinuousClock.Instant?) throws(ConnectionError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while lines.isEmpty {
            var limit = deadline
            if let started = partialLineStarted {
                let lineEnd = started + Self.lineLimit
                limit = limit.map { min($0, lineEnd) } ?? lineEnd
            }
            let wait = limit.map(Self.milliseconds(until:)) ?? -1
            guard wait != 0 else { throw abandon() }
            let ready: Bool
            do { ready = try descriptor.waitUntilReadable(timeoutMilliseconds: wait) } catch {
                throw .system(error)
            }
            guard ready else { throw abandon() }
            let n: Int
            do { n = try descriptor.read(into: &buffer) } catch { throw .closed }
            guard n > 0 else { throw .closed }
            try take(n, from: buffer)
        }
        return lines.removeFirst()
    }

    /// Frames `count` bytes read into `buffer`, and notes when a line left incomplete began.
    private func take(_ count: Int, from buffer: [UInt8]) throws(ConnectionError) {
        let outputs = buffer.withUnsafeBytes { framer.feed(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        for output in outputs {
            switch output {
            case .line(let line): lines.append(line)
            case .tooLarge: throw .malformedReply("a line over the limit")
            }
        }
        if framer.bufferedCount == 0 {
            partialLineStarted = nil
        } else if partialLineStarted == nil || !outputs.isEmpty {
            partialLineStarted = Self.clock.now
        }
    }

    /// Whether a whole line has been read and not yet taken: the next `readMessage` returns it without waiting.
    public var hasWholeLine: Bool { !lines.isEmpty }

    /// Whether a line began more than `lineLimit` before `now` and has not ended: the daemon trickles, treat it as gone.
    /// A loop that waits on the descriptor itself (the live view) asks this on its ticks, since a daemon that
    /// stops in the middle of a line makes nothing readable.
    public func isStalled(at now: ContinuousClock.Instant) -> Bool {
        partialLineStarted.map { now - $0 > Self.lineLimit } ?? false
    }

    /// Reads what has arrived without waiting (call when the descriptor is readable) and returns the whole lines as JSON.
    /// Throws `.closed` when the daemon has gone, and `.timedOut` when a line has taken longer than `lineLimit`.
    public func readAvailable() throws(ConnectionError) -> [JSON] {
        var buffer = [UInt8](repeating: 0, count: 65536)
        descriptor.setNonBlocking(true)
        defer { descriptor.setNonBlocking(false) }
        while true {
            let n: Int
            do { n = try descriptor.read(into: &buffer) } catch {
                if error.isWouldBlock { break }
                throw .closed
            }
            guard n > 0 else { throw .closed }
            try take(n, from: buffer)
            if n < buffer.count { break }
        }
        var values: [JSON] = []
        while !lines.isEmpty { values.append(try Self.parse(lines.removeFirst())) }
        if values.isEmpty && isStalled(at: Self.clock.now) { throw abandon() }
        return values
    }

    /// A deadline has passed: the connection is shut down both ways (a line may be half read, so
    /// nothing more can be read from it), which the daemon sees at once even while the descriptor
    /// stays open until this object goes. The error to throw.
    private func abandon() -> ConnectionError {
        descriptor.shutdownBoth()
        return .timedOut(path: path)
    }
}
