// `ts_layout_*`: a prepared text's lines under a width constraint.
import CTypeset
import Typeset

/// `ts_layout_new` (include/typeset.h): A prepared text's lines under a width mode: a `ts_layout` handle.
@_cdecl("ts_layout_new")
public func tsLayoutNew(_ text: OpaquePointer?, _ mode: Int32, _ width: Double,
                      _ out: UnsafeMutablePointer<OpaquePointer?>?) -> ts_status {
    Status.run("ts_layout_new") {
        let handle = try Handle.argument(text, "text", as: PreparedHandle.self)
        let constraint = try WidthMode.constraint(mode, width)
        let out = try Status.required(out, "out")
        out.pointee = Handle.make(LayoutHandle(try handle.value.layout(constraint), text: handle.text))
    }
}

/// `ts_layout_get_info` (include/typeset.h): A layout's ceil'd and exact size, natural width, line count and truncation.
@_cdecl("ts_layout_get_info")
public func tsLayoutGetInfo(_ layout: OpaquePointer?, _ out: UnsafeMutablePointer<ts_layout_info>?) -> ts_status {
    Status.run("ts_layout_get_info") {
        let layout = try Handle.argument(layout, "layout", as: LayoutHandle.self).value
        let size = layout.size()
        try Status.store(ts_layout_info(
            width: size.width, height: size.height, exact_width: layout.exactWidth, exact_height: layout.exactHeight,
            natural_width: layout.naturalWidth, line_count: layout.lines.count, truncated: layout.isTruncated ? 1 : 0),
            to: out, "out")
    }
}

/// `ts_layout_get_line` (include/typeset.h): One line of a layout, its range in UTF-8 byte offsets.
@_cdecl("ts_layout_get_line")
public func tsLayoutGetLine(_ layout: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<ts_line>?) -> ts_status {
    Status.run("ts_layout_get_line") {
        let handle = try Handle.argument(layout, "layout", as: LayoutHandle.self)
        let lines = handle.value.lines
        guard index >= 0, index < lines.count else {
            throw ArgumentError("index \(UInt(bitPattern: index)) is not a line (the layout has \(lines.count))")
        }
        try Status.store(LineRecord.make(lines[index], in: handle.text), to: out, "out")
    }
}

/// `ts_layout_get_lines` (include/typeset.h): Lines `first ..< first + count` of a layout, in one call.
@_cdecl("ts_layout_get_lines")
public func tsLayoutGetLines(_ layout: OpaquePointer?, _ first: Int, _ count: Int,
                             _ out: UnsafeMutablePointer<ts_line>?) -> ts_status {
    Status.run("ts_layout_get_lines") {
        let handle = try Handle.argument(layout, "layout", as: LayoutHandle.self)
        let lines = handle.value.lines
        guard first >= 0, count >= 0, first <= lines.count, count <= lines.count - first else {
            throw ArgumentError("lines \(UInt(bitPattern: first)) + \(UInt(bitPattern: count)) are not in the layout (it has \(lines.count))")
        }
        guard count == 0 || out != nil else { throw ArgumentError("out is NULL with a count of \(count)") }
        for i in 0..<count { out![i] = LineRecord.make(lines[first + i], in: handle.text) }
    }
}

/// `ts_layout_free` (include/typeset.h): Releases a `ts_layout` handle (NULL is ignored).
@_cdecl("ts_layout_free")
public func tsLayoutFree(_ layout: OpaquePointer?) {
    Handle.free(layout, as: LayoutHandle.self)
}

/// `ts_line`: a line as the C interface gives it.
enum LineRecord {
    /// A line of a layout of `text`, its range in UTF-8 byte offsets.
    static func make(_ line: TextLayout.Line, in text: SourceText) -> ts_line {
        ts_line(start: text.byteOffset(ofUTF16: line.utf16Range.lowerBound),
                end: text.byteOffset(ofUTF16: line.utf16Range.upperBound),
                x: line.x, top: line.top, width: line.width, height: line.height, baseline: line.baseline,
                ascent: line.ascent, descent: line.descent, has_ellipsis: line.hasEllipsis ? 1 : 0)
    }
}

/// `ts_width_mode` values and their width.
enum WidthMode {
    /// The width constraint of a mode and width; an error for a mode out
    /// of range or a width that is not finite and non-negative where it counts.
    static func constraint(_ mode: Int32, _ width: Double) throws -> WidthConstraint {
        func checked() throws -> Double {
            guard width.isFinite, width >= 0 else { throw ArgumentError("width must be a finite number >= 0 (got \(width))") }
            return width
        }
        switch mode {
        case Int32(TS_WIDTH_UNDEFINED.rawValue): return .unconstrained
        case Int32(TS_WIDTH_EXACTLY.rawValue): return .exactly(try checked())
        case Int32(TS_WIDTH_AT_MOST.rawValue): return .atMost(try checked())
        case Int32(TS_WIDTH_MIN_CONTENT.rawValue): return .minContent
        case Int32(TS_WIDTH_LONGEST_LINE.rawValue): return .longestLine(try checked())
        default: throw ArgumentError("mode must be 0 to 4, a ts_width_mode (got \(mode))")
        }
    }
}
