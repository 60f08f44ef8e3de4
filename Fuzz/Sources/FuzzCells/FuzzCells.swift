import Foundation
import FuzzSupport
import Typeset
import TypesetCells

/// Cell templates and models from JSON: the input's first line is a template
/// (or, when it starts with a digit, one of the shipped templates by number),
/// every further line a model. Bad JSON must be a typed error; good input
/// lays out with a finite height on the pixel grid.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCells(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    guard let first = lines.first else { return 0 }
    let template: CellTemplate
    do {
        switch first.first {
        case UInt8(ascii: "0"): template = try CellTemplate.feedPost()
        case UInt8(ascii: "1"): template = try CellTemplate.chatBubble()
        case UInt8(ascii: "2"): template = try CellTemplate.notification()
        default: template = try CellTemplate(json: Data(first))
        }
    } catch is CellTemplateError {
        return 0
    } catch {
        fatalError("untyped template error: \(error)")
    }
    let engine = CellLayoutEngine(typesetter: FuzzFixtures.typesetter)
    for (i, line) in lines.dropFirst().prefix(8).enumerated() {
        guard let model = try? CellData(json: Data(line), defaultID: .int(i)) else { continue }
        for (width, scale) in [(320.0, 2.0), (375, 3), (41.5, 1)] {
            do {
                let layout = try engine.layout(template, for: model, width: width, scale: scale)
                precondition(layout.height.isFinite && layout.height >= 0, "height \(layout.height)")
                precondition((layout.height * scale).rounded() == layout.height * scale, "height off the grid")
            } catch is CellLayoutError {
            } catch is TypesetError {
            } catch {
                fatalError("untyped layout error: \(error)")
            }
        }
    }
    return 0
}
