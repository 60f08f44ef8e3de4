// `ts_typesetter_*`: the typesetter over a font collection.
import CTypeset
import Typeset

/// `ts_typesetter_new` (include/typeset.h): A `ts_typesetter` over a font collection (it keeps the collection).
@_cdecl("ts_typesetter_new")
public func tsTypesetterNew(_ fonts: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> ts_status {
    Status.run("ts_typesetter_new") {
        let fonts = try Handle.argument(fonts, "fonts", as: FontsHandle.self)
        let out = try Status.required(out, "out")
        out.pointee = Handle.make(TypesetterHandle(Typesetter(fonts: fonts.fonts)))
    }
}

/// `ts_typesetter_free` (include/typeset.h): Releases a `ts_typesetter` handle (NULL is ignored).
@_cdecl("ts_typesetter_free")
public func tsTypesetterFree(_ typesetter: OpaquePointer?) {
    Handle.free(typesetter, as: TypesetterHandle.self)
}
