import BoardSystem
import Foundation
import Glibc
import Testing

/// The client connects only to a socket the user (or root) made, in a directory no one else can write.
@Suite struct SocketTrustTests {
    static let me: UInt32 = 1000
    static let socket = "/tmp/board-1000/boardd.sock"

    static func directory(_ owner: UInt32, _ permissions: UInt32) -> FileStatus {
        FileStatus(kind: .directory, permissions: permissions, owner: owner)
    }

    static func socketFile(_ owner: UInt32) -> FileStatus { FileStatus(kind: .socket, permissions: 0o600, owner: owner) }

    static func check(directory: FileStatus?, socket: FileStatus?, link: FileStatus? = nil) -> SocketTrust.Problem? {
        let observed = SocketTrust.Observed(
            directoryLink: link ?? directory, directory: directory, socketLink: socket, socket: socket)
        do { try SocketTrust.check(Self.socket, observed, user: me) } catch { return error }
        return nil
    }

    @Test func ourOwnPrivateDirectoryAndSocketAreTrusted() {
        #expect(Self.check(directory: Self.directory(Self.me, 0o700), socket: Self.socketFile(Self.me)) == nil)
        #expect(Self.check(directory: Self.directory(Self.me, 0o755), socket: Self.socketFile(Self.me)) == nil)
    }

    @Test func rootsAreTrusted() {
        #expect(Self.check(directory: Self.directory(0, 0o755), socket: Self.socketFile(0)) == nil)
        #expect(Self.check(directory: Self.directory(0, 0o1777), socket: Self.socketFile(Self.me)) == nil, "/tmp itself")
    }

    /// Once connected, the process that took the connection must be the user's or root's: the path
    /// checked before can be another by the time `connect` follows it.
    @Test func aPeerOfAnotherUserIsRefusedOnceConnected() throws {
        for peer: UInt32 in [Self.me, 0] {
            #expect(throws: Never.self) { try SocketTrust.checkPeer(Self.socket, peer: peer, user: Self.me) }
        }
        #expect(throws: SocketTrust.Problem.self) { try SocketTrust.checkPeer(Self.socket, peer: nil, user: Self.me) }
        do {
            try SocketTrust.checkPeer(Self.socket, peer: 65534, user: Self.me)
            Issue.record("uid 65534's process was trusted")
        } catch {
            #expect(error.reason == .servedByAnotherUser && error.owner == 65534)
            #expect(
                error.description
                    == "refusing to connect to \(Self.socket): the process listening there runs as uid 65534, not as you "
                    + "(uid 1000) or root; remove it if you know it, or use --socket in a directory of your own")
        }
    }

    @Test func nothingThereYetIsLeftToTheDaemon() {
        #expect(Self.check(directory: nil, socket: nil) == nil)
        #expect(Self.check(directory: Self.directory(Self.me, 0o700), socket: nil) == nil)
    }

    @Test func aDirectoryAnotherUserMadeFirstIsRefusedNamingItsOwner() throws {
        let problem = try #require(Self.check(directory: Self.directory(65534, 0o700), socket: Self.socketFile(65534)))
        #expect(problem.reason == .ownedByAnotherUser && problem.owner == 65534 && problem.path == "/tmp/board-1000")
        #expect(
            problem.description
                == "refusing to connect to /tmp/board-1000/boardd.sock: its directory /tmp/board-1000 belongs to uid 65534, "
                + "not to you (uid 1000) or root; remove it if you know it, or use --socket in a directory of your own")
        // Even with nothing in it yet: the daemon must not be started there either.
        #expect(Self.check(directory: Self.directory(65534, 0o700), socket: nil)?.reason == .ownedByAnotherUser)
    }

    @Test func anotherUsersSocketInOurDirectoryIsRefused() throws {
        let problem = try #require(Self.check(directory: Self.directory(0, 0o1777), socket: Self.socketFile(65534)))
        #expect(problem.reason == .ownedByAnotherUser && problem.path == Self.socket && problem.owner == 65534)
        #expect(problem.description.contains("refusing to connect to \(Self.socket): \(Self.socket) belongs to uid 65534"))
    }

    @Test(arguments: [0o770, 0o777, 0o722, 0o707] as [UInt32])
    func aDirectoryOthersCanWriteIsRefused(permissions: UInt32) {
        let problem = Self.check(directory: Self.directory(Self.me, permissions), socket: Self.socketFile(Self.me))
        #expect(problem?.reason == (permissions & 0o022 != 0 ? .writableByOthers : nil))
    }

    @Test func aStickyDirectoryOfAnotherUserIsStillRefused() {
        #expect(
            Self.check(directory: Self.directory(65534, 0o1777), socket: Self.socketFile(Self.me))?.reason
                == .ownedByAnotherUser)
    }

    @Test func aLinkAnotherUserPlantedIsRefusedWhereverItPoints() {
        let link = FileStatus(kind: .symbolicLink, permissions: 0o777, owner: 65534)
        let problem = Self.check(directory: Self.directory(Self.me, 0o700), socket: Self.socketFile(Self.me), link: link)
        #expect(problem?.reason == .ownedByAnotherUser && problem?.owner == 65534)
    }

    @Test func onTheFileSystemAPrivateTemporaryDirectoryPasses() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/boardd.sock"
            let listener = try UnixSocket.listen(path: path)
            defer { listener.close() }
            try SocketTrust.check(path)
            chmod(directory, 0o777)
            #expect(throws: SocketTrust.Problem.self) { try SocketTrust.check(path) }
            chmod(directory, 0o700)
        }
    }
}
