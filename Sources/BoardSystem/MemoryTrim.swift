import Glibc

/// Giving freed heap memory back to the system.
///
/// glibc's `free` keeps memory in the process's arenas; after a burst of large replies the
/// daemon's resident size would stay at its peak for good. `malloc_trim(0)` returns the free
/// pages of every arena. It is looked up at run time (it is a glibc extension that Swift's Glibc
/// module does not declare), and does nothing where it is missing.
///
/// It trims glibc's heap only, so it is used only when glibc's `malloc` is the process's: under a
/// sanitizer (or an allocator preloaded in its place) another allocator serves every `malloc`,
/// glibc's arenas hold nothing to give back, and walking them under AddressSanitizer crashed the
/// daemon (`mtrim` reading a bin at address 8).
public enum MemoryTrim {
    private typealias Trim = @convention(c) (Int) -> Int32

    private static let trim: Trim? = {
        guard let symbol = dlsym(nil, "malloc_trim"), glibcServesMalloc else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
    }()

    /// Whether the `malloc` the process calls is glibc's own (the one in `libc.so.6`).
    private static var glibcServesMalloc: Bool {
        guard let libc = dlopen("libc.so.6", RTLD_NOW | RTLD_NOLOAD) else { return false }
        defer { dlclose(libc) }
        return dlsym(libc, "malloc") == dlsym(nil, "malloc")
    }

    /// Whether trimming does anything here: glibc's `malloc_trim` found, and glibc's heap the one in use.
    public static var isAvailable: Bool { trim != nil }

    /// Returns the heap's free pages to the system; true when some were returned.
    @discardableResult
    public static func returnFreeMemory() -> Bool { (trim?(0) ?? 0) != 0 }
}
