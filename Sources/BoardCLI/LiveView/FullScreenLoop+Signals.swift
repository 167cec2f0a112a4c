import BoardSystem

/// The live view and its process's signals: a resize, a stop (Ctrl-Z, `kill -TSTP`) and a continue.
extension FullScreenLoop {
    /// The signals that arrived, in order, until one ends the view.
    mutating func handle(_ arrived: [UnixSignal]) {
        for signal in arrived where exitStatus == nil {
            switch signal {
            case .windowChanged: dispatch(.resized(terminal.size))
            case .terminalStop: suspend()
            case .continued: resume()
            default: dispatch(.signal(signal))
            }
        }
    }

    /// Ctrl-Z: stopped with the terminal given back, then the whole screen drawn again on `fg`, once:
    /// the SIGCONT that `fg` sent, waiting now, is this stop's end (it drew the view whole again).
    mutating func suspend() {
        takeTheTerminalAgain { terminal throws(SystemError) in try terminal.suspend() }
        if exitStatus == nil, let signals { handle(signals.drain().filter { $0 != .continued }) }
    }

    /// Continued after a stop: full screen again and drawn whole (a stop it did not see, `kill -STOP`,
    /// left the shell's lines over it). In the background, setting the terminal stops it again
    /// (SIGTTOU) until `fg`, as vim does.
    mutating func resume() { takeTheTerminalAgain { terminal throws(SystemError) in try terminal.enter() } }

    /// Full screen again after `step`, drawn whole; one that fails ends the view (status 1).
    private mutating func takeTheTerminalAgain(_ step: (TerminalMode) throws(SystemError) -> Void) {
        do { try step(terminal) } catch {
            Output.error("cannot use the terminal again: \(error)")
            exitStatus = 1
            return
        }
        painter.invalidate()
        dispatch(.resized(terminal.size))
    }
}
