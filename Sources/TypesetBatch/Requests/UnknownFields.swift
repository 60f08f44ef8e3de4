import TypesetCells

/// The fields the batch protocol defines, so that a misspelt one (`widht`)
/// is reported instead of silently leaving its default: the tool warns once
/// per field name, and `--strict` (``BatchLines/rejectsUnknownFields``)
/// makes it an error for its line.
enum RequestFields {
    /// A request's fields (the text-style ones in both spellings).
    static let request: Set<String> = Set(["id", "text", "font_file", "width", "white_space", "text_overflow",
                                           "word_break", "align", "direction", "line_break", "text_wrap", "lang", "max_lines",
                                           "scale", "runs", "attachments"] + styleFields)
    /// A run's fields.
    static let run: Set<String> = Set(["start", "end", "font_file"] + styleFields)
    /// An attachment's fields.
    static let attachment: Set<String> = ["offset", "width", "height", "vertical_align"]
    private static let styleFields = TextStyleFields.names + TextStyleFields.formerNames

    /// The fields of a request object the protocol does not define, in
    /// order, each once: a request's own by name (`widht`), a run's or an
    /// attachment's under its list (`runs[].font_wieght`).
    static func unknown(in object: JSONValue) -> [String] {
        guard case .object(let fields) = object else { return [] }
        var out: [String] = []
        func add(_ name: String) { if !out.contains(name) { out.append(name) } }
        for (name, value) in fields {
            guard Self.request.contains(name) else { add(name); continue }
            let nested: Set<String>? = name == "runs" ? run : name == "attachments" ? attachment : nil
            guard let nested, case .array(let elements) = value else { continue }
            for case .object(let inner) in elements {
                for (field, _) in inner where !nested.contains(field) { add("\(name)[].\(field)") }
            }
        }
        return out
    }

    /// What is said of an unknown field: its name, and the defined field it
    /// is likely a misspelling of (at most two edits away).
    static func describe(_ path: String) -> String {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        let (prefix, name) = parts.count == 2 ? (parts[0] + ".", parts[1]) : ("", path)
        let known = prefix.hasPrefix("runs") ? run : prefix.hasPrefix("attachments") ? attachment : request
        let near = known.map { ($0, editDistance($0, name)) }.filter { $0.1 <= 2 }.min { ($0.1, $0.0) < ($1.1, $1.0) }
        return "unknown field \"\(path)\"" + (near.map { " (did you mean \"\(prefix)\($0.0)\"?)" } ?? "")
    }

    /// The edit distance between two short names, a swap of two neighbours
    /// counting as one edit (`widht` is one from `width`).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}

/// The protocol's words for the tool's own messages.
package enum RequestLines {
    /// `unknown field "widht" (did you mean "width"?)`.
    package static func describe(unknownField path: String) -> String { RequestFields.describe(path) }
    /// A request object's fields the protocol does not define.
    package static func unknownFields(in object: JSONValue) -> [String] { RequestFields.unknown(in: object) }
}
