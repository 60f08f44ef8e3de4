import Foundation
import Typeset

/// A cell description that cannot be used, with the element and field at fault.
public enum CellTemplateError: LocalizedError, Equatable, Sendable, CustomStringConvertible {
    /// The JSON could not be decoded: where (`root.children[1].kind`) and why
    /// (an unknown element kind names the kind).
    case invalidJSON(path: String, message: String)
    /// Two elements share a name.
    case duplicateName(String)
    /// A text element has no name (texts are reported by name).
    case unnamedText(element: String)
    /// A text element has no parts.
    case emptyParts(element: String)
    /// A number outside its range (a negative padding, a fraction above 1 …).
    case invalidValue(element: String, field: String, value: Double, requirement: String)
    /// `max_width` must be a number of px or a fraction.
    case invalidMaxWidth(element: String)
    /// A condition or style names an element that does not exist.
    case unknownElement(element: String, target: String)
    /// A `truncated` condition names an element that is not a text.
    case notAText(element: String, target: String)
    /// A `truncated` condition's text must come before the element in a column
    /// they share (so it is measured first).
    case conditionOrder(element: String, target: String)

    /// A one-line explanation naming what is at fault.
    public var description: String {
        switch self {
        case .invalidJSON(let path, let message): return "invalid template at \(path): \(message)"
        case .duplicateName(let n): return "two elements are named \"\(n)\"; names must be unique"
        case .unnamedText(let e): return "\(e) needs a name: every text element is reported by name"
        case .emptyParts(let e): return "\(e) has no parts"
        case .invalidValue(let e, let f, let v, let r): return "\(e): \(f) \(v) is invalid: it must be \(r)"
        case .invalidMaxWidth(let e): return "\(e): max_width must be a number of px or {\"fraction\": f}, not hug, fill or longest_line"
        case .unknownElement(let e, let t): return "\(e) refers to \"\(t)\", but no element has that name"
        case .notAText(let e, let t): return "\(e): the truncated condition names \"\(t)\", which is not a text element"
        case .conditionOrder(let e, let t):
            return "\(e): the text \"\(t)\" must come before it in a column they share, so that it is measured first"
        }
    }
}

/// A layout request that cannot be served.
public enum CellLayoutError: LocalizedError, Equatable, Sendable, CustomStringConvertible {
    /// A prepared cell was made for another template.
    case preparedForAnotherTemplate(expected: String, found: String)
    /// The prepared cell was prepared at another device pixel ratio than
    /// the one asked for: its texts are shaped at that scale (prepare at
    /// each scale the cell is shown at).
    case preparedAtAnotherScale(prepared: Double, requested: Double)

    /// A one-line explanation naming what is at fault.
    public var description: String {
        switch self {
        case .preparedForAnotherTemplate(let e, let f):
            return "the prepared cell was made for template \"\(f)\", not \"\(e)\""
        case .preparedAtAnotherScale(let p, let r):
            return "the cell was prepared at scale \(p), not \(r): prepare it at the scale it is laid out at"
        }
    }
}

extension CellTemplateError {
    /// The same one-line explanation as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}

extension CellLayoutError {
    /// The same one-line explanation as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
