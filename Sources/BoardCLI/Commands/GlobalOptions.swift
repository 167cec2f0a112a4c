import BoardArguments
import BoardSystem

/// Options every command takes.
struct GlobalOptions: Equatable {
    var json = false
    var socket: String?
    var stateDirectory: String?
    var color: ColorChoice = .auto
    var noAutostart = false

    /// The flags every command takes, in the order the completion scripts offer them.
    static let flags: [Flag] = [
        Flag("--json", summary: "print JSON for scripts"),
        Flag("--socket", value: .file, summary: "the daemon's socket"),
        Flag("--color", value: .choices(ColorChoice.allCases.map(\.rawValue)), summary: "colour: auto, always or never"),
        Flag("--no-autostart", summary: "do not start boardd when none answers"),
        Flag("--state-dir", value: .directory, summary: "where the tab, last flight and pins live"),
        Flag("--help", short: "-h", summary: "show help"),
        Flag("--version", short: "-V", summary: "show the version"),
    ]

    /// Reads the global flags out of those given.
    init(_ flags: [String: String]) throws(UsageError) {
        if let text = flags["--color"] {
            guard let choice = ColorChoice(rawValue: text) else {
                throw UsageError(message: "--color needs auto, always or never, not \"\(text)\"")
            }
            color = choice
        }
        json = flags["--json"] != nil
        noAutostart = flags["--no-autostart"] != nil
        // An empty path names nothing: '--socket ""' started a daemon on no address and showed its board.
        for name in ["--socket", "--state-dir"] where flags[name]?.isEmpty == true {
            throw UsageError(message: "\(name) needs a path, not \"\"")
        }
        if let path = flags["--socket"], let problem = UnixSocket.flagProblem(path) { throw UsageError(message: problem) }
        socket = flags["--socket"]
        stateDirectory = flags["--state-dir"]
    }

    init() {}
}

enum ColorChoice: String, Equatable, CaseIterable {
    case auto, always, never
}
