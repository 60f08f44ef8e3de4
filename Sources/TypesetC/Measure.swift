// `ts_measure`: a layout engine's measure function, sizes without lines.
import CTypeset
import Typeset

/// `ts_measure` (include/typeset.h): A prepared text's size under a width mode, without building lines: a layout engine's measure function.
@_cdecl("ts_measure")
public func tsMeasure(_ text: OpaquePointer?, _ mode: Int32, _ width: Double,
                    _ out: UnsafeMutablePointer<ts_measurement>?) -> ts_status {
    Status.run("ts_measure") {
        let prepared = try Handle.argument(text, "text", as: PreparedHandle.self).value
        let constraint = try WidthMode.constraint(mode, width)
        let out = try Status.required(out, "out")
        // The lines of `layout(constraint)`, counted without being built:
        // the box is the constraint's (exactly, min-content) or the widest line.
        let m: TextMeasurement
        let box: Double?
        switch constraint {
        case .unconstrained: (m, box) = (try prepared.measure(width: nil), nil)
        case .minContent:
            let w = prepared.minContentWidth
            (m, box) = (try prepared.measure(width: w), w)
        case .exactly(let w): (m, box) = (try prepared.measure(width: w), w)
        case .atMost(let w): (m, box) = (try prepared.measure(width: w), nil)
        case .longestLine(let w):
            // As `layout(.longestLine(w))`: broken at `w`, then again at the widest line's width.
            let wrapped = try prepared.measure(width: w)
            if wrapped.width < w {
                (m, box) = (try prepared.measure(width: wrapped.width), wrapped.width)
            } else {
                (m, box) = (wrapped, nil)
            }
        }
        let grid = try PixelGrid(scale: prepared.scale)
        let exactWidth = box ?? m.width
        out.pointee = ts_measurement(
            width: grid.ceil(exactWidth), height: grid.ceil(m.height), exact_width: exactWidth, exact_height: m.height,
            line_count: m.lineCount, truncated: m.isTruncated ? 1 : 0)
    }
}
