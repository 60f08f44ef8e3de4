import TypesetBatch

/// The names (unknown fields, font families without a font) the tool has
/// warned of, so that each is warned of once, bounded in bytes: a stream of
/// distinct hostile names costs at most ``mostNames`` names of at most
/// ``longestName`` bytes each, and stderr as many warnings. Past that, the
/// warnings not written are only counted (``unshown``), for one line at the
/// end of the run.
struct WarnedNames {
    /// The most names remembered (and warned of).
    static let mostNames = 1024
    /// The bytes of a name that count: a longer name is compared, kept and
    /// shown by its first ``longestName`` bytes.
    static let longestName = 256

    private var names = Set<String>()
    /// Warnings not written because the set was full.
    private(set) var unshown = 0

    /// Whether to warn of `name` now (its first warning, while there is
    /// room): the name as it is shown, cut to ``longestName`` bytes, or nil.
    mutating func firstWarning(of name: String, kind: String) -> String? {
        let shown = RequestLines.shown(name, atMost: Self.longestName)
        let key = kind + "\u{0}" + shown
        if names.contains(key) { return nil }
        guard names.count < Self.mostNames else { unshown += 1; return nil }
        names.insert(key)
        return shown
    }

    /// The closing warning when some were not written, else nil.
    var summary: String? {
        guard unshown > 0 else { return nil }
        return "\(unshown) more warning\(unshown == 1 ? "" : "s") not shown (at most \(Self.mostNames) names are warned of, each once)"
    }
}
