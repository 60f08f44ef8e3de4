import Typeset

/// A run's inline box fields (`padding`, `border_width`, `margin`): each a
/// number of px for every side, or CSS shorthand text of 1 to 4 lengths
/// (`"2px 6px"`, `"0 4px 0 8px"`), as CSS's `padding`, `border-width` and
/// `margin` on the run's `<span>` (``InlineBoxEdges``).
enum InlineBoxFields {
    /// The field names, as the protocol spells them.
    static let names = ["padding", "border_width", "margin"]

    /// The run's box; nil when it sets none of the fields.
    static func read(_ o: KeyedDecodingContainer<FieldKey>, context: String) throws -> InlineBoxEdges? {
        var box = InlineBoxEdges.none, any = false
        for name in names where o.has(name) {
            any = true
            let sides: BoxSides
            if let n = try? o.decode(Double.self, forKey: FieldKey(name)) {
                sides = BoxSides(n)
            } else if let s = try? o.decode(String.self, forKey: FieldKey(name)) {
                do { sides = try BoxSides(css: s, name: name) } catch { throw RequestError("\(context)\(error)") }
            } else {
                throw RequestError("\(context)\(name) must be a number of px or CSS text of 1 to 4 lengths (\"2px 6px\")")
            }
            for v in [sides.top, sides.right, sides.bottom, sides.left] {
                guard v.isFinite, name == "margin" || v >= 0 else {
                    throw RequestError("\(context)\(name) must be finite" + (name == "margin" ? "" : " and not negative"))
                }
            }
            switch name {
            case "padding": box.padding = sides
            case "border_width": box.border = sides
            default: box.margin = sides
            }
        }
        return any ? box : nil
    }
}

/// The paragraph's `text_box_trim` and `text_box_edge` fields.
enum TextBoxTrimFields {
    static func read(_ o: KeyedDecodingContainer<FieldKey>, into paragraph: inout ParagraphStyle) throws {
        if let v = try o.enumValue("text_box_trim", TextBoxTrim.self) { paragraph.textBoxTrim = v }
        if let s = try o.string("text_box_edge") {
            do { paragraph.textBoxEdge = try TextBoxEdge(css: s) } catch { throw RequestError("\(error)") }
        }
    }
}
