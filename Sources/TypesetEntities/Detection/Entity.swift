import Typeset

/// The kinds of entity that ``EntityDetector`` recognises in post text.
///
/// The rules follow twitter-text (https://github.com/twitter/twitter-text);
/// see ``EntityDetector`` for the details and the few places where we differ.
public enum EntityKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A hashtag such as `#swift` or `＃日本語`.
    case hashtag
    /// A mention of a screen name such as `@jack`, or of a list such as `@jack/team`.
    case mention
    /// A stock symbol such as `$TSLA` or `$BRK.A`.
    case cashtag
    /// A web address, with or without `http://` / `https://`, such as `example.com/path`.
    case url
}

/// One entity found in a text by ``EntityDetector``.
///
/// Both ranges are half-open, start at the sigil (`#`, `@`, `$`) or at the first
/// character of the URL, and end just after the entity. `utf16Range` counts
/// UTF-16 code units (what `NSString`, JavaScript and most layout engines use);
/// `scalarRange` counts Unicode scalars (what twitter-text's conformance
/// files and `String.unicodeScalars` use).
public struct Entity: Sendable, Hashable, Codable {
    /// What kind of entity this is.
    public var kind: EntityKind
    /// The entity's text: without the sigil for hashtags, mentions and cashtags
    /// (`"swift"` for `#swift`, `"jack"` for `@jack/team`), and the URL exactly as
    /// written for URLs.
    public var text: String
    /// The entity's range in UTF-16 code units, sigil included.
    public var utf16Range: Range<Int>
    /// The entity's range in Unicode scalars, sigil included.
    public var scalarRange: Range<Int>
    /// For a list mention (`@jack/team`), the list slug with its slash (`"/team"`);
    /// `nil` for every other entity.
    public var listSlug: String?

    /// Creates an entity; ``EntityDetector`` is the usual source of entities.
    public init(
        kind: EntityKind, text: String, utf16Range: Range<Int>, scalarRange: Range<Int>,
        listSlug: String? = nil
    ) {
        self.kind = kind
        self.text = text
        self.utf16Range = utf16Range
        self.scalarRange = scalarRange
        self.listSlug = listSlug
    }
}
