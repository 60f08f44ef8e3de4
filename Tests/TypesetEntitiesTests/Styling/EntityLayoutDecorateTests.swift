import Typeset
import TypesetEntities
import TypesetTestSupport
import XCTest

/// The one-call `decorate`: async equals sync, and many tasks can share a typesetter
/// (run under `swift test --sanitize=thread`).
final class EntityLayoutDecorateTests: XCTestCase {
    private typealias F = EntityLayoutFixtures

    private static let styles: [EntityKind: EntityStyle] = [
        .mention: EntityStyle(color: .token("link"), weight: 700),
        .hashtag: EntityStyle(color: .hex(0x1D9BF0FF)),
        .url: EntityStyle(underline: true),
        .cashtag: EntityStyle(italic: true),
    ]

    /// A varied feed: every kind of entity, right-to-left scripts, emoji, none at all.
    private static func feed(count: Int) -> [String] {
        let samples = [
            "Loving #SwiftLang with @jack — https://swift.org/blog $AAPL",
            "مرحبا #سويفت @dev_ar http://example.com/ar",
            "😀 @tabi_jp t.co/abc #tokyo",
            "no entities here at all",
            "שלום #עברית @noa/team",
            "Ping @alexander now and @someone_else_with_a_long_name later",
        ]
        return (0..<count).map { "\(samples[$0 % samples.count]) #n\($0)" }
    }

    /// The synchronous path, from a non-async context so the sync overload is chosen.
    private static func synchronous(_ typesetter: Typesetter, _ text: String, width: Double?) throws -> DecoratedLayout {
        try typesetter.decorate(text, style: F.style, width: width, entityStyles: styles)
    }

    /// Everything two decorated layouts report, for comparison.
    private static func summary(_ d: DecoratedLayout) -> String {
        "\(d.entities) \(d.boxes) \(d.decorations) \(d.layout.lines) \(d.oldHeight) \(d.newHeight) \(d.styling.text)"
    }

    /// The parts of a decorated layout agree with the building blocks used one by one.
    func testDecorateMatchesTheBuildingBlocks() throws {
        let text = "Ping @alexander now"
        let decorated = try Self.synchronous(Fixtures.typesetter, text, width: 155)
        let entities = EntityDetector().entities(in: text)
        let styling = try Fixtures.typesetter.applying(Self.styles, to: AttributedText(text, style: F.style),
                                                       entities: entities, width: 155)
        XCTAssertEqual(decorated.entities, entities)
        XCTAssertEqual(decorated.boxes, styling.layout.entityBoxes(for: entities))
        XCTAssertEqual(decorated.layout.lines, styling.layout.lines)
        XCTAssertEqual(decorated.decorations, styling.decorations)
        XCTAssertEqual(decorated.oldHeight, 20)
        XCTAssertEqual(decorated.newHeight, 40)
        XCTAssertTrue(decorated.heightChanged)
        XCTAssertEqual(decorated.prepared.string, text)
    }

    /// The async overload returns what the synchronous one does, off the main actor.
    @MainActor
    func testAsyncMatchesSync() async throws {
        let typesetter = Fixtures.typesetter
        for text in Self.feed(count: 6) {
            let asynchronous = try await typesetter.decorateInBackground(text, style: F.style, width: 180, entityStyles: Self.styles)
            let synchronous = try Self.synchronous(typesetter, text, width: 180)
            XCTAssertEqual(Self.summary(asynchronous), Self.summary(synchronous), text)
            XCTAssertEqual(asynchronous.entities.last?.text, synchronous.entities.last?.text)
        }
        let attributed = AttributedText("Ping @alexander now", style: F.style)
        let viaAttributed = try await typesetter.decorateInBackground(attributed, width: 155, entityStyles: Self.styles)
        XCTAssertEqual(viaAttributed.newHeight, 40)
    }

    /// A cancelled task gets `CancellationError` instead of a layout.
    func testCancelledTaskThrows() async {
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Fixtures.typesetter.decorateInBackground("#tag", style: F.style, width: 100, entityStyles: [:])
        }
        do {
            _ = try await task.value
            XCTFail("expected CancellationError")
        } catch {
            XCTAssertTrue(error is CancellationError, "\(error)")
        }
    }

    /// Eight tasks decorate 240 texts at three widths with one shared typesetter
    /// and get exactly the serial results.
    func testManyTasksShareOneTypesetter() async throws {
        let typesetter = Typesetter(fonts: Fixtures.fonts)
        let texts = Self.feed(count: 60)
        let widths: [Double?] = [120, 240, nil]
        var expected: [String] = []
        for text in texts {
            for width in widths { expected.append(Self.summary(try Self.synchronous(typesetter, text, width: width))) }
        }
        let serialPrepares = typesetter.preparedTexts.count
        let jobs = texts.count * widths.count
        let results = try await withThrowingTaskGroup(of: [(Int, String)].self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var out: [(Int, String)] = []
                    for job in stride(from: worker, to: jobs * 4 / 3, by: 8) {
                        let index = job % jobs
                        let decorated = try await typesetter.decorateInBackground(
                            texts[index / widths.count], style: F.style, width: widths[index % widths.count],
                            entityStyles: Self.styles)
                        out.append((index, Self.summary(decorated)))
                    }
                    return out
                }
            }
            var all: [(Int, String)] = []
            for try await part in group { all += part }
            return all
        }
        XCTAssertEqual(results.count, jobs * 4 / 3)
        XCTAssertEqual(Set(results.map(\.0)).count, jobs, "every text and width decorated")
        for (index, summary) in results {
            XCTAssertEqual(summary, expected[index], "job \(index)")
        }
        // Each decorate prepares the text once, and once more when a bold mention or
        // an italic cashtag needs the restyled text shaped.
        let expectedPrepares = results.reduce(0) { count, result in
            let kinds = Set(EntityDetector().entities(in: texts[result.0 / widths.count]).map(\.kind))
            return count + (kinds.isDisjoint(with: [.mention, .cashtag]) ? 1 : 2)
        }
        XCTAssertEqual(typesetter.preparedTexts.count - serialPrepares, expectedPrepares)
    }
}
