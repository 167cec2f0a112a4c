// libFuzzer target: the client's decoding and rendering of the daemon's replies.
//
// Each line is read as a reply: its result or error, then decoded as each of the
// client's documents (board, flight, details, search results, clock, status line)
// and rendered for people; a board is also pushed to the live view's model, and
// any reply answers a request of it, then its frame is drawn at a size taken from
// the input. The whole input is also read as Redis's replies (RESP), each as a stream's entries, as
// an XREAD reply and as the state a replica reads (`ReplicationEntry`, `ReplicationState`).
// Malformed replies must give errors, never crashes. Build and run: scripts/fuzz.sh.
import BoardCLI
import BoardLink
import BoardProtocol
import BoardSystem
import FlightData

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReply(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzRedisReplies(UnsafeRawBufferPointer(start: data, count: size))
    var framer = LineFramer(maxLineLength: 1 << 20)
    let start = ContinuousClock.Instant.now
    // Sizes from 1x1 up, narrow ones included (below 40 columns every line is cut).
    let screen = TerminalSize(columns: 1 + size % 120, rows: 1 + (size / 7) % 40)
    var model = LiveModel(tab: .all, hidePast: false, style: Style(enabled: size % 2 == 0), size: screen)
    model.update(.connected)
    for (index, output) in framer.feed(UnsafeRawBufferPointer(start: data, count: size)).enumerated() {
        guard case .line(let line) = output, let value = try? JSON.parse(line, replacingControlCharacters: true) else { continue }
        let result = (try? BoardConnection.result(of: value)) ?? value
        let renderer = BoardRenderer(style: Style(enabled: true), width: 40 + Int(size % 60))
        let at = start + .seconds(index)
        // Each document the client reads: decoded, drawn, and encoded again (which must not trap either).
        if let board = try? BoardDocument(json: result) {
            _ = renderer.board(board)
            _ = board.json.bytes
            model.update(.boardPushed(board, at: at))
        }
        if let flight = try? FlightDocument(json: result) { _ = renderer.row(flight) }
        if let details = try? FlightDetailsDocument(json: result) {
            _ = renderer.details(details)
            _ = details.json.bytes
        }
        if let results = try? SearchResultsDocument(json: result) {
            _ = renderer.search(results)
            _ = results.json.bytes
        }
        if let clock = try? ClockDocument(json: result) { _ = clock.json.bytes }
        if let status = try? StatusLineDocument(json: result) { _ = status.json.bytes }
        if let ping = try? PingDocument(json: result) {
            // A replica's status, as `board status` and the live view's header read it.
            _ = ping.json.bytes
            model.update(.replication(ping.replication))
        }
        var decoder = KeyDecoder()
        let keys = decoder.feed(line) + decoder.flush()
        // Open a flight, search, then answer both with this reply, as the daemon would.
        for key in [Key.enter, .character("/"), .character("x"), .enter] + keys.prefix(8) {
            for effect in model.update(.key(key)) {
                if case .send(let id, _) = effect { model.update(.replied(id, result)) }
            }
        }
        _ = model.view(size: screen, now: at + .seconds(size % 5000))
        model.update(.connectionLost(at: at))
        _ = model.view(size: screen, now: at + .seconds(size))
        model.update(.connected)
    }
    return 0
}

/// The bytes as Redis's replies: every value a replica could be sent, read as entries and as a state.
func fuzzRedisReplies(_ bytes: UnsafeRawBufferPointer) {
    var parser = RESPParser(limits: RESPLimits(maxBulkLength: 1 << 16, maxElements: 1 << 12))
    parser.append(bytes)
    for _ in 0..<64 {
        guard let value = try? parser.next() else { return }
        for entry in ReplicationEntry.entries(value) ?? [] { _ = try? entry.record.get().fields }
        _ = ReplicationEntry.entries(xread: value)
        let strings = value.elements?.compactMap(\.string) ?? []
        if let state = try? ReplicationState(flat: strings) { _ = state.fields }
        if let record = try? ReplicationRecord(flat: strings) { _ = record.fields }
    }
}
