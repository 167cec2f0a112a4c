import BoardProtocol
import BoardSystem
import Foundation
import Glibc

/// A bare socket to the daemon for sending bytes no well-behaved client would.
final class RawClient {
    let descriptor: FileDescriptor
    private var framer = LineFramer(maxLineLength: 1 << 24, find: ByteSearch.firstIndex)
    private var lines: [[UInt8]] = []

    init(path: String) throws { descriptor = try UnixSocket.connect(path: path) }

    deinit { descriptor.close() }

    func send(_ bytes: [UInt8]) throws { try descriptor.writeAll(bytes) }
    func send(_ text: String) throws { try descriptor.writeAll(Array(text.utf8)) }

    /// The next line, or nil when the daemon closed the connection; throws on timeout.
    func readLine(timeout: Double = 5) throws -> JSON? {
        let deadline = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while lines.isEmpty {
            let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
            guard try descriptor.waitUntilReadable(timeoutMilliseconds: left) else {
                throw TimedOut(what: "a line from the daemon")
            }
            let n: Int
            do { n = try descriptor.read(into: &buffer) } catch { return nil }
            if n == 0 { return nil }
            for case .line(let line) in buffer.withUnsafeBytes({ framer.feed(UnsafeRawBufferPointer(rebasing: $0[..<n])) }) {
                lines.append(line)
            }
        }
        return try JSON.parse(lines.removeFirst())
    }

    /// Reads until the daemon closes the connection; the lines it sent first.
    func readUntilClosed(timeout: Double = 5) throws -> [JSON] {
        var all: [JSON] = []
        while let line = try readLine(timeout: timeout) { all.append(line) }
        return all
    }
}
