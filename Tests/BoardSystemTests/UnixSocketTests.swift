import BoardSystem
import Glibc
import Testing

@Suite struct UnixSocketTests {
    @Test func aListeningSocketDescribesItself() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/s.sock"
            let listener = try UnixSocket.listen(path: path)
            defer { listener.close() }
            let socket = UnixSocket.describe(listener)
            #expect(socket.isUnix && socket.isStream && socket.isListening)
            #expect(socket.path == path)
            #expect(UnixSocket.isSocket(path: path) == true)
        }
    }

    /// A listener whose backlog is full (a daemon stopped with SIGSTOP while status bars poll it):
    /// a connect waits up to its deadline for room and then times out. It handed back a socket that
    /// was never connected, whose peer read as uid -1: "another user's socket, remove it", exit 1.
    @Test func aFullBacklogTimesOutAndNeverHandsBackAnUnconnectedSocket() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/full.sock"
            let listener = try UnixSocket.listen(path: path, backlog: 1)
            defer { listener.close() }
            var held: [FileDescriptor] = []
            defer { for socket in held { socket.close() } }
            var refused: SystemError?
            for _ in 0..<50 {
                do throws(SystemError) {
                    held.append(try UnixSocket.connect(path: path, timeoutMilliseconds: 100))
                } catch {
                    refused = error
                    break
                }
            }
            let error = try #require(refused, "a backlog of 1 is full after a few connections")
            #expect(error.code == ETIMEDOUT)
            #expect(
                !held.isEmpty && held.allSatisfy { UnixSocket.peerUID($0) == getuid() }, "each socket handed back is connected")
            // Room again once one is accepted: the next connect goes through.
            let accepted = try #require(try UnixSocket.accept(listener))
            defer { accepted.close() }
            let next = try UnixSocket.connect(path: path, timeoutMilliseconds: 2000)
            defer { next.close() }
            #expect(UnixSocket.peerUID(next) == getuid())
        }
    }

    @Test func aFileIsNoSocket() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/file"
            try AtomicFile.write([1], to: path)
            let file = try FileDescriptor.open(path, .readOnly)
            defer { file.close() }
            let described = UnixSocket.describe(file)
            #expect(!described.isUnix && !described.isStream && !described.isListening)
            #expect(described.path == nil)
            #expect(UnixSocket.isSocket(path: path) == false)
            #expect(UnixSocket.isSocket(path: directory + "/missing") == nil)
        }
    }

    /// A path too long for a socket is named with its length and the limit, and what to do.
    @Test func aPathLongerThanSunPathIsNamedWithTheLimit() {
        let path = "/tmp/" + String(repeating: "q", count: UnixSocket.maxPathLength)
        for attempt in [{ _ = try UnixSocket.connect(path: path) }, { _ = try UnixSocket.listen(path: path) }] {
            #expect {
                try attempt()
            } throws: { error in
                "\(error)".contains("\(path) is \(path.utf8.count) bytes, longer than the \(UnixSocket.maxPathLength)")
                    && "\(error)".contains("--socket")
            }
        }
    }

    @Test func aDatagramAddressLongerThanSunPathIsRefused() {
        let path = [UInt8(ascii: "/")] + Array(repeating: UInt8(ascii: "a"), count: UnixSocket.maxPathLength)
        #expect {
            try UnixSocket.sendDatagram([1], to: path)
        } throws: { error in
            (error as? SystemError)?.call == "socket path"
        }
    }

    @Test func aDatagramToNobodyFails() throws {
        try withTemporaryDirectory { directory in
            #expect {
                try UnixSocket.sendDatagram(Array("READY=1".utf8), to: Array((directory + "/nobody").utf8))
            } throws: { error in
                (error as? SystemError)?.isMissing == true
            }
        }
    }
}
