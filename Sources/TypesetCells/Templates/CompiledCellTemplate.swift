import Foundation
import Synchronization
import Typeset
import TypesetEntities

/// A checked template flattened into nodes in document order: what the
/// layout pass walks. Shared by reference; immutable.
final class CompiledCellTemplate: Sendable {
    /// Unique per compiled template in the process: keys prepared cells.
    let uid: Int
    let name: String
    let minHeight: Double
    let nodes: [CellNode]
    /// Text elements, in document order (a text's slot indexes this).
    let texts: [CompiledText]
    /// Whether any text has an inline attachment part.
    let hasAttachments: Bool
    /// Model keys read by `present` / `absent` conditions.
    let flagKeys: [String]
    /// Model keys read as aspect ratios.
    let numberKeys: [String]
    /// Names, shared with every layout of this template.
    let schema: CellLayoutSchema

    init(name: String, root: CellElement, minHeight: Double) throws {
        guard minHeight.isFinite, minHeight >= 0 else {
            throw CellTemplateError.invalidValue(element: "the template", field: "min_height", value: minHeight,
                                                 requirement: "finite and not negative")
        }
        var b = Builder()
        _ = try b.add(root, path: "root", positions: [])
        try b.resolveConditions()
        self.uid = TemplateIdentity.next()
        self.name = name
        self.minHeight = Self.capped(minHeight)
        self.nodes = b.nodes
        self.texts = b.texts
        self.hasAttachments = b.texts.contains { $0.parts.contains { if case .attachment = $0.source { true } else { false } } }
        self.flagKeys = b.flagKeys
        self.numberKeys = b.numberKeys
        self.schema = CellLayoutSchema(templateName: name, frameNames: b.frameNames,
                                       textNames: b.texts.map(\.name),
                                       textFrameSlots: b.texts.map { Int(b.nodes[$0.node].frameSlot) })
    }

    /// The longest length a template gives (px): Chromium's layout units
    /// saturate at 33,554,431 px, and so does every length of a template
    /// (padding, spacing, sizes, minimum heights) and the cell's height.
    static let maximumLength = TextStyle.maximumLineHeight

    /// A checked length, saturated at ``maximumLength``.
    static func capped(_ v: Double) -> Double { min(v, maximumLength) }

    /// A length of an element, its points saturated at ``maximumLength``.
    static func capped(_ l: CellLength) -> CellLength {
        if case .points(let p) = l { return .points(capped(p)) }
        return l
    }

    /// Walks the element tree, checking and flattening it.
    private struct Builder {
        var nodes: [CellNode] = []
        var texts: [CompiledText] = []
        var frameNames: [String] = []
        var nodeByName: [String: Int] = [:]
        var flagKeys: [String] = []
        var numberKeys: [String] = []
        /// Child positions from the root, per node (for condition order checks).
        var positions: [[Int]] = []
        var pending: [(node: Int, label: String, condition: CellCondition, isAlignment: Bool)] = []

