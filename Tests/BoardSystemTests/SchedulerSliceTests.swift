import BoardSystem
import Foundation
import Testing

/// `Program.requestSlice` on a thread of the test's own: the slice the kernel keeps is the one asked
/// for, held to 100 µs to 100 ms, and the thread's nice value is kept.
@Suite(.serialized)
struct SchedulerSliceTests {
    /// The kernel's record of the calling thread's slice (`se.slice`), nil where it has none (before 6.12).
    static func slice() -> Int? {
        guard let sched = try? String(contentsOfFile: "/proc/thread-self/sched", encoding: .utf8),
            let line = sched.split(separator: "\n").first(where: { $0.hasPrefix("se.slice ") })
        else { return nil }
        return line.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// Runs `body` on a thread of its own, so the test's slices and nice value are left alone.
    static func onAThread<T: Sendable>(_ body: @escaping @Sendable () -> T) throws -> T {
        let result = Locked<T?>(nil)
        let thread = try SystemThread { result.withLock { $0 = body() } }
        thread.join()
        return try #require(result.withLock { $0 })
    }

    @Test func theSliceAskedForIsKeptWithinTheKernelsRange() throws {
        guard Self.slice() != nil else {
            print("skipped: this kernel's /proc/thread-self/sched has no se.slice (custom slices came in Linux 6.12)")
            return
        }
        let asked: [(Duration, Int)] = [
            (.microseconds(300), 300_000), (.microseconds(1), 100_000), (.seconds(1_000_000_000), 100_000_000),
        ]
        for (duration, kept) in asked {
            let (granted, slice) = try Self.onAThread { (Program.requestSlice(duration), Self.slice()) }
            #expect(granted && slice == kept, "\(duration): \(granted), \(String(describing: slice))")
        }
    }

    @Test func aNiceThreadKeepsItsNiceValue() throws {
        // On Linux, PRIO_PROCESS with 0 is the calling thread.
        let nice = try Self.onAThread { () -> Int32 in
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 5)
            Program.requestSlice(.microseconds(300))
            errno = 0
            return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
        }
        #expect(nice == 5)
    }
}
