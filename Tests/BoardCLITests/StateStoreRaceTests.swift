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
