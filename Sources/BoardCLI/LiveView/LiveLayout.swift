import BoardProtocol

/// How the live view lays out its screens (`--layout`): one stack, or the board and the open flight
/// side by side on a wide pane, as a split view does on a large screen.
///
/// The model is the same either way (`LiveModel.screens`); only the frame and the keys' targets depend
/// on the layout and the pane's width, so a pane resized across `splitWidth` collapses and expands
/// without losing anything.
enum LiveLayout: String, CaseIterable, Hashable, Sendable {
    /// Split from `splitWidth` columns up, a stack below.
    case auto
    /// Always one screen at a time, whatever the width.
    case stack
    /// Split wherever both sides fit (`narrowestSplit` columns and up).
    case split

    /// The width from which `auto` splits.
    static let splitWidth = 150
    /// The narrowest pane `split` splits: narrower, the sides would be cut past reading.
    static let narrowestSplit = 120
    /// The fewest columns the details side takes; the board's side gives way first.
    static let detailsWidth = 60
    /// The divider between the sides with a space either side (` │ `): neither side's text touches it.
    static let dividerWidth = 3

    /// Whether a pane of `columns` shows the board and the flight side by side.
    func splits(columns: Int) -> Bool {
        switch self {
        case .auto: columns >= Self.splitWidth
        case .split: columns >= Self.narrowestSplit
        case .stack: false
        }
    }

    /// The board's side of a split pane of `columns`: as wide as its columns need (`natural`), leaving
    /// at least `detailsWidth` and the divider to the details.
    static func listWidth(columns: Int, natural: Int) -> Int {
        max(1, min(natural, columns - dividerWidth - detailsWidth))
    }

    /// `auto, stack or split`: the values as a usage error says them.
    static var choices: String {
        let names = allCases.map(\.rawValue)
        return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
}

extension LiveModel {
    /// Which side of a split pane takes the keys: the list, or the open flight (the top of the stack).
    enum Focus: Hashable, Sendable {
        case list, details
    }

    /// Whether this pane shows the board and the flight side by side.
    var isSplit: Bool { layout.splits(columns: size.columns) }

    /// The screen whose keys apply: on a split pane whose list has the focus, the list's, even with a
    /// flight open on the other side; else the screen on top's, as in the stack.
    func keyScreen(split: Bool) -> LiveKeyMap.Screens {
        switch top {
        case .details: split && focus == .list ? .list : .details
        case .gone: split && focus == .list ? .list : .gone
        case .board, .searchPrompt, .searchResults: .list
        }
    }

    var keyScreen: LiveKeyMap.Screens { keyScreen(split: isSplit) }

    /// Whether the keys act on the list while a flight is open beside it.
    var listFocusedBesideFlight: Bool { top.isFlight && keyScreen == .list }
}
