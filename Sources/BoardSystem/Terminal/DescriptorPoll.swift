import Glibc

/// Waits on several descriptors at once (`poll`), for a loop that reads a terminal, a socket and signals.
public enum DescriptorPoll {
    /// Waits until one of `descriptors` is readable or `timeout` passes; returns which are readable, in order.
    ///
    /// A nil descriptor is a slot not waited on (it is never readable). With none at all it just waits
    /// out `timeout`. An interrupted wait returns early, with nothing readable.
    public static func readable(_ descriptors: [FileDescriptor?], timeout: Duration) -> [Bool] {
        var entries = descriptors.map { pollfd(fd: $0?.rawValue ?? -1, events: Int16(POLLIN), revents: 0) }
        let n = poll(&entries, nfds_t(entries.count), milliseconds(timeout))
        guard n > 0 else { return Array(repeating: false, count: entries.count) }
        return entries.map { $0.fd >= 0 && $0.revents != 0 }
    }

    /// `timeout` in whole milliseconds for poll, rounded up so a short wait is not a busy loop; at least 0.
    static func milliseconds(_ timeout: Duration) -> Int32 {
        let (seconds, attoseconds) = timeout.components
        guard seconds >= 0 else { return 0 }
        let total = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: total)
    }
}
