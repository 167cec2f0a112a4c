import BoardProtocol
import BoardSystem
import FlightData
import Foundation
import Testing

@testable import BoardCLI

/// The key a pane's live view is saved under (`SavedLiveViews.pane`).
struct LiveViewPaneKeyTests {
    /// Every tmux server numbers its panes from `%0`: a server on another socket than a default one
    /// keys its panes with the socket, so two servers' `%0` keep their own views. The default
    /// server's keys are the pane alone, as the state file has them.
    @Test func aPaneOfAnotherTmuxServerIsKeyedWithItsSocket() throws {
        #expect(SavedLiveViews.pane(tmux: "/tmp/tmux-1000/default,4242,0", tmuxPane: "%0") == "%0")
        #expect(SavedLiveViews.pane(tmux: "/tmp/tmux-1000/work,4243,1", tmuxPane: "%0") == "%0@/tmp/tmux-1000/work")
        #expect(SavedLiveViews.pane(tmux: "/home/a,b/t.sock,1,2", tmuxPane: "%5") == "%5@/home/a,b/t.sock", "a comma in the path")
        #expect(SavedLiveViews.pane(tmux: nil, tmuxPane: "%0") == SavedLiveViews.shared)
        #expect(SavedLiveViews.pane(tmux: "", tmuxPane: "%0") == SavedLiveViews.shared)
        #expect(SavedLiveViews.pane(tmux: "/tmp/x,1,0", tmuxPane: "0") == SavedLiveViews.shared, "no pane id")
        #expect(SavedLiveViews.pane(tmux: "garbage", tmuxPane: "%2") == "%2", "an unreadable $TMUX: the pane alone")
        #expect(SavedLiveViews.pane(tmux: "relative/s,1,0", tmuxPane: "%2") == "%2")
        #expect(SavedLiveViews.pane(tmux: "/tmp/\u{1B}[2J,1,0", tmuxPane: "%2") == "%2", "no escape in a key")
        let long = "/" + String(repeating: "x", count: 200)
        #expect(SavedLiveViews.pane(tmux: long + ",1,0", tmuxPane: "%2") == "%2")

        var views = SavedLiveViews()
        views.save(SavedLiveView(screens: [.searchResults(text: "Den")], tab: .all), for: "%0")
        views.save(SavedLiveView(tab: .departures), for: "%0@/tmp/tmux-1000/work")
        let read = try #require(SavedLiveViews(json: try JSON.parse(views.json.bytes)))
        #expect(read == views)
        #expect(read["%0"]?.screens == [.searchResults(text: "Den")])
        #expect(read["%0@/tmp/tmux-1000/work"]?.tab == .departures)
    }
}
