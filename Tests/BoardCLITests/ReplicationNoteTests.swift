import BoardProtocol
import Testing

@testable import BoardCLI

/// A replica says so where people look: `board status` and `board watch`'s header, live, behind or
/// cut off, from `ping`'s `replication`; a source says whether it publishes; a daemon on its own
/// says nothing of it.
struct ReplicationNoteTests {
    static let live = ReplicationDocument(role: "replica", source: "abc", connected: true, waiting: 0, lag: 0.002)
    static let cutOff = ReplicationDocument(
        role: "replica", source: "abc", connected: false, waiting: 0, lag: 30, cutOffSince: "2026-12-04T14:02:07-05:00")
    static let outOfStep = ReplicationDocument(
        role: "replica", source: "abc", connected: true, waiting: 0, lag: 0, outOfStep: "board:MTN:log entry 1-0: bad")
    static let behind = ReplicationDocument(role: "replica", source: "abc", connected: true, waiting: 0, lag: 3.7)
    static let source = ReplicationDocument(role: "source", source: "abc", connected: true, waiting: 0, lag: nil)
    static let sourceCutOff = ReplicationDocument(role: "source", source: "abc", connected: false, waiting: 4, lag: nil)

    @Test func eachStateReadsInWords() {
        #expect(ReplicationNote(Self.live, code: "MTN")?.text == "replica of MTN · live")
        #expect(ReplicationNote(Self.cutOff, code: "MTN")?.text == "replica of MTN · cut off since 14:02")
        #expect(ReplicationNote(Self.outOfStep, code: "MTN")?.text == "replica of MTN · out of step")
        #expect(ReplicationNote(Self.live, code: "MTN")?.shortText == "replica · live")
        #expect(ReplicationNote(Self.cutOff, code: "MTN")?.shortText == "replica · cut off since 14:02")
        #expect(ReplicationNote(Self.behind, code: "MTN")?.text == "replica of MTN · 3 s behind")
        #expect(ReplicationNote(Self.source, code: "MTN")?.text == "source of MTN · publishing")
        #expect(ReplicationNote(Self.sourceCutOff, code: "MTN")?.text == "source of MTN · not publishing, 4 records waiting")
        #expect(ReplicationNote(Self.sourceCutOff, code: "MTN")?.shortText == "source · not publishing, 4 records waiting")
        #expect(ReplicationNote(nil, code: "MTN") == nil)
        // A source whose lease another instance holds says which, in printable characters only.
        let superseded = ReplicationDocument(
            role: "source", source: "abc", connected: false, waiting: 0, lag: nil, supersededBy: "3ceaeb7c\u{1B}[2J9853a637")
        #expect(
            ReplicationNote(superseded, code: "MTN")?.text
                == "source of MTN · not publishing: instance 3ceaeb7c[2J9853a637 took the lease")
        #expect(ReplicationDocument.instanceName(String(repeating: "a", count: 500)).count == 64)
        #expect(ReplicationDocument.instanceName("\u{7}\u{1B}") == "?")

        // No source holds the lease: said, and not live.
        let alone = ReplicationDocument(
            role: "replica", source: "abc", connected: true, waiting: 0, lag: 0, noSourceSince: "2026-12-04T14:05:00-05:00")
        #expect(ReplicationNote(alone, code: "MTN")?.text == "replica of MTN · no source since 14:05")
        #expect(ReplicationNote(alone, code: "MTN")?.isLive == false)
        // A hop under two seconds is live; a lag no number holds is not a crash.
        let quick = ReplicationDocument(role: "replica", source: "abc", connected: true, waiting: 0, lag: 1.9)
        #expect(ReplicationNote(quick, code: "MTN")?.isLive == true)
        for huge in [Double.infinity, 1e300, Double.nan] {
            let odd = ReplicationDocument(role: "replica", source: "abc", connected: true, waiting: 0, lag: huge)
            #expect(ReplicationNote(odd, code: "MTN") != nil)
        }
        for odd in ["", "14:02", "2026-12-04 14:02", "2026-12-04T1\u{1B}:02"] {
            #expect(ReplicationNote.hourAndMinute(odd) == nil, "\(odd)")
        }
    }

    static func line(_ replication: ReplicationDocument?, tmux: Bool = false, width: Int? = nil, format: String? = nil)
        -> String
    {
        var reading = StatusFormatTests.quiet
        reading.replica = ReplicationNote(replication, code: "MTN")
        let status = StatusLine(socket: "", state: ClientState(), format: format, tmux: tmux)
        return width.map { status.line(reading, width: $0) } ?? status.line(reading)
    }

    @Test func theStatusLineSaysALiveReplicaAfterItAndACutOffOneFirst() {
        let plain = Self.line(nil)
        #expect(Self.line(Self.live) == plain + "  replica of MTN · live")
        #expect(Self.line(Self.cutOff) == "replica of MTN · cut off since 14:02  " + plain)
        #expect(Self.line(Self.outOfStep).hasPrefix("replica of MTN · out of step  "))
        #expect(Self.line(Self.behind) == "replica of MTN · 3 s behind  " + plain)
        #expect(Self.line(Self.source) == plain + "  source of MTN · publishing")
        #expect(Self.line(Self.sourceCutOff) == "source of MTN · not publishing, 4 records waiting  " + plain)
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
        reading.replica = ReplicationNote(Self.cutOff, code: "MTN")
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
        // A source's header is any daemon's: the board it shows is its own.
        model.update(.replication(Self.source))
        #expect(model.frame()[0].hasSuffix("● live"))
        model.update(.connectionLost(at: LiveViewFixture.start))
        model.update(.replication(Self.live))
        #expect(model.frame()[0].contains("reconnecting"), "the link to the daemon comes first")
    }
}
