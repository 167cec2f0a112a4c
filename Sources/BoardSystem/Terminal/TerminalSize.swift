import Glibc

/// A terminal's size in cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The size of the terminal on `descriptor` (TIOCGWINSZ), or nil when it is not a terminal or says
    /// no width; a terminal that says its columns and no rows (a serial console, `script`'s pty) is
    /// `rowsUnsaid` rows high.
    public init?(of descriptor: FileDescriptor, rowsUnsaid: Int = 24) {
        var size = winsize()
        guard ioctl(descriptor.rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        self.init(columns: Int(size.ws_col), rows: size.ws_row > 0 ? Int(size.ws_row) : rowsUnsaid)
    }

    /// The width of the terminal on `descriptor`, or nil when it is not a terminal or says none: a
    /// line's width needs only its columns.
    public static func columns(of descriptor: FileDescriptor) -> Int? { TerminalSize(of: descriptor)?.columns }

    public var description: String { "\(columns)x\(rows)" }
}
