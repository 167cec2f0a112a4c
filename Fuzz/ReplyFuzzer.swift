import BoardCLI
// libFuzzer target: the client's decoding and rendering of the daemon's replies.
//
// Each line is read as a reply: its result or error, then decoded as a board,
// a flight and search results and rendered for people; a board is also pushed
// to the live view's model, and any reply answers a request of it, then its
// frame is drawn at a size taken from the input. Malformed replies must give
// errors, never crashes. Build and run: scripts/fuzz.sh.
import BoardProtocol
import BoardSystem
import FlightData

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReply(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var framer = LineFramer(maxLineLength: 1 << 20)
    let start = ContinuousClock.Instant.now
    // Sizes from 1x1 up, narrow ones included (below 40 columns every line is cut).
    let screen = TerminalSize(columns: 1 + size % 120, rows: 1 + (size / 7) % 40)
    var model = LiveModel(tab: .all, hidePast: false, style: Style(enabled: size % 2 == 0), size: screen)
    model.update(.connected)
    for (index, output) in framer.feed(UnsafeRawBufferPointer(start: data, count: size)).enumerated() {
        guard case .line(let line) = output, let value = try? JSON.parse(line) else { continue }
        let result = (try? BoardConnection.result(of: value)) ?? value
        let renderer = BoardRenderer(style: Style(enabled: true), width: 40 + Int(size % 60))
        let at = start + .seconds(index)
        if let board = try? WireBoard(result) {
            _ = renderer.board(board)
            model.update(.boardPushed(board, at: at))
        }
        if let flight = try? WireFlight(result) { _ = renderer.row(flight) }
        _ = renderer.details(result)
        _ = renderer.search(result)
        let keys = KeyDecoder.decode(line)
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
