// Pipeline stage: Layout. The intrinsic widths a layout reports beside its lines.

extension TextLayout {
    /// CSS min-content of the laid-out text (``PreparedText/minContentWidth``),
    /// in px: the same whatever width the layout was made with. Beside
    /// ``naturalWidth`` (max-content), what a flexbox or grid engine asks.
    public var minContentWidth: Double { core.minContentWidth / scale }
}
