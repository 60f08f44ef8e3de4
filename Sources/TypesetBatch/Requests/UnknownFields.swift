import TypesetCells

/// The fields the batch protocol defines, so that a misspelt one (`widht`)
/// is reported instead of silently leaving its default: the tool warns once
/// per field name, and `--strict` (``BatchLines/rejectsUnknownFields``)
/// makes it an error for its line.
enum RequestFields {
    /// A request's fields (the text-style ones in both spellings).
    static let request: Set<String> = Set(["id", "text", "font_file", "width", "white_space", "text_overflow",
                                           "word_break", "align", "direction", "line_break", "text_wrap", "lang", "max_lines",
                                           "scale", "runs", "attachments", "text_box_trim", "text_box_edge"] + styleFields)
    /// A run's fields.
    static let run: Set<String> = Set(["start", "end", "font_file"] + styleFields + InlineBoxFields.names)
    /// An attachment's fields.
    static let attachment: Set<String> = ["offset", "width", "height", "vertical_align"]
    private static let styleFields = TextStyleFields.names + TextStyleFields.formerNames

    /// The fields of a request object the protocol does not define, in
    /// order, each once: a request's own by name (`widht`), a run's or an
    /// attachment's under its list (`runs[].font_wieght`).
    static func unknown(in object: JSONValue) -> [String] {
        guard case .object(let fields) = object else { return [] }
        // A set of the names met: a line of many distinct names costs their number, not its square.
        var out: [String] = [], seen = Set<String>()
        func add(_ name: String) { if seen.insert(name).inserted { out.append(name) } }
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

    /// The longest field name shown in a message, in bytes: a longer one is
    /// cut there and marked `…` (a message's size does not grow with a
    /// hostile name).
    static let longestNameShown = RequestLines.longestNameShown

    /// What is said of an unknown field: its name (at most
    /// ``longestNameShown`` bytes of it), and the defined field it is likely
    /// a misspelling of (at most two edits away). The cost is bounded
    /// whatever the name's length: a name more than two bytes longer than
    /// every defined field is none's misspelling and is not compared.
    static func describe(_ path: String) -> String {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        let (prefix, name) = parts.count == 2 ? (parts[0] + ".", parts[1]) : ("", path)
        let known = prefix.hasPrefix("runs") ? run : prefix.hasPrefix("attachments") ? attachment : request
        let near = known.compactMap { field in editDistance(field, name, atMost: 2).map { (field, $0) } }
            .min { ($0.1, $0.0) < ($1.1, $1.0) }
        return "unknown field \"\(shown(path))\"" + (near.map { " (did you mean \"\(prefix)\($0.0)\"?)" } ?? "")
    }

    /// The most unknown fields an error line names one by one.
    static let mostNamed = 8

    /// What is said of a line's unknown fields (`--strict`): the first
    /// ``mostNamed`` described, then how many more there are.
    static func describe(_ paths: [String]) -> String {
        var message = paths.prefix(mostNamed).map(describe).joined(separator: "; ")
        if paths.count > mostNamed { message += "; and \(paths.count - mostNamed) more unknown fields" }
        return message
    }

    /// `name` for a message: whole up to `limit` bytes, else its first
    /// scalars within that many bytes and `…`.
    static func shown(_ name: String, atMost limit: Int = longestNameShown) -> String {
        guard name.utf8.count > limit else { return name }
        var bytes = 0
        var cut = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            bytes += UTF8.width(scalar)
            guard bytes <= limit else { break }
            cut.append(scalar)
        }
        return String(cut) + "…"
    }

    /// The edit distance between two names when it is at most `limit`, else
    /// nil; names whose lengths differ by more than `limit` are not compared
    /// (constant time, whatever their length).
    static func editDistance(_ a: String, _ b: String, atMost limit: Int) -> Int? {
        guard abs(a.utf8.count - b.utf8.count) <= limit else { return nil }
        let d = editDistance(a, b)
        return d <= limit ? d : nil
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
    /// The longest name a message shows whole, in bytes.
    package static let longestNameShown = 256
    /// A name as messages show it: whole up to `bytes` bytes, else its
    /// first scalars within that many bytes and `…`.
    package static func shown(_ name: String, atMost bytes: Int = RequestLines.longestNameShown) -> String {
        RequestFields.shown(name, atMost: bytes)
    }
}
