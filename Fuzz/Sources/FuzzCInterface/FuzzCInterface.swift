import CTypeset
import Foundation
import FuzzSupport
import TypesetC

/// The C interface's entry points (the `ts_*` functions libtypeset
/// exports) called with arbitrary arguments: NULL handles and
/// out-parameters, NaN, infinite and negative numbers, enumeration values
/// out of range, family lists and language tags that are empty, malformed
/// or not UTF-8, run and attachment offsets outside the text or inside a
/// character, lengths shorter than the text, and the rest of the input as
/// the text (valid UTF-8 or not). Every call must return a status (never
/// trap), leave a message when it fails, and set its out-parameter exactly
/// when it succeeds.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCInterface(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var r = FuzzFixtures.Reader(data, size)
    let numbers: [Double] = [.nan, -.infinity, .infinity, -1, -0.0, 0, 0.01, 0.5, 1, 2, 3, 15, 40, 320, 1e6, 1e300,
                             .leastNonzeroMagnitude, -.greatestFiniteMagnitude]
    let integers: [Int32] = [.min, -1, 0, 1, 2, 3, 4, 5, 6, 7, 100, 400, 700, 1000, 1001, .max]
    let offsets: [Int] = [0, 1, 2, 3, 4, 5, 7, 8, 13, 64, -1, .max]
    let families = ["Noto Sans", "Noto Sans, Noto Color Emoji", "'Noto Sans CJK JP', \"Noto Sans Arabic\"", "",
                    ",", "No Such Family", "No Such, Noto Sans Thai", "sans-serif", "monospace, emoji", "\u{FFFD}"]
    let tags = ["", "ja", "zh-Hant", "ar", "not a tag!", "x-" + String(repeating: "a", count: 40), "en-US"]
    // Which arguments go as NULL (rarely: most inputs should get past the checks), and other choices.
    let mask = r.byte() & 3 == 3 ? UInt16(r.byte()) | UInt16(r.byte()) << 8 : 0

    /// One of `valid` most of the time, one of `hostile` one time in eight (both picked by one byte).
    func value<T>(_ valid: [T], _ hostile: [T]) -> T {
        let b = Int(r.byte())
        return b & 7 == 7 ? hostile[(b >> 3) % hostile.count] : valid[(b >> 3) % valid.count]
    }
    func style(_ family: UnsafePointer<CChar>?, _ lang: UnsafePointer<CChar>?) -> ts_style {
        var s = ts_style()
        tsStyleInit(&s)
        s.font_family = family
        s.size = value([15, 9, 24, 40, 0, 200], numbers)
        s.weight = value([400, 700, 100, 950], integers)
        s.italic = Int32(r.byte() & 1)
        s.letter_spacing = value([0, 0.5, -1, 3], numbers)
        s.line_height_kind = value([0, 1, 2], integers)
        s.line_height = value([21, 1.5, 0, 40], numbers)
        s.lang = lang
        return s
    }
    var paragraph = ts_paragraph()
    tsParagraphInit(&paragraph)
    paragraph.white_space = value([0, 1, 2], integers)
    paragraph.word_break = value([0, 1, 2], integers)
    paragraph.break_words = Int32(r.byte() & 1)
    paragraph.line_break = value([0, 1, 2, 3, 4], integers)
    paragraph.align = value([0, 1, 2, 3, 4, 5], integers)
    paragraph.direction = value([0, 1, 2], integers)
    paragraph.max_lines = value([0, 1, 2, 3], integers)
    paragraph.text_overflow = value([0, 1], integers)
    paragraph.tab_size = value([8, 0, 4], integers)
    let scale = value([1, 2, 3, 2.625], numbers)
    let mode = value([0, 1, 2, 3, 4], integers)
    let width = value([320, 0, 17.5, 120, 1e6], numbers)
    let runCount = Int(r.byte() % 4)
    let attachmentCount = Int(r.byte() % 3)
    let family = value(Array(families.prefix(3)), families), runFamily = value(Array(families.prefix(3)), families)
    let tag = r.pick(tags)
    let ellipsis: String? = r.pick([nil, "", "…", "...", "→"])
    var runOffsets: [(Int, Int)] = []
    for _ in 0..<runCount { runOffsets.append((r.pick(offsets), r.pick(offsets))) }
    var attachmentFields: [(Int, Double, Double, Int32)] = []
    for _ in 0..<attachmentCount {
        attachmentFields.append((r.pick(offsets), value([16, 0, 48], numbers), value([16, 0, 48], numbers),
                                 value([0, 1, 2, 3], integers)))
    }
    let bytes = r.rest().map { CChar(bitPattern: $0) }
    let length = mask & 0x20 == 0 ? bytes.count : bytes.count / 2

    family.withCString { familyC in runFamily.withCString { runFamilyC in tag.withCString { tagC in
    withOptionalCString(ellipsis) { ellipsisC in bytes.withUnsafeBufferPointer { text in
        paragraph.ellipsis = ellipsisC
        paragraph.lang = mask & 0x40 == 0 ? nil : tagC
        var base = style(familyC, mask & 0x80 == 0 ? nil : tagC)
        let runs = runOffsets.map { ts_run(start: $0.0, end: $0.1, style: style(runFamilyC, nil)) }
        let attachments = attachmentFields.map { ts_attachment(offset: $0.0, width: $0.1, height: $0.2, vertical_align: $0.3) }
        let typesetter = mask & 0x1 == 0 ? FuzzCInterfaceFixture.typesetter : nil
        let textPointer = mask & 0x2 == 0 ? text.baseAddress : nil
        var prepared: OpaquePointer? = nil
        let status: ts_status = withUnsafePointer(to: &base) { b in withUnsafePointer(to: &paragraph) { p in
            let style = mask & 0x4 == 0 ? b : nil, options = mask & 0x8 == 0 ? p : nil
            if runs.isEmpty && attachments.isEmpty && mask & 0x100 == 0 {
                return tsPrepare(typesetter, textPointer, length, style, options, scale, &prepared)
            }
            return runs.withUnsafeBufferPointer { runsC in attachments.withUnsafeBufferPointer { attachmentsC in
                tsPrepareAttributed(typesetter, textPointer, length, style, runsC.baseAddress, runs.count,
                                    attachmentsC.baseAddress, attachments.count, options, scale, &prepared)
            } }
        } }
        check(status, made: prepared)
        guard let prepared else { return }
        defer { tsPreparedFree(prepared) }
        var low = 0.0, high = 0.0
        require(tsPreparedIntrinsicWidths(prepared, &low, &high) == TS_OK, "intrinsic widths")
        require(low.isFinite && high.isFinite && low >= 0 && high >= 0, "intrinsic widths \(low) \(high)")
        var measurement = ts_measurement()
        let measured = withUnsafeMutablePointer(to: &measurement) { tsMeasure(prepared, mode, width, mask & 0x200 == 0 ? $0 : nil) }
        check(measured, made: nil)
        var layout: OpaquePointer? = nil
        let laidOut = tsLayoutNew(prepared, mode, width, &layout)
        check(laidOut, made: layout)
        require((measured == TS_OK) == (laidOut == TS_OK) || mask & 0x200 != 0, "measure and layout disagree on the arguments")
        guard let layout else { return }
        defer { tsLayoutFree(layout) }
        var info = ts_layout_info()
        require(tsLayoutGetInfo(layout, &info) == TS_OK, "layout info")
        if measured == TS_OK {
            require(info.line_count == measurement.line_count && info.height == measurement.height,
                         "measure (\(measurement.line_count) lines, \(measurement.height)) and layout (\(info.line_count), \(info.height)) disagree at mode \(mode), width \(width), scale \(scale), \(paragraph), \(base), runs \(runs.count), attachments \(attachments.count)")
        }
        var line = ts_line()
        var end = 0
        for i in [0, 1, info.line_count - 1, info.line_count, -1] where i >= 0 || mask & 0x400 != 0 {
            let got = tsLayoutGetLine(layout, i, &line)
            require((got == TS_OK) == (i >= 0 && i < info.line_count), "line \(i) of \(info.line_count): \(got)")
            if got == TS_OK {
                require(line.start <= line.end && line.end <= length, "line \(i) bytes \(line.start)..\(line.end) of \(length)")
                end = max(end, line.end)
            }
        }
        var all = [ts_line](repeating: ts_line(), count: info.line_count)
        require(all.withUnsafeMutableBufferPointer { tsLayoutGetLines(layout, 0, info.line_count, $0.baseAddress) } == TS_OK,
                     "all lines")
        if info.truncated == 0, let firstLine = all.first, let lastLine = all.last {
            require(firstLine.start == 0 && lastLine.end == length, "lines cover \(firstLine.start)..\(lastLine.end) of \(length)")
            for (a, b) in zip(all, all.dropFirst()) { require(a.end == b.start, "lines do not partition the text") }
        }
        require(end <= length, "a line ends at \(end) of \(length)")
        let first = Int(mask >> 12), taken = Int(mask & 0x3)
        let some = all.withUnsafeMutableBufferPointer { tsLayoutGetLines(layout, first, taken, $0.baseAddress) }
        require((some == TS_OK) == (first + taken <= info.line_count), "lines \(first) + \(taken) of \(info.line_count): \(some)")
        var entities = [ts_entity](repeating: ts_entity(), count: 4)
        var count = 0
        let capacity = mask & 0x800 == 0 ? entities.count : 0
        check(entities.withUnsafeMutableBufferPointer { tsEntities(textPointer, length, $0.baseAddress, capacity, &count) }, made: nil)
        var answer: UnsafeMutablePointer<CChar>? = nil
        var answerLength = 0
        let answered = tsBatchAnswer(typesetter, textPointer, length, &answer, &answerLength)
        require(answered == TS_OK || answered == TS_ERROR_REQUEST || answer == nil, "an answer without a status")
        require(answered != TS_ERROR_REQUEST || answer != nil, "a refused request without its answer")
        tsStringFree(answer)
    } } } } }
    return 0
}

