import BoardSystem
import Foundation
import Glibc
import Testing

@testable import BoardDaemon

/// The daemon's socket directory is followed through a symbolic link only when the user or root made
/// the link: another user's (`/tmp/board-UID` taken first, pointing into the user's home) would
/// choose where the daemon writes its socket, lock and stop marker.
@Suite struct SocketDirectoryTests {
    @Test(.enabled(if: getuid() == 0, "needs root to give a link away"))
    func aLinkAnotherUserMadeIsRefusedAndOneOfOurOwnIsFollowed() throws {
        let root =
            FileManager.default.temporaryDirectory.path + "/socket-directory-\(getpid())-\(UInt32.random(in: 1...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let victim = root + "/victim"
        try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
        chmod(victim, 0o700)
        let link = root + "/board-link"
        #expect(symlink(victim, link) == 0)

        #expect(throws: Never.self) { try SocketListener.preparePrivateDirectory(link) }
        #expect(lchown(link, 65534, 65534) == 0)
        do {
            try SocketListener.preparePrivateDirectory(link)
            Issue.record("uid 65534's link was followed")
        } catch {
            #expect(
                error.description
                    == "refusing to use \(link): it is a link that uid 65534 made, not you (uid 0) or root; remove it if "
                    + "you know it, or choose a --socket in a directory of your own")
        }
    }

    /// A directory that appears between the look and `mkdir` is judged as one found, once: a link to
    /// nothing (of our own) is there for `mkdir` and not a directory for `stat`, and is refused by
    /// name rather than looked at again and again.
    @Test func aLinkToNothingIsRefusedByNameAfterOneMoreLook() throws {
        let root =
            FileManager.default.temporaryDirectory.path + "/socket-directory-\(getpid())-\(UInt32.random(in: 1...UInt32.max))"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let link = root + "/board-link"
        #expect(symlink(root + "/nothing", link) == 0)
        do {
            try SocketListener.preparePrivateDirectory(link)
            Issue.record("a link to nothing was taken")
        } catch {
            #expect(
                error.description == "refusing to use \(link): it is a link to nothing; remove it, or make the directory it names"
            )
        }
    }
}
