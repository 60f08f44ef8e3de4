import Foundation

/// `CGRect` and `CGSize` views of Typeset's sizes and rectangles, for callers
/// that think in UIKit/AppKit terms (Foundation provides both types on Linux).
extension LayoutRect {
    /// The rectangle as a `CGRect` (same origin and size, px).
    public var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }

    /// A rectangle from a `CGRect`.
    public init(_ rect: CGRect) {
        self.init(x: Double(rect.origin.x), y: Double(rect.origin.y),
                  width: Double(rect.size.width), height: Double(rect.size.height))
    }
}

extension TextLayout {
    /// ``size(scale:)`` as a `CGSize`: ceil'd to the pixel grid of `scale`
    /// (by default the scale the text was prepared at).
    public func cgSize(scale: Double? = nil) -> CGSize {
        let s = size(scale: scale)
        return CGSize(width: s.width, height: s.height)
    }
}

extension TextMeasurement {
    /// ``size(scale:)`` as a `CGSize`: ceil'd to the pixel grid of `scale`
    /// (by default the scale the text was prepared at).
    public func cgSize(scale: Double? = nil) -> CGSize {
        let s = size(scale: scale)
        return CGSize(width: s.width, height: s.height)
    }
}
