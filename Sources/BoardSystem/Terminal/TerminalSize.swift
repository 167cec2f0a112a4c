import Glibc

/// A terminal's size in cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The size of the terminal on `descriptor` (TIOCGWINSZ), or nil when it is not a terminal.
    public init?(of descriptor: FileDescriptor) {
        var size = winsize()
        guard ioctl(descriptor.rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        self.init(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// The width of the terminal on `descriptor`, or nil when it is not a terminal or says none: a
    /// line's width needs only its columns (a serial console or `script`'s pty may say 0 rows).
    public static func columns(of descriptor: FileDescriptor) -> Int? {
        var size = winsize()
        guard ioctl(descriptor.rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    public var description: String { "\(columns)x\(rows)" }
}
