import Foundation

/// Every failure Typeset reports: each case names the input and the problem.
public enum TypesetError: LocalizedError, Equatable, Sendable, CustomStringConvertible {
    /// No file exists at the path.
    case fontFileNotFound(path: String)
    /// No directory exists at the path given as a fonts directory (the path
    /// made absolute: a relative one is resolved against the working directory).
    case fontDirectoryNotFound(path: String)
    /// The file exists but could not be read (permissions, I/O error, empty file).
    case fontFileUnreadable(path: String, reason: String)
    /// The file was read but is not a font HarfBuzz can parse (it reports an empty face).
    case notAFont(path: String)
    /// A collection (`.ttc`/`.otc`) has fewer faces than the index asked for.
    case faceIndexOutOfRange(path: String, index: Int, faceCount: Int)
    /// The font has no usable character map, so no text can be set in it.
    case fontWithoutCharacterMap(path: String)
    /// No font has this family name: not the collection's, not a CSS generic
    /// family, not an installed family (when system fonts are on).
    case unknownFontFamily(String)
    /// No family of a font stack of several finds a font (a stack is
    /// resolved as CSS resolves `font-family`: families without a font are
    /// skipped, and only a stack left with none is an error).
    case unknownFontFamilies([String])
    /// A run of attributed text (e.g. from an `AttributedString`) names a
    /// family no font has; the range is the run's, in UTF-16 offsets.
    case unknownFontFamilyInRun(family: String, utf16Range: Range<Int>)
    /// A font stack with no entries.
    case emptyFontStack
    /// A layout width that is negative, NaN or infinite.
    case invalidWidth(Double)
    /// A display scale that is not a finite number greater than zero.
    case invalidScale(Double)
    /// A font size that is negative, NaN or infinite.
    case invalidFontSize(Double)
    /// A letter spacing or line height that is NaN or infinite.
    case invalidStyleValue(name: String, value: Double)
    /// Attribute runs that do not tile the text.
    case invalidAttributeRuns(String)
    /// CSS `font-variation-settings` text that does not parse (the text and why).
    case invalidFontVariationSettings(String, reason: String)
    /// A range given to `AttributedText.setStyle(_:utf16Range:)` that is
    /// outside the text or splits a surrogate pair (UTF-16 offsets).
    case invalidStyleRange(utf16Range: Range<Int>, reason: String)
    /// CSS value text for a style property that does not parse (the
    /// property, the text and why), e.g. a `padding` of five lengths.
    case invalidStyleText(name: String, text: String, reason: String)
    /// Bytes that are not valid UTF-8, with the offset of the first bad byte.
    case invalidUTF8(byteOffset: Int)
    /// An attachment not at a U+FFFC of the text, or of a size that is not finite and non-negative.
    case invalidAttachment(utf16Offset: Int, reason: String)
    /// An ICU call failed (out of memory, internal error).
    case unicodeAnalysisFailed(String)
    /// Fontconfig could not be initialised.
    case fontconfigUnavailable(String)
    /// A CSS `@font-face` rule is malformed, or no source of its `src` can
    /// be loaded: the CSS file (or the name its text was given), the line,
    /// the rule's position among the file's `@font-face` rules (from 1),
    /// and the problem.
    case invalidFontFaceRule(file: String, line: Int, rule: Int, problem: String)
    /// A CSS file of `@font-face` rules cannot be read.
    case fontFaceRulesUnreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .fontFileNotFound(let p): return "font file not found: \(p)"
        case .fontDirectoryNotFound(let p): return "font directory not found: \(p)"
        case .fontFileUnreadable(let p, let r): return "font file unreadable: \(p): \(r)"
        case .notAFont(let p): return "not a font file (HarfBuzz found no face): \(p)"
        case .faceIndexOutOfRange(let p, let i, let n):
            return "font collection \(p) has \(n) face(s); face index \(i) does not exist"
        case .fontWithoutCharacterMap(let p): return "font has no character map (cmap): \(p)"
        case .unknownFontFamily(let f):
            if let kind = FontCollection.genericKind(of: f) {
                return "no font is a \(kind.description) font (\"\(f)\" is a CSS generic family, which takes only a "
                    + "font of its kind; looked up among the collection's fonts and, when system fonts are on, the system's)"
            }
            return "no font has the family name \"\(f)\" (looked up among the collection's families, the CSS generic "
                + "families and, when system fonts are on, the installed families through Fontconfig)"
        case .unknownFontFamilies(let names):
            return "none of the font families " + names.map { "\"\($0)\"" }.joined(separator: ", ")
                + " has a font (a family without one is skipped, as CSS skips it; looked up among the collection's "
                + "families, the CSS generic families and, when system fonts are on, the installed families)"
        case .unknownFontFamilyInRun(let f, let r):
            return "no font has the family name \"\(f)\", named by the run at UTF-16 offsets \(r.lowerBound)..<\(r.upperBound)"
        case .emptyFontStack: return "the font stack is empty"
        case .invalidWidth(let w): return "invalid width \(w): widths must be finite and not negative"
        case .invalidScale(let s):
            let range = PixelGrid.scales
            return "invalid display scale \(s): it must be a number from \(range.lowerBound) to \(range.upperBound)"
        case .invalidFontSize(let s): return "invalid font size \(s): it must be finite and not negative"
        case .invalidStyleValue(let n, let v):
            return "invalid \(n) \(v): " + (v.isFinite && v < 0 ? "it must not be negative" : "it must be finite")
        case .invalidAttributeRuns(let r): return "invalid attribute runs: \(r)"
        case .invalidFontVariationSettings(let text, let why):
            return "invalid font-variation-settings \"\(text)\": \(why)"
        case .invalidStyleRange(let r, let why):
            return "invalid style range \(r.lowerBound)..<\(r.upperBound) (UTF-16 offsets): \(why)"
        case .invalidStyleText(let n, let text, let why): return "invalid \(n) \"\(text)\": \(why)"
        case .invalidUTF8(let o): return "invalid UTF-8 at byte \(o)"
        case .invalidAttachment(let o, let r): return "invalid attachment at UTF-16 offset \(o): \(r)"
        case .unicodeAnalysisFailed(let r): return "Unicode analysis failed: \(r)"
        case .fontconfigUnavailable(let r): return "Fontconfig unavailable: \(r)"
        case .invalidFontFaceRule(let file, let line, let rule, let problem):
            return "\(file):\(line): @font-face rule \(rule): \(problem)"
        case .fontFaceRulesUnreadable(let p, let r): return "@font-face rules unreadable: \(p): \(r)"
        }
    }
}

extension TypesetError {
    /// The same one-line explanation as `description`, for `localizedDescription`.
    public var errorDescription: String? { description }
}
