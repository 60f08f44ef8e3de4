// `ts_typesetter_*`: the typesetter over a font collection.
import CTypeset
import Typeset

@_cdecl("ts_typesetter_new")
public func typesetterNew(_ fonts: OpaquePointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> ts_status {
    Status.run("ts_typesetter_new") {
        let fonts = try Handle.argument(fonts, "fonts", as: FontsHandle.self)
        let out = try Status.required(out, "out")
        out.pointee = Handle.make(TypesetterHandle(Typesetter(fonts: fonts.fonts)))
    }
}

@_cdecl("ts_typesetter_free")
public func typesetterFree(_ typesetter: OpaquePointer?) {
    Handle.free(typesetter, as: TypesetterHandle.self)
}
