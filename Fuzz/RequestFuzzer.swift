import BoardDaemon
// libFuzzer target: the daemon's request parsing and dispatch.
//
// Bytes arrive as a client would send them: framed into lines (64 KiB limit),
// parsed as requests and handed to BoardService on a frozen simulated clock.
// Any crash, hang or sanitizer report is a bug. Build and run: scripts/fuzz.sh.
import BoardProtocol
import BoardSystem
import FlightData
import Foundation

nonisolated(unsafe) var service = BoardService(
    config: .builtIn,
    clock: DaemonClock(simulatedAt: Date(timeIntervalSince1970: 1_796_050_800), speed: 0),  // 2026-11-30T12:00-05:00
    instance: "fuzz")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var framer = LineFramer()
    let outputs = framer.feed(UnsafeRawBufferPointer(start: data, count: size))
    for output in outputs {
        guard case .line(let line) = output else { continue }
        switch WireRequest.parse(line) {
        case .failure(let rejected):
            _ = WireLine.error(id: rejected.id, rejected.error)
        case .success(let request):
            // Keep the clock where it was, so every input sees the same board.
            let saved = service
            switch service.handle(request) {
            case .result(let json), .clockMoved(let json): _ = WireLine.result(id: request.id, json)
            case .encoded(let document): _ = WireLine.result(id: request.id, encoded: document.joined)
            case .failure(let error): _ = WireLine.error(id: request.id, error)
            case .watch(let view): _ = service.watchBoard(view, at: service.clock.now)
            }
            service = saved
        }
    }
    return 0
}
