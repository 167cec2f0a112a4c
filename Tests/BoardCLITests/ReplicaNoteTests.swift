import BoardProtocol
import Testing

@testable import BoardCLI

/// A replica says so where people look: `board status` and `board watch`'s header, live or cut off,
/// from `ping`'s `replication`; a source or a daemon on its own says nothing of it.
struct ReplicaNoteTests {
    static let live = ReplicationDocument(role: "replica", source: "abc", connected: true, waiting: 0, lag: 0.002)
    static let cutOff = ReplicationDocument(
        role: "replica", source: "abc", connected: false, waiting: 0, lag: 30, cutOffSince: "2026-12-04T14:02:07-05:00")
    static let outOfStep = ReplicationDocument(
        role: "replica", source: "abc", connected: true, waiting: 0, lag: 0, outOfStep: "board:MTN:log entry 1-0: bad")
    static let source = ReplicationDocument(role: "source", source: "abc", connected: true, waiting: 0, lag: nil)

    @Test func eachStateReadsInWords() {
        #expect(ReplicaNote(Self.live, code: "MTN")?.text == "replica of MTN · live")
        #expect(ReplicaNote(Self.cutOff, code: "MTN")?.text == "replica of MTN · cut off since 14:02")
        #expect(ReplicaNote(Self.outOfStep, code: "MTN")?.text == "replica of MTN · out of step")
        #expect(ReplicaNote(Self.live, code: "MTN")?.shortText == "replica · live")
        #expect(ReplicaNote(Self.cutOff, code: "MTN")?.shortText == "replica · cut off since 14:02")
        #expect(ReplicaNote(Self.source, code: "MTN") == nil && ReplicaNote(nil, code: "MTN") == nil)
        for odd in ["", "14:02", "2026-12-04 14:02", "2026-12-04T1\u{1B}:02"] {
            #expect(ReplicaNote.hourAndMinute(odd) == nil, "\(odd)")
        }
    }

    static func line(_ replication: ReplicationDocument?, tmux: Bool = false, width: Int? = nil, format: String? = nil)
        -> String
    {
        var reading = StatusFormatTests.quiet
        reading.replica = ReplicaNote(replication, code: "MTN")
        let status = StatusLine(socket: "", state: ClientState(), format: format, tmux: tmux)
        return width.map { status.line(reading, width: $0) } ?? status.line(reading)
    }

    @Test func theStatusLineSaysALiveReplicaAfterItAndACutOffOneFirst() {
        let plain = Self.line(nil)
        #expect(Self.line(Self.live) == plain + "  replica of MTN · live")
        #expect(Self.line(Self.cutOff) == "replica of MTN · cut off since 14:02  " + plain)
        #expect(Self.line(Self.outOfStep).hasPrefix("replica of MTN · out of step  "))
        #expect(Self.line(Self.source) == plain)
        // Narrow: a live replica's note goes first, a cut-off one stays.
        #expect(Self.line(Self.live, width: plain.count) == plain)
        #expect(Self.line(Self.cutOff, width: 50).hasPrefix("replica of MTN · cut off since 14:02"))
        #expect(Self.line(Self.cutOff, tmux: true).hasPrefix("#[fg=red,bold]replica of MTN · cut off since 14:02#[default]  "))
        // A format shows it only where it asks for it.
        #expect(Self.line(Self.cutOff, format: "%n") == "US 481")
        #expect(Self.line(Self.live, format: "%n %R") == "US 481 replica of MTN · live")
        #expect(Self.line(nil, format: "%n|%R|") == "US 481||")
    }

    @Test func theJSONAndTheWaybarTooltipSayIt() throws {
        var reading = StatusFormatTests.quiet
        reading.replica = ReplicaNote(Self.cutOff, code: "MTN")
        let json = StatusLineDocument(line: "x", values: reading.values).json
        #expect(json["replica"]?.string == "replica of MTN · cut off since 14:02")
        #expect(try StatusLineDocument(json: json).values == reading.values)
        #expect(StatusLineDocument(line: "x", values: StatusFormatTests.quiet.values).json["replica"] == .null)
        let waybar = StatusLine(socket: "", state: ClientState(), format: nil, tmux: false).waybarJSON(reading)
        #expect(waybar.contains(#"replica of MTN · cut off since 14:02"#), "\(waybar)")
    }

    @Test func theLiveViewsHeaderSaysWhoseBoardAndWhetherItStillFollows() {
        var model = LiveViewFixture.liveModel()
        model.update(.replication(Self.live))
        #expect(model.frame()[0].hasSuffix("● replica of MTN · live"), "\(model.frame()[0])")
        model.update(.replication(Self.cutOff))
        #expect(model.frame()[0].hasSuffix("○ replica of MTN · cut off since 14:02"), "\(model.frame()[0])")
        #expect(model.frame(.init(columns: 60, rows: 24))[0].hasSuffix("○ replica of MTN · cut off since 14:02"))
        #expect(model.frame(.init(columns: 40, rows: 24))[0].hasSuffix("○ replica · cut off since 14:02"))
        #expect(model.frame(.init(columns: 40, rows: 24))[0].count <= 40)
        // However narrow the pane, the header stays within it.
        for columns in 20...80 {
            let header = model.frame(.init(columns: columns, rows: 24))[0]
            #expect(header.count <= columns, "\(columns) columns: \(header)")
        }
        model.update(.replication(Self.source))
        #expect(model.frame()[0].hasSuffix("● live"))
        model.update(.connectionLost(at: LiveViewFixture.start))
        model.update(.replication(Self.live))
        #expect(model.frame()[0].contains("reconnecting"), "the link to the daemon comes first")
    }
}
