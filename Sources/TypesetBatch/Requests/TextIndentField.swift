import Typeset

extension KeyedDecodingContainer where Key == FieldKey {
    /// `text_indent`: a number of px, or CSS text (`"12px"`, `"10%"`,
    /// `"1em each-line"`, `"2em hanging"`); a problem names the field.
    package func textIndent(_ name: String, context: String = "") throws -> TextIndent? {
        let key = FieldKey(name)
        guard contains(key), (try? decodeNil(forKey: key)) != true else { return nil }
        if let v = try? decode(Double.self, forKey: key) {
            guard v.isFinite else { throw RequestError("\(context)\(name) must be a finite number of px") }
            return TextIndent(points: v)
        }
        guard let s = try? decode(String.self, forKey: key) else {
            throw RequestError("\(context)field \"\(name)\" must be a number (px) or CSS text such as \"1em each-line\"")
        }
        do { return try TextIndent(css: s) } catch let e as TypesetError {
            throw RequestError("\(context)\(name): \(e.description)")
        }
    }
}
