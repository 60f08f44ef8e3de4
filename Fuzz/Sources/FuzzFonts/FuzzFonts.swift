import Foundation
import FuzzSupport
import Typeset

/// The font loader on mutated font files (seeded with real fonts): loading
/// must succeed or throw a TypesetError naming the file; a face that loads
/// must shape and measure text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFonts(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("typeset-fuzz-font-\(getpid()).ttf").path
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    guard FileManager.default.createFile(atPath: path, contents: bytes) else { fatalError("cannot write \(path)") }
    defer { unlink(path) }
    do {
        let collection = try FontCollection(paths: [path])
        let typesetter = Typesetter(fonts: collection, shapeCache: nil)
        for face in collection.faces {
            let style = TextStyle(font: FontStack(faces: [face]), size: 15)
            let layout = try typesetter.prepare("Hello, world! 123 éß", style: style).layout(width: 80)
            precondition(layout.exactHeight.isFinite && layout.exactHeight >= 0, "height \(layout.exactHeight)")
        }
    } catch let error as TypesetError {
        precondition(error.description.contains(path) || !"\(error)".isEmpty, "error without the file: \(error)")
    } catch {
        fatalError("untyped font error: \(error)")
    }
    return 0
}
