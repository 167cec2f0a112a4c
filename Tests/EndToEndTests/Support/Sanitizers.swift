import Glibc

/// Whether this test run (and so the daemon it built) runs under a sanitizer (`swift test
/// --sanitize=thread|address`), found by the runtime's own symbol. Under one, a crash signal is
/// the sanitizer's to report and the heap is the sanitizer's to keep: tests of exit statuses by
/// signal and of resident memory say so.
enum Sanitizers {
    static let active: Bool = {
        guard let handle = dlopen(nil, RTLD_NOW) else { return false }
        return dlsym(handle, "__tsan_init") != nil || dlsym(handle, "__asan_init") != nil
    }()
}
