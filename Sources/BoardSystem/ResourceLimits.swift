import Glibc

/// The process's resource limits (`getrlimit`, `setrlimit`).
public enum ResourceLimits {
    /// The soft and hard limits on open descriptors (`RLIMIT_NOFILE`); nil when they cannot be read.
    public static func openFiles() -> (soft: Int, hard: Int)? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        return (clamped(limit.rlim_cur), clamped(limit.rlim_max))
    }

    /// Raises the soft limit on open descriptors toward `wanted`, never past the hard limit and never
    /// lowering it: many clients need many descriptors. Returns the soft limit afterwards.
    @discardableResult
    public static func raiseOpenFiles(to wanted: Int) -> Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        let target = min(rlim_t(max(0, wanted)), limit.rlim_max)
        if limit.rlim_cur < target {
            let raised = rlimit(rlim_cur: target, rlim_max: limit.rlim_max)
            withUnsafePointer(to: raised) { if setrlimit(Int32(RLIMIT_NOFILE.rawValue), $0) == 0 { limit = raised } }
        }
        return clamped(limit.rlim_cur)
    }

    /// `RLIM_INFINITY` is the largest `rlim_t`; as an `Int` it is `Int.max`.
    private static func clamped(_ value: rlim_t) -> Int { value > rlim_t(Int.max) ? Int.max : Int(value) }
}
