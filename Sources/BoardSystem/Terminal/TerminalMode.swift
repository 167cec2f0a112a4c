import Glibc

/// The terminal in full-screen mode: raw input, the alternate screen, no cursor.
///
/// `restore()` puts everything back and is safe to call twice; the live
/// view calls it on q, Ctrl-C, SIGTERM, SIGHUP and on errors.
public final class TerminalMode {
    private var saved = termios()
    private var active = false
    public let input: FileDescriptor
    public let output: FileDescriptor

    public init(input: FileDescriptor = .standardInput, output: FileDescriptor = .standardOutput) {
        self.input = input
        self.output = output
    }

    /// Raw input (no echo, no line editing, no signals from keys) and the alternate screen, cleared.
    /// Entered again while in it (continued after a stop it did not see: `kill -STOP`), it sets the
    /// same again, keeping the line settings it saved first.
    public func enter() throws(SystemError) {
        if !active { guard tcgetattr(input.rawValue, &saved) == 0 else { throw SystemError("tcgetattr") } }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input.rawValue, TCSAFLUSH, &raw) == 0 else { throw SystemError("tcsetattr") }
        active = true
        // Alternate screen, hidden cursor, cleared; bracketed paste, so that pasted text comes marked
        // as text and is never read as keys.
        try? output.writeAll("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[2J\u{1B}[H")
    }

    /// The normal screen, the cursor and the saved line settings back.
    public func restore() {
        guard active else { return }
        active = false
        try? output.writeAll("\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l")
        _ = tcsetattr(input.rawValue, TCSAFLUSH, &saved)
    }

    /// Ctrl-Z, as less and vim take it: the terminal given back to the shell, the process stopped
    /// (SIGTSTP, its default action), and full screen again once `fg` continues it. The caller draws
    /// the whole screen again.
    ///
    /// The view takes SIGTSTP on a descriptor (`kill -TSTP` from elsewhere comes here too), so it is
    /// let through for the stop itself and taken again once continued.
    public func suspend() throws(SystemError) {
        restore()
        var stop = sigset_t()
        sigemptyset(&stop)
        sigaddset(&stop, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &stop, nil)
        // The whole process group, as vim stops it: a script that started the view stops with it.
        kill(0, SIGTSTP)
        pthread_sigmask(SIG_BLOCK, &stop, nil)
        try enter()
    }

    deinit { restore() }

    /// The screen's size; 80x24 when it cannot be read.
    public var size: TerminalSize { TerminalSize(of: output) ?? TerminalSize(columns: 80, rows: 24) }
}
