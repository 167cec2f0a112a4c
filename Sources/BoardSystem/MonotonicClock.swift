import Glibc

/// `CLOCK_MONOTONIC`, read directly, for the one protocol that names it.
///
/// Intervals are measured with `ContinuousClock`. systemd, though, compares
/// sd_notify's `MONOTONIC_USEC` with `CLOCK_MONOTONIC`, and on Linux
/// `ContinuousClock` is `CLOCK_BOOTTIME` (which also counts suspended time)
/// with opaque instants, so it cannot give that value.
public enum MonotonicClock {
    /// Microseconds on `CLOCK_MONOTONIC`, as `MONOTONIC_USEC` wants them.
    public static func microseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
    }
}
