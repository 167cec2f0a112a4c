import Testing

/// The socket of the daemon a suite shares, set by the `.sharedDaemon` trait.
enum SharedDaemon {
    @TaskLocal static var socket: String?

    struct Missing: Error, CustomStringConvertible {
        var description: String { "this suite needs the .sharedDaemon trait" }
    }

    static func requireSocket() throws -> String {
        guard let socket else { throw Missing() }
        return socket
    }
}

/// Starts one `boardd`, frozen at the known instant, for a whole suite, and stops it when the suite ends.
///
/// Only suites whose tests never move the clock share a daemon; each test still
/// runs `board` with a state directory of its own (`BoardUser`).
struct SharedDaemonTrait: SuiteTrait, TestScoping {
    var arguments: [String] = []

    var isRecursive: Bool { false }

    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let daemon = try RunningDaemon(sandbox: Sandbox(), extra: arguments)
        do {
            try await SharedDaemon.$socket.withValue(daemon.socket) { try await function() }
        } catch {
            _ = try? daemon.stop()
            throw error
        }
        try daemon.stop()
    }
}

extension Trait where Self == SharedDaemonTrait {
    /// One daemon for the suite, frozen at 2026-11-30T12:00:00-05:00 with the default seed.
    static var sharedDaemon: Self { SharedDaemonTrait() }
}
