import BoardSystem
import Glibc
import Testing

/// `malloc_trim` walks glibc's arenas: it is called only where glibc's `malloc` is the one in use.
@Suite struct MemoryTrimTests {
    /// Under a sanitizer its allocator serves `malloc` (the run's three passes: plain, ThreadSanitizer,
    /// AddressSanitizer), and trimming glibc's idle arenas under AddressSanitizer crashed the daemon.
    @Test func itTrimsOnlyWhenGlibcsMallocIsTheProcesss() {
        let sanitizer = dlsym(nil, "__asan_init") != nil || dlsym(nil, "__tsan_init") != nil
        #expect(MemoryTrim.isAvailable == !sanitizer)
    }

    /// It is safe to call after a burst of frees whatever serves `malloc`, and where it is not
    /// available it gives nothing back (whether glibc had pages to give is glibc's to say).
    @Test func itIsSafeToCallAnywhereAndGivesNothingWhereItIsNotAvailable() {
        var blocks: [[UInt8]] = (0..<64).map { [UInt8](repeating: UInt8($0), count: 100_000 + $0) }
        #expect(blocks.count == 64)
        blocks.removeAll()
        let returned = MemoryTrim.returnFreeMemory()
        if !MemoryTrim.isAvailable { #expect(!returned) }
    }
}
