import Typeset
import TypesetEntities
import XCTest

/// Shorthands for expected entities. `range` is in UTF-16 units; `scalars` defaults to
/// the same range (right for texts without astral characters).
func hashtag(_ text: String, _ range: Range<Int>, scalars: Range<Int>? = nil) -> Entity {
    Entity(kind: .hashtag, text: text, utf16Range: range, scalarRange: scalars ?? range)
}

func mention(_ text: String, _ range: Range<Int>, scalars: Range<Int>? = nil, list: String? = nil) -> Entity {
    Entity(kind: .mention, text: text, utf16Range: range, scalarRange: scalars ?? range, listSlug: list)
}

func cashtag(_ text: String, _ range: Range<Int>, scalars: Range<Int>? = nil) -> Entity {
    Entity(kind: .cashtag, text: text, utf16Range: range, scalarRange: scalars ?? range)
}

func url(_ text: String, _ range: Range<Int>, scalars: Range<Int>? = nil) -> Entity {
    Entity(kind: .url, text: text, utf16Range: range, scalarRange: scalars ?? range)
}

/// Detects entities in `text` and checks them against `expected` exactly, and checks
/// that each entity's ranges really cover its sigil and text in `text`.
func assertEntities(
    _ text: String, _ expected: [Entity], kinds: Set<EntityKind> = Set(EntityKind.allCases),
    file: StaticString = #filePath, line: UInt = #line
) {
    let found = EntityDetector(kinds: kinds).entities(in: text)
    XCTAssertEqual(found, expected, "in \(text.debugDescription)", file: file, line: line)
    assertEntityRangesCoverText(text, found, file: file, line: line)
}

/// Detects entities of one kind and checks only their texts.
func assertEntityTexts(
    _ text: String, _ kind: EntityKind, _ expected: [String],
    file: StaticString = #filePath, line: UInt = #line
) {
    let found = EntityDetector().entities(in: text)
    XCTAssertEqual(
        found.filter { $0.kind == kind }.map(\.text), expected, "in \(text.debugDescription)",
        file: file, line: line)
    assertEntityRangesCoverText(text, found, file: file, line: line)
}

/// Checks, with the standard library's own views, that both ranges of each entity
/// select the same characters: the sigil (if any), the text and the list slug.
func assertEntityRangesCoverText(
    _ text: String, _ entities: [Entity], file: StaticString = #filePath, line: UInt = #line
) {
    let utf16 = Array(text.utf16)
    let scalars = Array(text.unicodeScalars)
    for entity in entities {
        guard entity.utf16Range.upperBound <= utf16.count, entity.scalarRange.upperBound <= scalars.count
        else {
            XCTFail("\(entity) is out of bounds in \(text.debugDescription)", file: file, line: line)
            continue
        }
        let byUTF16 = String(decoding: utf16[entity.utf16Range], as: UTF16.self)
        var byScalars = ""
        byScalars.unicodeScalars.append(contentsOf: scalars[entity.scalarRange])
        XCTAssertEqual(byUTF16, byScalars, "ranges disagree for \(entity)", file: file, line: line)
        let body = entity.text + (entity.listSlug ?? "")
        if entity.kind == .url {
            XCTAssertEqual(byUTF16, body, file: file, line: line)
        } else {
            let sigils: [String] =
                switch entity.kind {
                case .hashtag: ["#", "＃"]
                case .mention: ["@", "＠"]
                default: ["$"]
                }
            XCTAssertTrue(
                sigils.contains { byUTF16 == $0 + body }, "\(byUTF16) is not a sigil and \(body)",
                file: file, line: line)
        }
    }
}
