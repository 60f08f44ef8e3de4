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
        out.pointee = try MeasureCall.measurement(prepared, constraint).answer
    }
}

/// `ts_measure_with_same_lines` (include/typeset.h): `ts_measure` and the box widths with the same lines.
@_cdecl("ts_measure_with_same_lines")
public func tsMeasureWithSameLines(_ text: OpaquePointer?, _ mode: Int32, _ width: Double,
                                   _ out: UnsafeMutablePointer<ts_measurement>?,
                                   _ sameLines: UnsafeMutablePointer<ts_same_lines_widths>?) -> ts_status {
    Status.run("ts_measure_with_same_lines") {
        let prepared = try Handle.argument(text, "text", as: PreparedHandle.self).value
        let constraint = try WidthMode.constraint(mode, width)
        let out = try Status.required(out, "out")
        let sameLines = try Status.required(sameLines, "same_lines")
        let (answer, brokenAt) = try MeasureCall.measurement(prepared, constraint)
        let widths = try prepared.sameLinesWidths(width: brokenAt)
        out.pointee = answer
        sameLines.pointee = ts_same_lines_widths(min: widths.min, max: widths.max ?? .infinity,
                                                   width_follows_box: widths.widthFollowsBox ? 1 : 0)
    }
}

/// The measurement both calls answer.
enum MeasureCall {
    /// The lines of `layout(constraint)`, counted without being built (the
    /// box is the constraint's (exactly, min-content) or the widest line),
    /// and the width the lines were first broken at (nil: unbounded).
    static func measurement(_ prepared: PreparedText, _ constraint: WidthConstraint) throws
        -> (answer: ts_measurement, brokenAt: Double?) {
        let m: TextMeasurement
        let box: Double?
        let brokenAt: Double?
        switch constraint {
        case .unconstrained: (m, box, brokenAt) = (try prepared.measure(width: nil), nil, nil)
        case .minContent:
            let w = prepared.minContentWidth
            (m, box, brokenAt) = (try prepared.measure(width: w), w, w)
        case .exactly(let w): (m, box, brokenAt) = (try prepared.measure(width: w), w, w)
        case .atMost(let w): (m, box, brokenAt) = (try prepared.measure(width: w), nil, w)
        case .longestLine(let w):
            // As `layout(.longestLine(w))`: broken at `w`, then again at the widest line's width.
            let wrapped = try prepared.measure(width: w)
            brokenAt = w
            if wrapped.width < w {
                (m, box) = (try prepared.measure(width: wrapped.width), wrapped.width)
            } else {
                (m, box) = (wrapped, nil)
            }
        }
        let grid = try PixelGrid(scale: prepared.scale)
        let exactWidth = box ?? m.width
        return (ts_measurement(
            width: grid.ceil(exactWidth), height: grid.ceil(m.height), exact_width: exactWidth, exact_height: m.height,
            line_count: m.lineCount, truncated: m.isTruncated ? 1 : 0), brokenAt)
    }
}
