import ArgumentParser
import Foundation
import TypesetBatch
import Typeset
import TypesetEntities
import TypesetCells

/// `measure fonts`: the collection, and fallback made visible.
struct FontsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fonts",
        abstract: "List the font collection, or show which font each part of a text gets.",
        discussion: """
        Examples:
          measure fonts
          measure fonts --resolve "Hi مرحبا 你好 👋" --font "Noto Sans"
        """)

    @Option(help: "Show the font chosen for each run of this text.") var resolve: String?
    @Option(help: ArgumentHelp("Font families for --resolve, a CSS font-family list (a family without a font is skipped with a warning).", valueName: "FAMILY[,FAMILY…]"))
    var font: String = "Noto Sans"
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var fonts: FontOptions

    func run() throws {
        let collection = try fonts.collection()
        if let text = resolve {
            let families: [String]
            do { families = try CSSFontFamilyList.families(font) } catch {
                throw ValidationError("--font must be a CSS font-family list: \(error)")
            }
            let prepared: PreparedText
            do {
                prepared = try Typesetter(fonts: collection).prepare(text, style: TextStyle(font: FontStack(families: families)))
            } catch { throw CommandFailure(fonts.explain(error)) }
            var seen = WarnedNames()
            FontOptions.warnSkipped(families, in: collection, seen: &seen)
            let utf16 = Array(text.utf16)
            var rows: [JSONValue] = []
            for run in prepared.runFaces {
                let piece = String(decoding: utf16[run.utf16Range], as: UTF16.self)
                if json {
                    rows.append(.object([("start", .int(run.utf16Range.lowerBound)), ("end", .int(run.utf16Range.upperBound)),
                                         ("text", .string(piece)), ("family", .string(run.face.familyName)),
                                         ("file", .string(run.face.path))]))
                } else {
                    print("\"\(piece)\"  →  \(run.face.familyName) \(run.face.styleName)  (\((run.face.path as NSString).lastPathComponent))")
                }
            }
            if json { print(JSONValue.array(rows).serialized) }
            return
        }
        var rows: [JSONValue] = []
        for face in collection.faces {
            let coverage = Self.coverageSummary(face)
            if json {
                var fields: [(String, JSONValue)] = [
                    ("family", .string(face.familyName)), ("style", .string(face.styleName)),
                    ("weight", .int(face.weight)), ("italic", .bool(face.isItalic)),
                    ("file", .string(face.path)), ("face_index", .int(face.faceIndex)),
                    ("glyphs", .int(face.glyphCount)), ("color_bitmap", .bool(face.isColorBitmap)),
                    ("coverage", .string(coverage)),
                    ("kern_table_dropped", face.sanitizerDroppedKern.map { .string($0) } ?? .null)]
                // A variable face's axes (static faces have none: the field is left out).
                if face.isVariable {
                    fields.append(("axes", .array(face.axes.map { axis in
                        .object([("tag", .string(axis.tag)), ("min", .number(axis.minimum)),
                                 ("default", .number(axis.defaultValue)), ("max", .number(axis.maximum))])
                    })))
                }
                rows.append(.object(fields))
            } else {
                print("\(face.familyName) — \(face.styleName), weight \(face.weight)\(face.isItalic ? ", italic" : "")")
                print("    \(face.path)#\(face.faceIndex), \(face.glyphCount) glyphs\(face.isColorBitmap ? ", colour bitmaps" : "")")
                if face.isVariable {
                    let axes = face.axes.map { "\($0.tag) \(Self.number($0.minimum))–\(Self.number($0.maximum)) (default \(Self.number($0.defaultValue)))" }
                    print("    variable: \(axes.joined(separator: ", "))")
                }
                print("    covers: \(coverage)")
                if let why = face.sanitizerDroppedKern {
                    print("    kern table not used (browsers' font sanitizer drops it): \(why)")
                }
            }
        }
        if json { print(JSONValue.array(rows).serialized) }
    }

    /// Which of a few well-known scripts and blocks the face covers.
    static func coverageSummary(_ face: FontFace) -> String {
        let probes: [(String, [UInt32])] = [
            ("Latin", [0x41, 0x61, 0xE9]), ("Greek", [0x3B1, 0x3A9]), ("Cyrillic", [0x416, 0x44F]),
            ("Hebrew", [0x5D0, 0x5EA]), ("Arabic", [0x627, 0x644]), ("Devanagari", [0x915, 0x93F]),
            ("Thai", [0xE01, 0xE32]), ("Han", [0x4E00, 0x6F22]), ("Kana", [0x3042, 0x30A2]), ("Hangul", [0xAC00, 0xD55C]),
            ("Emoji", [0x1F600, 0x1F44D]),
        ]
        let names = probes.filter { $0.1.allSatisfy(face.covers) }.map(\.0)
        return names.isEmpty ? "none of the probed scripts" : names.joined(separator: ", ")
    }

    /// An axis value without a needless ".0".
    private static func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e9 ? String(Int(v)) : String(v) }
}
