// Pipeline stage: Layout. CSS min-content, computed once per prepared text.

extension PreparedCore {
    /// CSS min-content in the text's own pixels (device pixels for a text
    /// prepared at a scale): the widest line when the text breaks at every
    /// opportunity it has (`overflow-wrap: anywhere`'s included,
    /// `break-word`'s not). Measured (no lines built) the first time it is asked
    /// and kept (in 1/64 px, as Chromium's layout units), so every layout
    /// (and batch answer) can report it.
    var minContentWidth: Double {
        // (`pre` never wraps and keeps its spaces: each line whole, the spaces at its end included.)
        if facts.whiteSpace == .pre { return maxContentWidth.pixels }
        if let stored = storedMinContent { return Double(stored) / 64 }
        // (The breaker's measure: the widest line, nothing allocated.)
        let width = LineBreaker.with(self, minContent: true) { $0.measure(width: 0) }.width.pixels
        storeMinContent(Int64((width * 64).rounded()))
        return width
    }
}
