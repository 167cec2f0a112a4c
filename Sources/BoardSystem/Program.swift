import Glibc

/// The running program as a whole.
public enum Program {
    /// Ends the program with `status`, flushing what stdio holds, as C's `exit` does.
    public static func exit(_ status: Int32) -> Never { Glibc.exit(status) }
}
