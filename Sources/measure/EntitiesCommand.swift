import ArgumentParser
import Foundation
import Typeset
import TypesetEntities
import TypesetCells

/// `measure entities`: hashtags, mentions, cashtags and URLs of JSON Lines texts.
struct EntitiesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "entities",
        abstract: "Find hashtags, mentions, cashtags and URLs in JSON Lines texts; one result line per input line, in order.",
        discussion: """
        Each input line is an object {"id": …, "text": "…"}; the id is optional
        and echoed back as given. Each output line holds the entities of one
        input, every list present even when empty. For
        {"id": 1, "text": "Hello #swift @jack/team https://swift.org"}:
          {"id": 1, "hashtags": [{"text": "swift", "start": 6, "end": 12}],
           "mentions": [{"text": "jack", "start": 13, "end": 23,
                         "list_slug": "/team"}],
           "cashtags": [],
           "urls": [{"text": "https://swift.org", "start": 24, "end": 41}]}

        "text" leaves out the sigil (# @ $); "list_slug" appears only on list
        mentions. start and end run from the sigil to just after the entity, in
        Unicode scalars (Python's str indices), or in UTF-16 code units
        (JavaScript's) with --offsets utf16. The rules are twitter-text's.

        A bad line (invalid JSON or UTF-8, a missing or non-string "text") gets
        {"id": …, "error": {"line": N, "message": "…"}} in its place; the exit
        status is 1 if any failed.

        Examples:
          measure entities posts.jsonl > entities.jsonl
          echo '{"id": 1, "text": "Hi @jack, #swift $AAPL"}' | measure entities
          cat posts.jsonl | measure entities --offsets utf16 --jobs 2 -
        """)

    @Argument(help: "A JSON Lines file, or - for standard input.") var input: String = "-"
    @Option(help: "Worker threads (default: all cores).") var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    @Option(help: "Entity offsets: Unicode scalars or UTF-16 code units.") var offsets: OffsetUnit = .scalars
    @Flag(inversion: .prefixedNo, help: "Show a progress line on stderr (default: when stderr is a terminal).")
    var progress: Bool?
    @OptionGroup var lineLimit: LineLimitOption

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let handle = try openInput(input)
        let detector = EntityDetector()
        let utf16 = offsets == .utf16
        let live = progress ?? (isatty(2) != 0)
        let reporter = ProgressReporter(live: live, totalBytes: live ? ProgressReporter.size(of: input) : nil)
        let processor = JSONLinesProcessor(jobs: jobs, progress: reporter, maxLineBytes: lineLimit.maxLineBytes)
        let result = processor.run(input: handle, output: .standardOutput, decoding: TextRequest.self) { request, id in
            EntitiesAnswer(id: id, entities: detector.entities(in: request.text), utf16Offsets: utf16)
        }
        if result.failed > 0 { throw ExitStatus.someFailed }
    }
}

/// One text's entities as an output line, written straight to bytes (this
/// is the command's hot path).
struct EntitiesAnswer: JSONWritable {
    var id: JSONValue?
    var entities: [Entity]
    var utf16Offsets: Bool

    func write(to out: inout [UInt8]) {
        out.appendJSONObject { o in
            if let id { o.value("id", id) }
            let lists: [(StaticString, EntityKind)] = [("hashtags", .hashtag), ("mentions", .mention), ("cashtags", .cashtag), ("urls", .url)]
            for (name, kind) in lists {
                o.array(name, entities.lazy.filter { $0.kind == kind }) { out, entity in
                    // The entity's text, offsets and, for a list mention, its slug.
                    let range = utf16Offsets ? entity.utf16Range : entity.scalarRange
                    out.appendJSONObject { e in
                        e.string("text", entity.text)
                        e.int("start", range.lowerBound)
                        e.int("end", range.upperBound)
                        if let slug = entity.listSlug { e.string("list_slug", slug) }
                    }
                }
            }
        }
    }
}

/// A line of `measure entities`: its `text` (other fields are ignored).
struct TextRequest: Decodable {
    var text: String

    init(from decoder: any Decoder) throws {
        text = try decoder.container(keyedBy: FieldKey.self).requiredText()
    }
}
