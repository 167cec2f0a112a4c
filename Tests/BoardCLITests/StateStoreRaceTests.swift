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
        let directory = try madeTemporaryDirectory("board-state-race")
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
        let directory = try madeTemporaryDirectory("board-state-trust")
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
        // Sticky or not: another user's file at a name a save takes could not be removed there.
        #expect(chmod(directory, 0o1777) == 0)
        #expect(StateStore.untrusted(directory)?.contains("others may write it") == true)
        #expect(chmod(directory, 0o700) == 0)
        #expect(StateStore.untrusted(directory) == nil)
        // A directory above it that others may write (not sticky): they could move it and put a link
        // to another of this user's directories in its place.
        let inner = directory + "/inner"
        try FileManager.default.createDirectory(atPath: inner, withIntermediateDirectories: false)
        #expect(chmod(inner, 0o700) == 0)
        #expect(chmod(directory, 0o777) == 0)
        #expect(
            StateStore.untrusted(inner)
                == "not saving in \(inner): others may write \(directory) and move it; set BOARD_STATE_DIR")
        #expect(chmod(directory, 0o1777) == 0)
        #expect(StateStore.untrusted(inner) == nil, "a sticky directory above (as /tmp) lets no one move it")
        // Owned by this user: another user's view of it is "belongs to user N" (root's is trusted, as a socket's).
        let owner = try FileStatus(path: directory).owner
        if owner != 0 {
            #expect(StateStore.untrusted(directory, user: owner &+ 1)?.contains("belongs to user \(owner)") == true)
        }
    }
}

/// A daemon that exits at once is said in its own words: only what its log gained since it started,
/// never an older run's last line, and without its time and pid.
struct AutostartLogReasonTests {
    @Test func onlyWhatTheLogGainedIsTheReason() throws {
        let directory = try madeTemporaryDirectory("board-log-reason")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let log = directory + "/boardd.log"
        try Data("2026-12-01T10:00:00Z boardd[7] error: an old run's reason\n".utf8).write(to: URL(fileURLWithPath: log))
        let before = try FileStatus(path: log).size
        #expect(Autostart.lastLogReason(log, after: before) == nil, "nothing new: no reason")
        let handle = try #require(FileHandle(forWritingAtPath: log))
        handle.seekToEndOfFile()
        handle.write(Data("2026-12-01T10:05:00Z boardd[8] error: /c.json: seed = -1: must be a whole number\n\n".utf8))
        handle.closeFile()
        #expect(Autostart.lastLogReason(log, after: before) == "/c.json: seed = -1: must be a whole number")
        // Rotated meanwhile (shorter than it was): all it holds is new.
        try Data("boardd: a reason without a time\n".utf8).write(to: URL(fileURLWithPath: log))
        #expect(Autostart.lastLogReason(log, after: before) == "boardd: a reason without a time")
        #expect(Autostart.lastLogReason(directory + "/missing.log", after: 0) == nil)
    }
}

/// A new directory under the temporary one, named `prefix-UUID`; the caller removes it.
func madeTemporaryDirectory(_ prefix: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.path + "/\(prefix)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    return directory
}
