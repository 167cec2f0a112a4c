import BoardProtocol
import BoardSystem
import Foundation
import Glibc

/// A socket that accepts connections and never says a word: a hung daemon.
final class SilentDaemon {
    let listener: FileDescriptor
    private var accepted: [FileDescriptor] = []

    init(path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        listener = try UnixSocket.listen(path: path)
    }

    /// Waits until a client has connected, and keeps the connection open (and silent).
    func waitForClient(timeout: Double = 10) throws {
        try waitUntil("a client to connect", timeout: timeout) {
            guard let connection = try UnixSocket.accept(listener) else { return false }
            accepted.append(connection)
            return true
        }
    }

    deinit {
        for fd in accepted { fd.close() }
        listener.close()
    }
}
