// `ts_style` and `ts_paragraph`: their defaults, and their conversion to
// Typeset's styles with every field checked.
import CTypeset
import Foundation
import Typeset

/// `ts_style_init` (include/typeset.h): Fills a `ts_style` with the defaults of `TextStyle` in the Noto Sans family (NULL is ignored).
@_cdecl("ts_style_init")
public func tsStyleInit(_ style: UnsafeMutablePointer<ts_style>?) {
    guard let style else { return }
    let defaults = TextStyle(font: "Noto Sans")
    style.pointee = ts_style(
        font_family: CStrings.defaultFamily, size: defaults.size, weight: Int32(defaults.weight),
        italic: defaults.italic ? 1 : 0, letter_spacing: defaults.letterSpacing,
        line_height_kind: Int32(TS_LINE_HEIGHT_NORMAL.rawValue), line_height: 0, lang: nil)
}

/// `ts_paragraph_init` (include/typeset.h): Fills a `ts_paragraph` with the defaults of `ParagraphStyle` (NULL is ignored).
@_cdecl("ts_paragraph_init")
public func tsParagraphInit(_ paragraph: UnsafeMutablePointer<ts_paragraph>?) {
    guard let paragraph else { return }
    let d = ParagraphStyle()
    paragraph.pointee = ts_paragraph(
        white_space: Enums.code(d.whiteSpace), word_break: Enums.code(d.wordBreak), break_words: Enums.code(d.overflowWrap),
        line_break: Enums.code(d.lineBreak), align: Enums.code(d.alignment), direction: Enums.code(d.direction),
        max_lines: Int32(d.maxLines ?? 0), text_overflow: Enums.code(d.textOverflow), ellipsis: nil, lang: nil,
        tab_size: Int32(d.tabSize), text_wrap: Enums.code(d.textWrap))
}

/// C strings that live as long as the process.
enum CStrings {
    nonisolated(unsafe) static let defaultFamily: UnsafePointer<CChar> = UnsafePointer(strdup("Noto Sans")!)

    /// A NUL-terminated UTF-8 argument, nil for NULL; an error naming it
    /// when it is not UTF-8.
    static func optional(_ pointer: UnsafePointer<CChar>?, _ name: @autoclosure () -> String) throws -> String? {
        guard let pointer else { return nil }
        guard let s = String(validatingCString: pointer) else { throw ArgumentError("\(name()) is not valid UTF-8") }
        return s
    }

    /// A NUL-terminated UTF-8 argument that must not be NULL.
    static func required(_ pointer: UnsafePointer<CChar>?, _ name: @autoclosure () -> String) throws -> String {
        guard let s = try optional(pointer, name()) else { throw ArgumentError("\(name()) is NULL") }
        return s
    }
}

/// The C enumerations: values in the order of the Swift cases (the header
/// numbers them so), checked on the way in.
enum Enums {
    /// The C value of a case: its index among the cases.
    static func code<E: CaseIterable & Equatable>(_ value: E) -> Int32 {
        Int32(E.allCases.firstIndex(of: value).map { E.allCases.distance(from: E.allCases.startIndex, to: $0) } ?? 0)
    }

    /// The case of a C value; an error naming the field when out of range.
    static func value<E: CaseIterable>(_ code: Int32, _ name: @autoclosure () -> String, as _: E.Type) throws -> E {
        let cases = Array(E.allCases)
        guard code >= 0, Int(code) < cases.count else {
            throw ArgumentError("\(name()) must be 0 to \(cases.count - 1) (got \(code))")
        }
        return cases[Int(code)]
    }
}

extension TextStyle {
    /// A `ts_style` as a text style, every field checked (`name` prefixes the messages).
    init(_ c: ts_style, _ name: String) throws {
        let families = try FontFamilyList.parse(c.font_family, "\(name).font_family")
        guard c.size.isFinite, c.size >= 0 else { throw ArgumentError("\(name).size must be a finite number >= 0 (got \(c.size))") }
        guard (1...1000).contains(c.weight) else { throw ArgumentError("\(name).weight must be 1 to 1000 (got \(c.weight))") }
        guard c.letter_spacing.isFinite else {
            throw ArgumentError("\(name).letter_spacing must be a finite number (got \(c.letter_spacing))")
        }
        let lineHeight: LineHeight
        switch c.line_height_kind {
        case Int32(TS_LINE_HEIGHT_NORMAL.rawValue): lineHeight = .normal
        case Int32(TS_LINE_HEIGHT_PX.rawValue), Int32(TS_LINE_HEIGHT_MULTIPLE.rawValue):
            guard c.line_height.isFinite, c.line_height >= 0 else {
                throw ArgumentError("\(name).line_height must be a finite number >= 0 (got \(c.line_height))")
            }
            lineHeight = c.line_height_kind == Int32(TS_LINE_HEIGHT_PX.rawValue) ? .points(c.line_height) : .multiple(c.line_height)
        default:
            throw ArgumentError("\(name).line_height_kind must be 0 to 2 (got \(c.line_height_kind))")
        }
        self.init(font: FontStack(families: families), size: c.size, weight: Int(c.weight), italic: c.italic != 0,
                  letterSpacing: c.letter_spacing, lineHeight: lineHeight,
                  language: try Language.tag(c.lang, "\(name).lang"))
    }
}

