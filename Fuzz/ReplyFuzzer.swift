import BoardCLI
// libFuzzer target: the client's decoding and rendering of the daemon's replies.
//
// Each line is read as a reply: its result or error, then decoded as each of the
// client's documents (board, flight, details, search results, clock, status line)
// and rendered for people. Malformed replies must give errors, never crashes. Build and run: scripts/fuzz.sh.
import BoardProtocol
import BoardSystem
import FlightData

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReply(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var framer = LineFramer(maxLineLength: 1 << 20)
    for output in framer.feed(UnsafeRawBufferPointer(start: data, count: size)) {
        guard case .line(let line) = output, let value = try? JSON.parse(line) else { continue }
        let result = (try? BoardConnection.result(of: value)) ?? value
        let renderer = BoardRenderer(style: Style(enabled: true), width: 40 + Int(size % 60))
        // Each document the client reads: decoded, drawn, and encoded again (which must not trap either).
        if let board = try? BoardDocument(json: result) {
            _ = renderer.board(board)
            _ = board.json.bytes
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
        _ = KeyDecoder.decode(line)
    }
    return 0
}