        mutating func add(_ e: CellElement, path: String, positions pos: [Int]) throws -> Int {
            let label = e.name.map { "element \"\($0)\"" } ?? "the \(e.kindName) at \(path)"
            try check(e.minHeight, "min_height", label)
            for (v, f) in [(e.padding.top, "padding top"), (e.padding.left, "padding left"),
                           (e.padding.bottom, "padding bottom"), (e.padding.right, "padding right")] {
                try check(v, f, label)
            }
            if let s = e.spacingBefore { try check(s, "spacing_before", label) }
            let width = CompiledCellTemplate.capped(e.width ?? e.defaultWidth)
            try checkLength(width, "width", label)
            if let m = e.maxWidth {
                switch m {
                case .hug, .fill, .longestLine: throw CellTemplateError.invalidMaxWidth(element: label)
                default: try checkLength(m, "max_width", label)
                }
            }
            let index = nodes.count
            var frameSlot: Int32 = -1
            if let name = e.name {
                guard !name.isEmpty else {
                    throw CellTemplateError.invalidValue(element: label, field: "name", value: 0, requirement: "a non-empty string")
                }
                guard nodeByName[name] == nil else { throw CellTemplateError.duplicateName(name) }
                nodeByName[name] = index
                frameSlot = Int32(frameNames.count)
                frameNames.append(name)
            }
            let kind: CellNode.Kind
            switch e.content {
            case .text(let t):
                guard let name = e.name else { throw CellTemplateError.unnamedText(element: label) }
                guard !t.parts.isEmpty else { throw CellTemplateError.emptyParts(element: label) }
                if let m = t.maxLines, m < 1 {
                    throw CellTemplateError.invalidValue(element: label, field: "max_lines", value: Double(m), requirement: "at least 1")
                }
                var parts: [CompiledText.Part] = []
                for part in t.parts {
                    let style = part.style ?? t.style
                    try checkStyle(style, label)
                    var slot: Int32 = -1
                    if case .attachment(let a) = part.source {
                        let size = a.attachment
                        try check(size.width, "attachment width", label)
                        try check(size.height, "attachment height", label)
                        if let name = a.name {
                            guard !name.isEmpty else {
                                throw CellTemplateError.invalidValue(element: label, field: "attachment name", value: 0, requirement: "a non-empty string")
                            }
                            guard nodeByName[name] == nil, !frameNames.contains(name) else { throw CellTemplateError.duplicateName(name) }
                            slot = Int32(frameNames.count)
                            frameNames.append(name)
                        }
                    }
                    parts.append(CompiledText.Part(source: part.source, style: style.textStyle, frameSlot: slot))
                }
                try checkStyle(t.style, label)
                // A single line is CSS `white-space: nowrap; text-overflow: ellipsis`:
                // cut at a grapheme, the frame keeping the width layout gave it.
                var paragraph = ParagraphStyle(whiteSpace: t.singleLine ? .nowrap : t.whiteSpace, wordBreak: t.wordBreak,
                                               alignment: t.alignment, direction: t.direction,
                                               maxLines: t.singleLine ? nil : t.maxLines,
                                               textOverflow: t.singleLine ? .ellipsis : .clip, ellipsis: t.ellipsis,
                                               textWrap: t.textWrap)
                paragraph.textBoxTrim = t.textBoxTrim
                paragraph.textBoxEdge = t.textBoxEdge
                kind = .text(texts.count)
                texts.append(CompiledText(name: name, node: index, parts: parts, paragraph: paragraph,
                                          singleLine: t.singleLine, detectEntities: t.detectEntities,
                                          omitWhenEmpty: t.omitWhenEmpty))
            case .box(let box):
                switch box.height {
                case .points(let h): try check(h, "height", label); kind = .box(.points(CompiledCellTemplate.capped(h)))
                case .aspectRatio(let r):
                    guard r.isFinite, r > 0 else {
                        throw CellTemplateError.invalidValue(element: label, field: "aspect_ratio", value: r, requirement: "finite and greater than 0")
                    }
                    kind = .box(.ratio(r))
                case .aspectRatioKey(let key): kind = .box(.ratioKey(Self.intern(key, in: &numberKeys)))
                }
            case .stack(let s):
                try check(s.spacing, "spacing", label)
                kind = .stack(s.axis, spacing: CompiledCellTemplate.capped(s.spacing), alignment: s.alignment)
            }
            let padding = CellInsets(top: CompiledCellTemplate.capped(e.padding.top), left: CompiledCellTemplate.capped(e.padding.left),
                                     bottom: CompiledCellTemplate.capped(e.padding.bottom), right: CompiledCellTemplate.capped(e.padding.right))
            nodes.append(CellNode(kind: kind, children: [], frameSlot: frameSlot, width: width, maxWidth: e.maxWidth.map { CompiledCellTemplate.capped($0) },
                                  minHeight: CompiledCellTemplate.capped(e.minHeight), padding: padding, spacingBefore: e.spacingBefore.map { CompiledCellTemplate.capped($0) },
                                  priority: e.priority, alignSelf: e.alignSelf, alignSelfWhen: nil, condition: nil))
            positions.append(pos)
            if let c = e.visibleWhen { pending.append((index, label, c, false)) }
            if let a = e.alignSelfWhen {
                pending.append((index, label, a.condition, true))
                nodes[index].alignSelfWhen = (.present(-1), a.alignment)  // condition resolved below
            }
            if case .stack(let s) = e.content {
                var children: [Int] = []
                for (i, child) in s.children.enumerated() {
                    children.append(try add(child, path: "\(path).children[\(i)]", positions: pos + [i]))
                }
                nodes[index].children = children
            }
            return index
        }

