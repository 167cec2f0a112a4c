/// The known word a mistyped one was probably meant to be: `arr` for `arrivals`, `shwo` for `show`.
///
/// A word that begins exactly one candidate is that candidate (several: no guess); otherwise the candidate fewest
/// edits away (an insertion, a deletion, a substitution or two neighbours swapped), when it is
/// close enough not to be a guess: one edit for short words, two from five letters on.
public enum NearestWord {
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        let typed = Array(word.lowercased())
        guard typed.count >= 2 else { return nil }
        let prefixed = candidates.filter { $0.lowercased().hasPrefix(String(typed)) }
        if prefixed.count == 1 { return prefixed[0] }
        // `pi` begins both pin and pins: a guess either way.
        guard prefixed.isEmpty else { return nil }
        let allowed = typed.count >= 5 ? 2 : 1
        // A candidate more than `allowed` letters shorter or longer is that many edits away at least:
        // not measured, so a 100 KB word costs no table.
        let scored = candidates.compactMap { candidate -> (String, Int)? in
            let letters = Array(candidate.lowercased())
            guard abs(letters.count - typed.count) <= allowed else { return nil }
            return (candidate, distance(typed, letters))
        }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= allowed else { return nil }
        // Two candidates equally near: no guess.
        return scored.filter { $0.1 == best.1 }.count == 1 ? best.0 : nil
    }

    /// The optimal-string-alignment distance: Levenshtein's, with a swap of neighbours as one edit.
    public static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// ` (did you mean arrivals?)`, or nothing when no candidate is near.
    public static func hint(for word: String, among candidates: [String]) -> String {
        suggestion(for: word, among: candidates).map { " (did you mean \($0)?)" } ?? ""
    }
}
