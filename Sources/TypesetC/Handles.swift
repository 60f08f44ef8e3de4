// The C interface's opaque handles: each is a retained Swift object behind
// an `OpaquePointer`, released by its `*_free` function.
import Typeset
import TypesetBatch

/// What a `ts_fonts *` points at.
final class FontsHandle {
    let fonts: FontCollection
    init(_ fonts: FontCollection) { self.fonts = fonts }
}

/// What a `ts_typesetter *` points at: the typesetter, the batch
/// protocol answered with it, and the style it converted last.
final class TypesetterHandle {
    let typesetter: Typesetter
    let batch: BatchLines
    let styles = StyleCache()
    init(_ typesetter: Typesetter) {
        self.typesetter = typesetter
        batch = BatchLines(typesetter: typesetter)
    }
}

/// What a `ts_prepared *` (a prepared text) and a `ts_layout *` (a layout)
/// point at: the value and its source text, which UTF-8 offsets are counted in.
final class TextHandle<Value> {
    let value: Value
    let text: SourceText
    init(_ value: Value, text: SourceText) {
        self.value = value
        self.text = text
    }
}

typealias PreparedHandle = TextHandle<PreparedText>
typealias LayoutHandle = TextHandle<TextLayout>

/// Handing objects to C and getting them back.
enum Handle {
    /// A new handle owning one reference to `object`.
    static func make(_ object: AnyObject) -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(object).toOpaque())
    }

    /// The object behind a live handle, without changing its references.
    static func object<T: AnyObject>(_ handle: OpaquePointer, as _: T.Type) -> T {
        Unmanaged<T>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    }

    /// The object behind a handle given as an argument: an error naming the
    /// argument when it is NULL.
    static func argument<T: AnyObject>(_ handle: OpaquePointer?, _ name: String, as type: T.Type) throws -> T {
        guard let handle else { throw ArgumentError("\(name) is NULL") }
        return object(handle, as: type)
    }

    /// Releases the reference a handle owns (NULL is ignored).
    static func free<T: AnyObject>(_ handle: OpaquePointer?, as _: T.Type) {
        guard let handle else { return }
        Unmanaged<T>.fromOpaque(UnsafeRawPointer(handle)).release()
    }
}
