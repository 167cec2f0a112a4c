import BoardCLI
// libFuzzer target: the client's decoding and rendering of the daemon's replies.
//
// Each line is read as a reply: its result or error, then decoded as a board,
// a flight and search results and rendered for people. Malformed replies must
// give errors, never crashes. Build and run: scripts/fuzz.sh.
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
        if let board = try? WireBoard(result) {
            _ = renderer.board(board)
        }
        if let flight = try? WireFlight(result) { _ = renderer.row(flight) }
        _ = renderer.details(result)
        _ = renderer.search(result)
        _ = KeyDecoder.decode(line)
    }
    return 0
}
