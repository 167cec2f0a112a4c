import BoardSystem

/// Writes only the lines of a frame that changed since the last one, in one write.
struct ScreenPainter {
    private var previous: [String] = []
    private var previousSize: TerminalSize?

    /// The bytes that turn the last frame into `frame` (everything, after a resize).
    mutating func update(to frame: [String], size: TerminalSize) -> String {
        var out = ""
        if size != previousSize {
            out += "\u{1B}[2J"
            previous = []
            previousSize = size
        }
        for (row, line) in frame.enumerated() where row >= previous.count || previous[row] != line {
            out += "\u{1B}[\(row + 1);1H\u{1B}[0m" + line + "\u{1B}[0m\u{1B}[K"
        }
        if frame.count < previous.count {
            for row in frame.count..<previous.count { out += "\u{1B}[\(row + 1);1H\u{1B}[K" }
        }
        previous = frame
        return out
    }

    /// Forgets the screen, so the next update repaints everything.
    mutating func invalidate() { previousSize = nil }
}
