import BoardProtocol
import BoardSystem
import Foundation
import Testing

@testable import BoardCLI

/// A newer `board` may write keys this one does not know; this one's saves keep them, in the
/// file's order, so that running an older `board` (another machine's, a package not yet updated)
/// never loses what the newer one saved. They were dropped at the first save.
struct StateFileNewerKeysTests {
    @Test func keysThisVersionDoesNotKnowSurviveItsSave() throws {
        let directory = try madeTemporaryDirectory("board-state-newer")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/state.json"
        let alerts = #"{"sound":"bell","flights":[1234,5678],"quiet":null}"#
        let file = #"{"schema":1,"tab":"arrivals","alerts":"# + alerts + #","pins":[],"theme":"dark"}"#
        try AtomicFile.write(Array(file.utf8), to: path)
        var store = StateStore(directory: directory)
        var state = store.load()
        #expect(state.tab == .arrivals)
        state.tab = .departures
        store.save(state)
        #expect(!store.warned)
        let saved = try JSON.parse(Array(try #require(FileManager.default.contents(atPath: path))))
        #expect(saved["tab"]?.string == "departures", "the change is saved")
        #expect(saved["alerts"] == (try JSON.parse(Array(alerts.utf8))))
        #expect(saved["theme"]?.string == "dark")
        let names = try #require(saved.objectPairs).map(\.0)
        #expect(names.suffix(2) == ["alerts", "theme"], "after the keys it knows, in the file's order: \(names)")
        // Read again and saved again, they stay once each.
        var again = StateStore(directory: directory)
        again.save(again.load())
        let twice = try JSON.parse(Array(try #require(FileManager.default.contents(atPath: path))))
        #expect(try #require(twice.objectPairs).map(\.0) == names)
    }
}
