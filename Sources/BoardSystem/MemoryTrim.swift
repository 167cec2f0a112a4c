import Glibc

/// Giving freed heap memory back to the system.
///
/// glibc's `free` keeps memory in the process's arenas; after a burst of large replies the
/// daemon's resident size would stay at its peak for good. `malloc_trim(0)` returns the free
/// pages of every arena. It is looked up at run time (it is a glibc extension that Swift's Glibc
/// module does not declare), and does nothing where it is missing.
public enum MemoryTrim {
    private typealias Trim = @convention(c) (Int) -> Int32

    private static let trim: Trim? = {
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
    }()

    /// Returns the heap's free pages to the system; true when some were returned.
    @discardableResult
    public static func returnFreeMemory() -> Bool { (trim?(0) ?? 0) != 0 }
}
