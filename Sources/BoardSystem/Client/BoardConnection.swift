import BoardProtocol
import Glibc

/// What the daemon says first.
public struct ServerHello: Hashable, Sendable {
    public let protocolVersion: Int
    public let server: String
    public let instance: String
}

/// A blocking client connection with deadlines on every wait: it never hangs on a silent daemon.
public final class BoardConnection {
    public let descriptor: FileDescriptor
    public let path: String
    public private(set) var hello: ServerHello
    private var framer = LineFramer(maxLineLength: 64 * 1024 * 1024, find: ByteSearch.firstIndex)
    private var lines: [[UInt8]] = []
    private var nextID = 1

    /// Connects and reads the hello line, each step bounded by `timeoutMilliseconds`.
    public init(path: String, timeoutMilliseconds: Int32 = 2000) throws(ConnectionError) {
        self.descriptor = try Self.connect(path: path, timeoutMilliseconds: timeoutMilliseconds)
        self.path = path
        self.hello = ServerHello(protocolVersion: 0, server: "", instance: "")
        try readHello(timeoutMilliseconds: timeoutMilliseconds)  // on failure, deinit closes the descriptor
    }

    private static func connect(path: String, timeoutMilliseconds: Int32) throws(ConnectionError) -> FileDescriptor {
        do {
            return try UnixSocket.connect(path: path, timeoutMilliseconds: timeoutMilliseconds)
        } catch {
            if error.isMissing || error.isConnectionRefused { throw .noDaemon(path: path) }
            if error.isPermissionDenied { throw .permissionDenied(path: path) }
            if error.code == ETIMEDOUT || error.code == EAGAIN { throw .timedOut(path: path) }
            if error.code == ENOTSOCK || error.code == ENOTDIR { throw .noDaemon(path: path) }
            throw .system(error)
        }
    }

    private func readHello(timeoutMilliseconds: Int32) throws(ConnectionError) {
        let value = try readMessage(timeoutMilliseconds: timeoutMilliseconds)
        guard value["type"]?.string == "hello", let version = value["protocol"]?.int else {
            throw .malformedReply("the first line is not a hello")
        }
        guard version == wireProtocolVersion else { throw .protocolMismatch(server: version) }
        hello = ServerHello(
            protocolVersion: version, server: value["server"]?.string ?? "", instance: value["instance"]?.string ?? "")
    }

    deinit { descriptor.close() }

    /// Sends a request and waits for its reply; the result, or `.remote` with the daemon's error.
    public func call(_ method: WireMethod, _ params: JSON = [:], timeoutMilliseconds: Int32 = 5000) throws(ConnectionError)
        -> JSON
    {
        let id = send(method, params)
        while true {
            let reply = try readMessage(timeoutMilliseconds: timeoutMilliseconds)
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

    /// The `result` of a reply, or the error it carries.
    public static func result(of reply: JSON) throws(ConnectionError) -> JSON {
        if let error = reply["error"] {
            let code = error["code"]?.string.flatMap(WireErrorCode.init(rawValue:)) ?? .internal
            throw .remote(WireError(code, error["message"]?.string ?? "unknown error"))
        }
        guard let result = reply["result"] else { throw .malformedReply("a reply without a result") }
        return result
    }

    /// The next line from the daemon as JSON; an error line without an id (such as `tooManyClients`) is thrown.
    public func readMessage(timeoutMilliseconds: Int32) throws(ConnectionError) -> JSON {
        let line = try readLine(timeoutMilliseconds: timeoutMilliseconds)
        let value: JSON
        do { value = try JSON.parse(line) } catch { throw .malformedReply("a line that is not JSON") }
        if value["id"] == nil || value["id"] == .null, value["error"] != nil { _ = try Self.result(of: value) }
        return value
    }

    /// The next raw line, waiting at most `timeoutMilliseconds` for it.
    public func readLine(timeoutMilliseconds: Int32) throws(ConnectionError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while lines.isEmpty {
            let ready: Bool
            do { ready = try descriptor.waitUntilReadable(timeoutMilliseconds: timeoutMilliseconds) } catch {
                throw .system(error)
            }
            guard ready else { throw .timedOut(path: path) }
            let n: Int
            do { n = try descriptor.read(into: &buffer) } catch { throw .closed }
            guard n > 0 else { throw .closed }
            for output in buffer.withUnsafeBytes({ framer.feed(UnsafeRawBufferPointer(rebasing: $0[..<n])) }) {
                switch output {
                case .line(let line): lines.append(line)
                case .tooLarge: throw .malformedReply("a line over the limit")
                }
            }
        }
        return lines.removeFirst()
    }

    /// Reads what has arrived without waiting (call when the descriptor is readable) and returns the whole lines as JSON.
    /// Throws `.closed` when the daemon has gone.
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
            for output in buffer.withUnsafeBytes({ framer.feed(UnsafeRawBufferPointer(rebasing: $0[..<n])) }) {
                switch output {
                case .line(let line): lines.append(line)
                case .tooLarge: throw .malformedReply("a line over the limit")
                }
            }
            if n < buffer.count { break }
        }
        var values: [JSON] = []
        while !lines.isEmpty {
            let line = lines.removeFirst()
            guard let value = try? JSON.parse(line) else { throw .malformedReply("a line that is not JSON") }
            values.append(value)
        }
        return values
    }
}