extension ParagraphStyle {
    /// A `ts_paragraph` as paragraph options, every field checked; NULL is the defaults.
    init(_ pointer: UnsafePointer<ts_paragraph>?) throws {
        self.init()
        guard let c = pointer?.pointee else { return }
        whiteSpace = try Enums.value(c.white_space, "paragraph.white_space", as: WhiteSpace.self)
        wordBreak = try Enums.value(c.word_break, "paragraph.word_break", as: WordBreak.self)
        // (ABI 1.0's boolean: any nonzero value but ANYWHERE is BREAK_WORD.)
        overflowWrap = switch c.break_words {
        case 0: .normal
        case Int32(TS_OVERFLOW_WRAP_ANYWHERE.rawValue): .anywhere
        default: .breakWord
        }
        lineBreak = try Enums.value(c.line_break, "paragraph.line_break", as: LineBreak.self)
        alignment = try Enums.value(c.align, "paragraph.align", as: Alignment.self)
        direction = try Enums.value(c.direction, "paragraph.direction", as: Direction.self)
        guard c.max_lines >= 0 else { throw ArgumentError("paragraph.max_lines must be >= 0 (0: no limit; got \(c.max_lines))") }
        maxLines = c.max_lines == 0 ? nil : Int(c.max_lines)
        textOverflow = try Enums.value(c.text_overflow, "paragraph.text_overflow", as: TextOverflow.self)
        if let e = try CStrings.optional(c.ellipsis, "paragraph.ellipsis") { ellipsis = e }
        locale = try Language.tag(c.lang, "paragraph.lang")
        guard (0...1000).contains(c.tab_size) else { throw ArgumentError("paragraph.tab_size must be 0 to 1000 (got \(c.tab_size))") }
        tabSize = Int(c.tab_size)
        textWrap = try Enums.value(c.text_wrap, "paragraph.text_wrap", as: TextWrap.self)
    }
}

/// BCP 47 language tags given to the C interface.
enum Language {
    /// A tag, nil for NULL or ""; an error naming the field when malformed.
    static func tag(_ pointer: UnsafePointer<CChar>?, _ name: @autoclosure () -> String) throws -> String? {
        guard let s = try CStrings.optional(pointer, name()), !s.isEmpty else { return nil }
        guard ShapingLanguage.isWellFormed(s) else {
            throw ArgumentError("\(name()) must be a BCP 47 language tag (letters and digits in subtags of 1 to 8 joined by \"-\"; got \"\(s)\")")
        }
        return s
    }
}

/// CSS `font-family` lists as the C interface takes them.
enum FontFamilyList {
    /// The families of a NUL-terminated UTF-8 CSS `font-family` value
    /// (``CSSFontFamilyList``: comma-separated, a name holding a comma quoted);
    /// an error naming the field for NULL, invalid UTF-8, or a value that is
    /// not a list of names. Converted styles are cached (``StyleCache``).
    static func parse(_ pointer: UnsafePointer<CChar>?, _ name: @autoclosure () -> String) throws -> [String] {
        guard let pointer else { throw ArgumentError("\(name()) is NULL") }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
                                        count: strlen(pointer))
        if let bad = UTF8Validation.firstInvalidByte(in: bytes) {
            throw ArgumentError("\(name()) is not valid UTF-8 (first bad byte at offset \(bad))")
        }
        do { return try CSSFontFamilyList.families(String(decoding: bytes, as: UTF8.self)) } catch let e as CSSFontFamilyList.SyntaxError {
            throw ArgumentError("\(name()) must be a CSS font-family list: \(e)")
        }
    }
}

/// `ts_font_variation_init` (include/typeset.h): Fills a `ts_font_variation` with the defaults (stretch 100, no settings, optical sizing auto; NULL is ignored).
@_cdecl("ts_font_variation_init")
public func tsFontVariationInit(_ variation: UnsafeMutablePointer<ts_font_variation>?) {
    guard let variation else { return }
    variation.pointee = ts_font_variation(stretch: 100, variation_settings: nil,
                                          optical_sizing: Int32(TS_OPTICAL_SIZING_AUTO.rawValue))
}

extension TextStyle {
    /// A `ts_font_variation`'s properties set on the style, every field
    /// checked (`name` prefixes the messages).
    mutating func apply(_ c: ts_font_variation, _ name: String) throws {
        guard c.stretch.isFinite, c.stretch > 0, c.stretch <= 1000 else {
            throw ArgumentError("\(name).stretch must be a percentage above 0 and at most 1000 (got \(c.stretch))")
        }
        stretch = c.stretch
        if let css = try CStrings.optional(c.variation_settings, "\(name).variation_settings") {
            do { variations = try FontVariation.settings(css: css) } catch {
                throw ArgumentError("\(name).variation_settings: \(error)")
            }
        } else {
            variations = []
        }
        switch c.optical_sizing {
        case Int32(TS_OPTICAL_SIZING_AUTO.rawValue): opticalSizing = .auto
        case Int32(TS_OPTICAL_SIZING_NONE.rawValue): opticalSizing = .none
        default: throw ArgumentError("\(name).optical_sizing must be 0 to 1 (got \(c.optical_sizing))")
        }
    }
}
