/// `board --help` and `board help COMMAND`: the overview, made from the command table, or one command's help.
enum HelpText {
    static let header = "board: the flight board of your airport, in the terminal."

    static let footer = """
        TAB is arrivals, all or departures. FLIGHT is an id (1234) or a designator
        ("Pacific 123", pacific123). D is YYYY-MM-DD, today, tomorrow or +N.

        Every command takes:
          --json            print JSON ("schema": 1) for scripts; it only reads:
                            no tab or last flight is remembered (pins still change)
          --socket PATH     the daemon's socket (BOARD_SOCKET; default
                            $XDG_RUNTIME_DIR/board/boardd.sock, else
                            /tmp/board-$UID/boardd.sock)
          --color WHEN      auto (default), always or never; NO_COLOR or
                            TERM=dumb (or no TERM) turns auto off
          --no-autostart    never start boardd (BOARD_NO_AUTOSTART=1, not 0 or false)
          --state-dir DIR   the tab, last flight and pins (BOARD_STATE_DIR)

        Exit status: 0 done, 1 error, 2 usage, 3 no daemon, 4 not found, 130 interrupt;
        board wait: 5 it can no longer happen, 124 timed out.
        'board help COMMAND' shows a command's details and examples.
        """

    /// The width of the usage column in the overview.
    static let usageWidth = 39

    /// One line a command (or a few, sharing one), in the table's order.
    static var usageLines: [String] {
        CommandTable.specs.compactMap(\.overview).enumerated().map { index, line in
            let lead = index == 0 ? "usage: " : "       "
            guard let note = line.note else { return lead + line.usage }
            return lead + line.usage.padding(usageWidth) + note
        }
    }

    static var overview: String {
        ([header, ""] + usageLines + ["", footer]).joined(separator: "\n")
    }

    static func text(for topic: String?) -> String {
        guard let topic, let command = CommandTable.command(named: topic) else { return overview }
        return command.spec.help
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}
