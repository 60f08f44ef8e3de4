/// The subcommand a mistyped word most likely meant (`txt` → `text`).
enum SubcommandSuggestion {
    /// The name closest to `word` by edit distance (insertions, deletions,
    /// substitutions, case ignored), when it is at most 2 edits away and
    /// nearer than any other name, or the one name `word` begins; nil otherwise.
    static func closest(to word: String, among names: [String]) -> String? {
        let typed = Array(word.lowercased())
        let prefixed = names.filter { $0.hasPrefix(word.lowercased()) }
        if typed.count >= 2, prefixed.count == 1 { return prefixed[0] }
        let ranked = names.map { (name: $0, distance: distance(typed, Array($0))) }.sorted { $0.distance < $1.distance }
        guard let best = ranked.first, best.distance <= min(2, max(1, typed.count - 1)) else { return nil }
        if ranked.count > 1, ranked[1].distance == best.distance { return nil }
        return best.name
    }

    /// The Levenshtein distance between two words.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, cb) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
