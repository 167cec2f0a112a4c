import BoardProtocol
import BoardSystem

/// Where the client's text goes: data to stdout, everything else to stderr.
///
/// A closed stdout (`board ... | head`) ends the program quietly with status 0.
enum Output {
    static func print(_ text: String) {
        do {
            try FileDescriptor.standardOutput.writeAll(text + "\n")
        } catch {
            if error.isBrokenPipe { Program.exit(0) }
        }
    }

    static func warning(_ message: String) {
        try? FileDescriptor.standardError.writeAll("board: warning: \(message)\n")
    }

    static func error(_ message: String) {
        try? FileDescriptor.standardError.writeAll("board: \(message)\n")
    }
}
