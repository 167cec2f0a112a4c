/// At most a few lines a second of each kind of message; the rest are counted and reported in one line.
///
/// A kind is the message with its digits left out, so "clock moved to 09:05" and
/// "clock moved to 09:10" are one kind, as are refusals of different uids. Each
/// kind has a window: the first `burst` messages in it are written, the rest only
/// counted, and when the window has passed one line says how many were
/// suppressed and shows the last of them. As syslog's and journald's rate limits,
/// but per kind, so a flood of one message never hides another.
///
/// The instants are given, so tests drive it with made-up times.
struct LogRateLimiter {
    /// Messages of one kind written per window.
    var burst = 5
    var window = Duration.seconds(1)
    /// Kinds remembered at once; beyond it, kinds whose window has passed are forgotten first.
    var maxKinds = 256

    private struct Kind {
        var windowStart: ContinuousClock.Instant
        var written = 0
        var suppressed = 0
        var last = ""
        var level: Log.Level
    }

    private var kinds: [String: Kind] = [:]
    private var nextSweep: ContinuousClock.Instant?

    /// The lines to write for `message` at `now`: reports of suppressed messages whose window has
    /// passed, then the message itself unless it is over its kind's burst.
    mutating func admit(_ message: String, level: Log.Level, at now: ContinuousClock.Instant) -> [(Log.Level, String)] {
        var lines = sweep(at: now)
        let key = "\(level.rawValue):" + String(message.unicodeScalars.filter { !("0"..."9").contains($0) })
        var kind = kinds[key] ?? Kind(windowStart: now, level: level)
        if now - kind.windowStart >= window {
            if let report = Self.report(kind) { lines.append(report) }
            kind = Kind(windowStart: now, level: level)
        }
        if kind.written < burst {
            kind.written += 1
            lines.append((level, message))
        } else {
            kind.suppressed += 1
            kind.last = message
        }
        if kinds[key] == nil, kinds.count >= maxKinds { forgetOldest() }
        kinds[key] = kind
        return lines
    }

    /// Reports of every kind whose window has passed with messages suppressed (or of all, at the end).
    mutating func flush(at now: ContinuousClock.Instant, all: Bool = false) -> [(Log.Level, String)] {
        var lines: [(Log.Level, String)] = []
        for (key, kind) in kinds where all || now - kind.windowStart >= window {
            if let report = Self.report(kind) { lines.append(report) }
            kinds[key] = nil
        }
        return lines
    }

    /// At most once a window, the kinds whose window passed are reported and forgotten.
    private mutating func sweep(at now: ContinuousClock.Instant) -> [(Log.Level, String)] {
        guard nextSweep.map({ now >= $0 }) ?? true else { return [] }
        nextSweep = now + window
        return flush(at: now)
    }

    private mutating func forgetOldest() {
        guard let oldest = kinds.min(by: { $0.value.windowStart < $1.value.windowStart }) else { return }
        kinds[oldest.key] = nil
    }

    private static func report(_ kind: Kind) -> (Log.Level, String)? {
        guard kind.suppressed > 0 else { return nil }
        let count = kind.suppressed == 1 ? "1 similar message" : "\(kind.suppressed) similar messages"
        return (kind.level, "suppressed \(count); the last: \(kind.last)")
    }
}

/// A failure met again on every retry (a Redis that refuses every write, retried every few seconds)
/// is logged when it first happens and when its words change, then once a minute while it lasts,
/// saying how often it was met since the last line: one line a retry filled the journal.
struct RepeatedFailureLog {
    var every = Duration.seconds(60)
    private var text: String?
    private var loggedAt: ContinuousClock.Instant?
    private var metSince = 0

    /// The line to log for the failure `text` met at `now`; nil for a repeat within `every` of the last line.
    mutating func admit(_ text: String, at now: ContinuousClock.Instant) -> String? {
        if text == self.text, let loggedAt, now - loggedAt < every {
            metSince += 1
            return nil
        }
        let repeats = text == self.text ? metSince : 0
        self.text = text
        loggedAt = now
        metSince = 0
        return repeats == 0 ? text : "\(text) (met \(repeats + 1) times since the last line)"
    }

    /// The failure is over: the next one is logged at once.
    mutating func clear() {
        text = nil
        loggedAt = nil
        metSince = 0
    }
}
