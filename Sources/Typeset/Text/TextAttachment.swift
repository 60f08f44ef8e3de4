// Pipeline stage: Text.
// In: the caller's inline objects (a badge, a custom emoji image, an avatar chip).
// Out: TextAttachment values placed at U+FFFC characters of an AttributedText.

/// A fixed-size inline object in the text, as UIKit's `NSTextAttachment`
/// or a CSS `<img>`/empty `inline-block`: it stands at an object
/// replacement character (U+FFFC) of the string, is one unbreakable piece
/// of its line (lines may break before and after it), takes its width
/// there, and takes part in the line box's height by the CSS inline box
/// rules for its vertical alignment. ``TextLayout/attachmentFrames()`` says
/// where each one is drawn.
public struct TextAttachment: Sendable, Hashable {
    /// CSS `vertical-align` for a replaced inline box, against the text
    /// around it (the style of the run that holds the U+FFFC).
    public enum VerticalAlignment: String, Sendable, Hashable, CaseIterable {
        /// The box's bottom on the baseline.
        case baseline
        /// The box's middle half the text's x-height above the baseline.
        case middle
        /// The box's top at the top of the text's font (its rounded ascent).
        case textTop = "text-top"
        /// The box's bottom at the bottom of the text's font (its rounded descent).
        case textBottom = "text-bottom"
    }

    /// Width in px (finite, not negative).
    public var width: Double
    /// Height in px (finite, not negative).
    public var height: Double
    /// How the box sits against the baseline.
    public var verticalAlignment: VerticalAlignment

    /// An attachment of a size, on the baseline unless said otherwise.
    public init(width: Double, height: Double, verticalAlignment: VerticalAlignment = .baseline) {
        self.width = width
        self.height = height
        self.verticalAlignment = verticalAlignment
    }
}

extension AttributedText {
    /// The object replacement character an attachment stands at.
    public static let attachmentCharacter: Character = "\u{FFFC}"

    /// Appends an attachment (an object replacement character carrying it)
    /// in a style: the style of the text it sits in.
    public mutating func append(_ attachment: TextAttachment, style: TextStyle) {
        let offset = string.utf16.count
        append(String(Self.attachmentCharacter), style: style)
        attachments[offset] = attachment
    }

    /// Places an attachment at the U+FFFC at a UTF-16 offset (preparing the
    /// text throws ``TypesetError/invalidAttachment(utf16Offset:reason:)``
    /// when there is none, or the size is not finite and non-negative).
    public mutating func setAttachment(_ attachment: TextAttachment, atUTF16Offset offset: Int) {
        attachments[offset] = attachment
    }
}
