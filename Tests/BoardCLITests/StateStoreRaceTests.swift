import BoardSystem
import Foundation
import Testing

@testable import BoardCLI

/// Loading `state.json` while another command creates it: never a "cannot read" warning.
///
/// Before, a load asked `contents(atPath:)`, got nothing (no file yet), then asked
/// `fileExists`, and when another command's rename landed in between, called the file
/// unreadable. A thread here creates the file over and over while loads run.
struct StateStoreRaceTests {
    @Test func aLoadRacingTheFilesCreationNeverWarns() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/board-state-race-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/state.json"
        let state = Array(#"{"tab":"arrivals"}"#.utf8)
        let stop = Locked(false)
        let creator = Thread {
            while !stop.withLock({ $0 }) {
                try? FileSystem.remove(path)
                try? AtomicFile.write(state, to: path)
            }
        }
        creator.start()
        defer { stop.withLock { $0 = true } }
        var warnings = 0
        for _ in 0..<60_000 {
            var store = StateStore(directory: directory)
            _ = store.load()
            if store.warned { warnings += 1 }
        }
        #expect(warnings == 0)
    }
}

/// The state is saved only in a directory no other user may aim: one others may write (without the
/// sticky bit) or another user owns is refused with the reason and what to do, and nothing is written.
struct StateDirectoryTrustTests {
    @Test func aDirectoryOthersMayWriteIsNotSavedIn() throws {
        let directory = FileManager.default.temporaryDirectory.path + "/board-state-trust-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(chmod(directory, 0o777) == 0)
        var store = StateStore(directory: directory)
        #expect {
            _ = try store.saveChange(ClientState(), pruningBefore: nil)
        } throws: { error in
            (error as? StateStore.SaveFailure)?.reason
                == "not saving in \(directory): others may write it; chmod go-w it, or set BOARD_STATE_DIR"
        }
        #expect(!FileManager.default.fileExists(atPath: directory + "/state.json"))
        #expect(chmod(directory, 0o1777) == 0)
        #expect(StateStore.untrusted(directory) == nil, "a sticky directory's files are each one's own")
        #expect(chmod(directory, 0o700) == 0)
        #expect(StateStore.untrusted(directory) == nil)
        // Owned by this user: another user's view of it is "belongs to user N" (root's is trusted, as a socket's).
        let owner = try FileStatus(path: directory).owner
        if owner != 0 {
            #expect(StateStore.untrusted(directory, user: owner &+ 1)?.contains("belongs to user \(owner)") == true)
        }
    }
}
