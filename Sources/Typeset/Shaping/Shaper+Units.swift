// Pipeline stage: Shaping.
// A new word (or a run of new words) shaped straight into what the word cache keeps per unit:
// advances, cluster starts, and the facts a break's kern is looked for in.

import CHarfBuzz
import Foundation

/// Per UTF-16 unit of a text shaped by `Shaper.shapeUnits`: its cluster's
/// advance (the sum of its glyphs', 1/65536 px, in the glyphs' order) and
/// what HarfBuzz said of its glyphs. Units outside the shaped range hold 0.
struct ShapedUnits {
    var advances: [Int32] = []
    var flags: [UInt8] = []

    /// A glyph cluster starts at the unit (a glyph's cluster is the unit).
    static let clusterStart: UInt8 = 1
    /// HarfBuzz marks a glyph of the unit's cluster unsafe to break before
    /// (a kern or ligature with what precedes it).
    static let unsafeToBreak: UInt8 = 2
    /// A glyph of the unit's cluster has an advance that is not its font's
    /// (a kern went into it). Noted in the pieces HarfBuzz marks a glyph of
    /// unsafe to break, the only ones where a break's kern is looked for;
    /// never in a colour bitmap face (whose glyphs are never marked unsafe).
    static let adjusted: UInt8 = 4
}

extension Shaper {
    /// Shapes `units[start..<end]` (with the rest of `units` as context,
    /// in pieces as `shape` does) into `shapedUnits`, sized to `units`: one
    /// pass over HarfBuzz's glyphs, no glyph array. A glyph's advance is
    /// told from its font's by `nominalAdvance`, a table lookup, not a call
    /// into HarfBuzz.
    func shapeUnits(_ units: UnsafeBufferPointer<UInt16>, start: Int, end: Int, as run: ShapingRun) {
        // (Taken out of the shaper while written: its two arrays are then written side by side.)
        var out = ShapedUnits()
        swap(&out, &shapedUnits)
        defer { swap(&out, &shapedUnits) }
        out.advances.refill(0, count: units.count)
        out.flags.refill(0, count: units.count)
        if let pieces = Self.stormPiecesInVisualOrder(units, start: start, end: end, rightToLeft: run.rightToLeft) {
            for piece in pieces {
                shapeUnitsPiece(units, start: piece.lowerBound, end: piece.upperBound, as: run, into: &out)
            }
            return
        }
        shapeUnitsPiece(units, start: start, end: end, as: run, into: &out)
    }

    private func shapeUnitsPiece(_ units: UnsafeBufferPointer<UInt16>, start: Int, end: Int, as run: ShapingRun,
                                 into out: inout ShapedUnits) {
        guard let shaped = runHarfBuzz(units, start: start, end: end, as: run) else { return }
        let infos = shaped.infos, positions = shaped.positions, count = shaped.count
        let unsafeFlag = shaped.bitmap ? 0 : Self.unsafeToBreakFlag
        out.advances.withUnsafeMutableBufferPointer { advances in
            out.flags.withUnsafeMutableBufferPointer { flags in
                var anyUnsafe = false
                for k in 0..<count {
                    let c = Int(infos[k].cluster)
                    guard c < advances.count else { continue }
                    advances[c].addSaturating(shaped.advance(k))
                    if infos[k].mask & unsafeFlag != 0 {
                        flags[c] |= ShapedUnits.clusterStart | ShapedUnits.unsafeToBreak
                        anyUnsafe = true
                    } else {
                        flags[c] |= ShapedUnits.clusterStart
                    }
                }
                // A piece with nothing unsafe to break has no break whose kern is looked for.
                guard anyUnsafe else { return }
                let face = shaped.face
                nominalAdvances.with(face) { nominal in
                    for k in 0..<count {
                        let c = Int(infos[k].cluster)
                        guard c < advances.count else { continue }
                        if positions[k].x_advance != nominal.advance(infos[k].codepoint) {
                            flags[c] |= ShapedUnits.adjusted
                        }
                    }
                }
            }
        }
    }
}

/// Glyph advances as their fonts give them (`hb_font_get_glyph_h_advance`,
/// in the HarfBuzz font's units), remembered by face and glyph: what tells
/// a kerned advance from its font's without a call into HarfBuzz per glyph
/// (a feed's new words meet the same few hundred glyphs again and again).
/// A direct-mapped table of `entries` slots, each keyed by the face's
/// serial and the glyph, compared whole; owned by one shaper (one task at a
/// time), its memory zeroed pages touched as glyphs arrive.
final class NominalAdvances {
    static let entries = 4096
    /// Each slot's key (`key(serial:glyph:)`, never 0; 0 marks an empty slot) and advance.
    private let keys: UnsafeMutablePointer<UInt64>
    private let values: UnsafeMutablePointer<Int32>

    init() {
        guard let k = calloc(Self.entries, MemoryLayout<UInt64>.stride),
              let v = calloc(Self.entries, MemoryLayout<Int32>.stride) else { fatalError("shaper: out of memory") }
        keys = k.bindMemory(to: UInt64.self, capacity: Self.entries)
        values = v.bindMemory(to: Int32.self, capacity: Self.entries)
    }

    deinit {
        free(keys)
        free(values)
    }

    /// One face's advances, read through the table.
    struct Face {
        let font: OpaquePointer
        /// The face's serial in the keys' upper half; 0 when it does not fit there (every glyph asked of HarfBuzz).
        let tag: UInt64
        let keys: UnsafeMutablePointer<UInt64>
        let values: UnsafeMutablePointer<Int32>

        /// Glyph `glyph`'s advance as its font gives it.
        @inline(__always)
        func advance(_ glyph: UInt32) -> Int32 {
            guard tag != 0 else { return hb_font_get_glyph_h_advance(font, glyph) }
            let key = tag | UInt64(glyph)
            let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 52) & (NominalAdvances.entries - 1)
            if keys[slot] == key { return values[slot] }
            let v = hb_font_get_glyph_h_advance(font, glyph)
            keys[slot] = key
            values[slot] = v
            return v
        }
    }

    /// `body` with `face`'s advances.
    @inline(__always)
    func with<R>(_ face: FontFace, _ body: (Face) -> R) -> R {
        // (Serials count from 1: a key is never 0.)
        let tag = face.serial < 1 << 32 ? face.serial << 32 : 0
        return withExtendedLifetime(face) {
            body(Face(font: face.hbFont, tag: tag, keys: keys, values: values))
        }
    }
}
