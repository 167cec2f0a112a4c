import BoardProtocol
import FlightData
import FoundationEssentials
import Synchronization

/// The daemon's one source of time: the real clock, or a simulated one that
/// starts at a given instant and runs `speed` times real time (0 freezes it).
public struct DaemonClock: Sendable {
    enum Mode: Hashable, Sendable {
        case real
        case simulated(anchor: Date, anchorMonotonic: ContinuousClock.Instant, speed: Double)
    }

    private(set) var mode: Mode
    let source: any TimeSource

    public init(source: any TimeSource = SystemTimeSource()) {
        self.source = source
        self.mode = .real
    }

    public init(simulatedAt start: Date, speed: Double, source: any TimeSource = SystemTimeSource()) {
        self.source = source
        self.mode = .simulated(anchor: start, anchorMonotonic: source.monotonic(), speed: speed)
    }

    var isSimulated: Bool {
        if case .real = mode { return false }
        return true
    }

    var speed: Double {
        if case .simulated(_, _, let speed) = mode { return speed }
        return 1
    }

    /// A simulated clock running at `speed` stops at the end of its range (`ClockLimits.instants`),
    /// where every date of the window still has four digits in its year.
    public var now: Date {
        switch mode {
        case .real: return source.wall()
        case .simulated(let anchor, let anchorMonotonic, let speed):
            let running = anchor.addingTimeInterval(Self.seconds(source.monotonic() - anchorMonotonic) * speed)
            return min(running, max(anchor, ClockLimits.instants.upperBound))
        }
    }

    /// `duration` in seconds, from its two components: `duration / .seconds(1)` divides two 128-bit
    /// counts of attoseconds, on every request's reading of `now`.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Moves a simulated clock to `instant`; false on the real clock.
    mutating func set(_ instant: Date) -> Bool {
        guard case .simulated(_, _, let speed) = mode else { return false }
        mode = .simulated(anchor: instant, anchorMonotonic: source.monotonic(), speed: speed)
        return true
    }

    /// The clock's whole state for a replica (`ReplicationClock`): what it read at its last move, at which
    /// real instant, and its speed. The real instant is the wall clock less the monotonic time since the
    /// move, so a replica computes every later reading as this clock does.
    func replicationState(_ move: ReplicationClock.Move) -> ReplicationClock {
        let wall = source.wall()
        switch mode {
        case .real:
            let seconds = wall.timeIntervalSince1970
            return ReplicationClock(move: move, simulated: false, instant: seconds, speed: 1, madeAt: seconds)
        case .simulated(let anchor, let anchorMonotonic, let speed):
            let madeAt = wall.timeIntervalSince1970 - Self.seconds(source.monotonic() - anchorMonotonic)
            return ReplicationClock(
                move: move, simulated: true, instant: anchor.timeIntervalSince1970, speed: speed, madeAt: madeAt)
        }
    }

    /// A replica's clock after its source's move: the source's whole state (`ReplicationClock`), run
    /// from what it reads now on this host's wall clock. A frozen clock reads the record's instant to
    /// the bit; a running one reads what the source's reads at the same real instant (as far as the
    /// two hosts' wall clocks agree).
    mutating func follow(_ state: ReplicationClock) {
        guard state.simulated else {
            mode = .real
            return
        }
        let reading = state.speed == 0 ? state.instant : state.reading(atReal: source.wall().timeIntervalSince1970)
        // Within the clock's range, as the source's own reading is: a source stopped at the range's end
        // keeps its anchor and speed, and run on from them a replica's reading would pass it (and spin).
        let bounded = ClockLimits.clamped(Date(timeIntervalSince1970: reading))
        mode = .simulated(anchor: bounded, anchorMonotonic: source.monotonic(), speed: state.speed)
    }

    /// Real seconds until the clock reads `instant`; nil when it never will (frozen, or already past).
    func realDelay(until instant: Date) -> Double? {
        let simulatedSeconds = instant.timeIntervalSince(now)
        guard simulatedSeconds > 0 else { return 0 }
        switch mode {
        case .real: return simulatedSeconds
        case .simulated(_, _, let speed):
            // Past the end of its range the clock stops: it never reads a later instant.
            guard speed > 0, instant <= ClockLimits.instants.upperBound else { return nil }
            return simulatedSeconds / speed
        }
    }
}
