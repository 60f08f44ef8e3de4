/// A line of `measure entities`: its `text` (other fields are ignored).
package struct TextRequest: Decodable {
    package var text: String

    package init(from decoder: any Decoder) throws {
        text = try decoder.container(keyedBy: FieldKey.self).requiredText()
    }
}