/// A check whose message is printed before the trap (a release build's
/// `precondition` traps without it), so that a finding says what broke.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    FileHandle.standardError.write(Data("FuzzCInterface: \(message())\n".utf8))
    fatalError(message())
}

/// A status is one of the header's, a failure leaves a message, and a
/// handle is made exactly when the call succeeds.
private func check(_ status: ts_status, made handle: OpaquePointer?) {
    require((TS_OK.rawValue...TS_ERROR_INTERNAL.rawValue).contains(status.rawValue), "status \(status.rawValue)")
    if status != TS_OK {
        require(tsLastErrorMessage().isEmpty == false, "a failure without a message")
        require(handle == nil, "a failed call made a handle")
    }
}

private func tsLastErrorMessage() -> String { String(cString: ts_last_error()) }

private func withOptionalCString<R>(_ s: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let s else { return body(nil) }
    return s.withCString { body($0) }
}

/// One typesetter over the bundled fonts, made through the C interface.
enum FuzzCInterfaceFixture {
    nonisolated(unsafe) static let typesetter: OpaquePointer? = {
        var fonts: OpaquePointer? = nil
        var typesetter: OpaquePointer? = nil
        guard FuzzFixtures.fontsDirectory.withCString({ tsFontsFromDirectory($0, 0, &fonts) }) == TS_OK,
              tsTypesetterNew(fonts, &typesetter) == TS_OK else {
            fatalError("fuzz: cannot load the bundled fonts: \(tsLastErrorMessage())")
        }
        tsFontsFree(fonts)
        return typesetter
    }()
}
