import Foundation
import Typeset

/// A cell type described once: an element tree, a name and a minimum height.
/// Reusable for every model and width, immutable and `Sendable`.
///
/// Creating a template checks it (unique names, valid numbers, conditions that
/// name earlier texts) and compiles it to a flat form the layout pass walks.
///
/// JSON form (what `measure cell --template` reads):
/// ```json
/// {"name": "notification", "min_height": 72, "direction": {"key": "direction"},
///  "root": {"kind": "row", "name": "cell", "padding": 12, "spacing": 12, "children": [
///    {"kind": "box", "name": "avatar", "width": 40, "height": 40},
///    {"kind": "text", "name": "message", "width": "fill", "max_lines": 3,
///     "parts": [{"key": "actor", "style": {"font_weight": 700}}, {"text": " "}, {"key": "action"}]}
///  ]}}
/// ```
/// See ``CellElement`` for every element field.
///
/// Make one template per cell type and share it: caches know a template by
/// its instance (copies of the value share it), so two templates built from
/// the same description do not share cached layouts or prepared texts.
public struct CellTemplate: Sendable, Equatable, Codable {
    /// The template's name (in error messages and prepared-cell checks).
    public let name: String
    /// The root element: laid out at the cell's width, at the origin.
    public let root: CellElement
    /// The least cell height, in px.
    public let minHeight: Double
    /// The direction the cell is laid out in (fixed, or per model).
    public let direction: CellDirection
    /// The checked, flattened form.
    let compiled: CompiledCellTemplate

    /// A template.
    /// - Throws: ``CellTemplateError`` naming the element at fault.
    public init(name: String, root: CellElement, minHeight: Double = 0, direction: CellDirection = .leftToRight) throws {
        self.name = name
        self.root = root
        self.minHeight = minHeight
        self.direction = direction
        self.compiled = try CompiledCellTemplate(name: name, root: root, minHeight: minHeight)
    }

    /// A template from its JSON form.
    /// - Throws: ``CellTemplateError`` (`.invalidJSON` with the path and problem for
    ///   malformed JSON, unknown kinds or fields; the other cases for checks).
    public init(json: Data) throws {
        do {
            self = try JSONDecoder().decode(CellTemplate.self, from: json)
        } catch let error as DecodingError {
            let (path, message) = CellJSON.message(error)
            throw CellTemplateError.invalidJSON(path: path, message: message)
        }
    }

    /// A template from a JSON file.
    /// - Throws: the file's read error, or ``CellTemplateError``.
    public init(contentsOf url: URL) throws {
        try self.init(json: try Data(contentsOf: url))
    }

    /// The JSON form, keys sorted.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Equal descriptions (name, root, minimum height and direction).
    public static func == (a: CellTemplate, b: CellTemplate) -> Bool {
        a.name == b.name && a.root == b.root && a.minHeight == b.minHeight && a.direction == b.direction
    }

    /// The names of the elements that get frames, in document order.
    public var frameNames: [String] { compiled.schema.frameNames }

    /// The names of the text elements, in document order.
    public var textNames: [String] { compiled.schema.textNames }

    private enum Keys: String, CodingKey, CaseIterable {
        case name, root, direction
        case minHeight = "min_height"
    }

    /// Decodes `{"name": …, "min_height": …, "direction": …, "root": {element}}` and checks it.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        try CellJSON.rejectUnknownKeys(decoder, allowed: Keys.allCases.map(\.rawValue), what: "a template")
        try self.init(name: try c.decodeIfPresent(String.self, forKey: .name) ?? "template",
                      root: try c.decode(CellElement.self, forKey: .root),
                      minHeight: try c.decodeIfPresent(Double.self, forKey: .minHeight) ?? 0,
                      direction: try c.decodeIfPresent(CellDirection.self, forKey: .direction) ?? .leftToRight)
    }

    /// Encodes the form `init(from:)` reads.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(name, forKey: .name)
        if minHeight != 0 { try c.encode(minHeight, forKey: .minHeight) }
        if direction != .leftToRight { try c.encode(direction, forKey: .direction) }
        try c.encode(root, forKey: .root)
    }
}