        mutating func resolveConditions() throws {
            for p in pending {
                let compiled: CompiledCondition
                switch p.condition {
                case .present(let key): compiled = .present(Self.intern(key, in: &flagKeys))
                case .absent(let key): compiled = .absent(Self.intern(key, in: &flagKeys))
                case .truncated(let target):
                    guard let t = nodeByName[target] else { throw CellTemplateError.unknownElement(element: p.label, target: target) }
                    guard case .text(let slot) = nodes[t].kind else { throw CellTemplateError.notAText(element: p.label, target: target) }
                    // The nearest common ancestor must be a column, the text's branch first.
                    let a = positions[t], b = positions[p.node]
                    var common = 0
                    while common < a.count && common < b.count && a[common] == b[common] { common += 1 }
                    guard common < a.count, common < b.count, a[common] < b[common] else {
                        throw CellTemplateError.conditionOrder(element: p.label, target: target)
                    }
                    var ancestor = 0
                    for i in a[..<common] { ancestor = nodes[ancestor].children[i] }
                    guard case .stack(.vertical, _, _) = nodes[ancestor].kind else {
                        throw CellTemplateError.conditionOrder(element: p.label, target: target)
                    }
                    compiled = .truncated(slot)
                }
                if p.isAlignment {
                    if let a = nodes[p.node].alignSelfWhen { nodes[p.node].alignSelfWhen = (compiled, a.1) }
                } else {
                    nodes[p.node].condition = compiled
                }
            }
        }

        static func intern(_ key: String, in list: inout [String]) -> Int {
            if let i = list.firstIndex(of: key) { return i }
            list.append(key)
            return list.count - 1
        }

        func check(_ v: Double, _ field: String, _ label: String) throws {
            guard v.isFinite, v >= 0 else {
                throw CellTemplateError.invalidValue(element: label, field: field, value: v, requirement: "finite and not negative")
            }
        }

        func checkLength(_ l: CellLength, _ field: String, _ label: String) throws {
            switch l {
            case .hug, .fill, .longestLine: break
            case .points(let p): try check(p, field, label)
            case .fraction(let f):
                guard f.isFinite, f > 0, f <= 1 else {
                    throw CellTemplateError.invalidValue(element: label, field: "\(field) fraction", value: f, requirement: "in (0, 1]")
                }
            }
        }

        func checkStyle(_ s: CellTextStyle, _ label: String) throws {
            try check(s.size, "style size", label)
            guard s.letterSpacing.isFinite else {
                throw CellTemplateError.invalidValue(element: label, field: "style letter_spacing", value: s.letterSpacing, requirement: "finite")
            }
            switch s.lineHeight {
            case .normal: break
            case .points(let v), .multiple(let v): try check(v, "style line_height", label)
            }
            guard (1...1000).contains(s.weight) else {
                throw CellTemplateError.invalidValue(element: label, field: "style weight", value: Double(s.weight), requirement: "1 to 1000")
            }
            guard !s.font.isEmpty else {
                throw CellTemplateError.invalidValue(element: label, field: "style font", value: 0, requirement: "a non-empty list of families")
            }
        }
    }
}

/// One element in the flat form.
struct CellNode: Sendable {
    enum Kind: Sendable {
        /// A text; the payload is its slot.
        case text(Int)
        case box(BoxHeight)
        case stack(CellAxis, spacing: Double, alignment: CellAlignment)
    }

    enum BoxHeight: Sendable {
        case points(Double)
        case ratio(Double)
        /// An index into `numberKeys`.
        case ratioKey(Int)
    }

    var kind: Kind
    var children: [Int]
    /// Index among named elements, -1 when unnamed.
    var frameSlot: Int32
    var width: CellLength
    var maxWidth: CellLength?
    var minHeight: Double
    var padding: CellInsets
    var spacingBefore: Double?
    var priority: Int
    var alignSelf: CellAlignment?
    var alignSelfWhen: (CompiledCondition, CellAlignment)?
    var condition: CompiledCondition?
}

/// A condition with its keys resolved to indices.
enum CompiledCondition: Sendable {
    /// An index into `flagKeys`.
    case present(Int)
    case absent(Int)
    /// A text slot.
    case truncated(Int)
}

/// A text element, ready to be prepared for a model.
struct CompiledText: Sendable {
    struct Part: Sendable {
        let source: CellTextPart.Source
        let style: TextStyle
        /// A named attachment's frame slot; -1 otherwise.
        var frameSlot: Int32 = -1
    }

    let name: String
    let node: Int
    let parts: [Part]
    let paragraph: ParagraphStyle
    let singleLine: Bool
    let detectEntities: Bool
    let omitWhenEmpty: Bool

    /// Whether no part comes from the model (a fixed label, prepared once).
    var isLiteral: Bool {
        parts.allSatisfy { if case .literal = $0.source { return true } else { return false } }
    }
}

/// Process-wide unique template numbers (a reused object address could
/// otherwise let a new template hit an old template's prepared texts).
enum TemplateIdentity {
    private static let last = Atomic<Int>(0)

    static func next() -> Int {
        last.add(1, ordering: .relaxed).newValue
    }
}
