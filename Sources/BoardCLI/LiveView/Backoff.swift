/// Reconnection delays: 0.1 s doubling to 2 s, reset on success.
struct Backoff {
    private var delay = Duration.milliseconds(100)

    mutating func next() -> Duration {
        defer { delay = min(delay * 2, .seconds(2)) }
        return delay
    }

    mutating func reset() { delay = .milliseconds(100) }
}
