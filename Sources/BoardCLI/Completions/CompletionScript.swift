/// `board completions SHELL`: a completion script made from `CompletionSpec`.
///
/// Each script finds the command on the line (skipping flags and their
/// values), then offers the command's flags, a flag's values, tab names, or
/// today's flight ids, which it asks `board completions --ids` for (that
/// answers within about 200 ms, and prints nothing when no daemon runs).
enum CompletionScript {
    static func text(for shell: CompletionShell) -> String {
        switch shell {
        case .bash: BashCompletion.script
        case .zsh: ZshCompletion.script
        case .fish: FishCompletion.script
        }
    }

    /// Words joined for a shell list; every word here is plain (letters, digits, `-`, `+`, `.`).
    static func words(_ list: [String]) -> String { list.joined(separator: " ") }

    /// `a|b|c` for a `case` pattern.
    static func pattern(_ list: [String]) -> String { list.joined(separator: "|") }

    /// Text inside single quotes in any of the three shells.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingAll("'", with: #"'\''"#) + "'"
    }
}
