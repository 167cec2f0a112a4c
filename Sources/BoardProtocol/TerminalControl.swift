extension Unicode.Scalar {
    /// Whether printing this scalar steers the terminal rather than showing a character: a control
    /// character (C0, DEL and C1: an escape sequence's ESC, a carriage return, a line break), the
    /// line and paragraph separators (U+2028, U+2029: a second line where a terminal or a reader
    /// breaks on them), or a bidirectional control (U+061C, U+200E-U+200F, U+202A-U+202E,
    /// U+2066-U+2069), which makes the rest of a line show in another order than it is written
    /// ("Trojan Source").
    ///
    /// Text from elsewhere (the daemon's replies, a state file, the command line) has these replaced
    /// before it is printed; right-to-left scripts read correctly without them.
    public var isTerminalControl: Bool { Self.isTerminalControl(value) }

    public static func isTerminalControl(_ value: UInt32) -> Bool {
        switch value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E...0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
