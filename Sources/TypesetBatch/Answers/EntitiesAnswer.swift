import TypesetEntities

/// One text's entities as an output line, written straight to bytes (this
/// is the command's hot path).
package struct EntitiesAnswer: JSONWritable {
    package var id: JSONValue?
    package var entities: [Entity]
    package var utf16Offsets: Bool

    package func write(to out: inout [UInt8]) {
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
