/// A problem with one input line, reported in its place.
package struct RequestError: Error, CustomStringConvertible {
    package var description: String
    package init(_ message: String) { description = message }
}
