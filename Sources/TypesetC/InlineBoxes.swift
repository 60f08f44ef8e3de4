// `ts_inline_box` and `ts_text_box`: their defaults, and their conversion to
// Typeset's inline box edges and text box trimming with every field checked.
import CTypeset
import Typeset

/// `ts_inline_box_init` (include/typeset.h): Fills a `ts_inline_box` with zeros: no padding, border or margin (NULL is ignored).
@_cdecl("ts_inline_box_init")
public func tsInlineBoxInit(_ box: UnsafeMutablePointer<ts_inline_box>?) {
    guard let box else { return }
    box.pointee = ts_inline_box(padding: (0, 0, 0, 0), border_width: (0, 0, 0, 0), margin: (0, 0, 0, 0))
}

/// `ts_text_box_init` (include/typeset.h): Fills a `ts_text_box` with no trimming and the `text` edges (NULL is ignored).
@_cdecl("ts_text_box_init")
public func tsTextBoxInit(_ textBox: UnsafeMutablePointer<ts_text_box>?) {
    guard let textBox else { return }
    textBox.pointee = ts_text_box(trim: 0, over: 0, under: 0)
}

extension InlineBoxEdges {
    /// A `ts_inline_box` as inline box edges, every length checked (`name` prefixes the messages).
    init(_ c: ts_inline_box, _ name: String) throws {
        func sides(_ t: (Double, Double, Double, Double), _ field: String, negativeAllowed: Bool) throws -> BoxSides {
            for (k, v) in [t.0, t.1, t.2, t.3].enumerated() where !v.isFinite || (!negativeAllowed && v < 0) {
                throw ArgumentError("\(name).\(field)[\(k)] must be a finite number" + (negativeAllowed ? "" : " >= 0") + " (got \(v))")
            }
            return BoxSides(top: t.0, right: t.1, bottom: t.2, left: t.3)
        }
        self.init(padding: try sides(c.padding, "padding", negativeAllowed: false),
                  border: try sides(c.border_width, "border_width", negativeAllowed: false),
                  margin: try sides(c.margin, "margin", negativeAllowed: true))
    }
}

extension ParagraphStyle {
    /// Sets `text-box-trim` and `text-box-edge` from a `ts_text_box`, every field checked.
    mutating func apply(_ c: ts_text_box) throws {
        textBoxTrim = try Enums.value(c.trim, "text_box.trim", as: TextBoxTrim.self)
        textBoxEdge = TextBoxEdge(over: try Enums.value(c.over, "text_box.over", as: TextBoxEdge.Over.self),
                                  under: try Enums.value(c.under, "text_box.under", as: TextBoxEdge.Under.self))
    }
}
