/// CSS `text-spacing-trim: normal` for fullwidth CJK punctuation, as Chromium
/// applies it: where two fullwidth punctuation marks meet, one is set
/// half-width (an opening mark after an opening, middle or closing mark or an
/// ideographic space; a closing mark before a closing or middle mark or an
/// ideographic space: `日本」　語。　「日本」` is 190 px at 20 px, three marks
/// halved); a closing bracket or quote (not a comma or full stop) that ends a
/// line is set half-width when the line would not fit otherwise, and only when
/// the line wraps right after it (see `LineBreaker`). Opening marks at the
/// start of a line are not trimmed (the corpus shows Chromium keeps them).
enum PunctuationTrim {
    enum Kind: UInt8 { case other, open, close, closeBracket, middle }

    /// The lowest unit that takes part (text below it is never trimmed).
    static let lowest: UInt16 = 0x2018

    static func kind(_ u: UInt16) -> Kind {
        switch u {
        case 0x300C, 0x300E, 0xFF08, 0xFF3B, 0xFF5B, 0x3008, 0x300A, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A,
             0xFF1C, 0x2018, 0x201C:
            return .open
        case 0x300D, 0x300F, 0xFF09, 0xFF3D, 0xFF5D, 0x3009, 0x300B, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B,
             0xFF1E, 0x2019, 0x201D:
            return .closeBracket
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E:
            return .close
        case 0x30FB, 0xFF1A, 0xFF1B:
            return .middle
        default:
            return .other
        }
    }

    /// Whether `restoredAtLineStart` can find anything in `units`: an
    /// opening mark after an ideographic space or another mark (one pass
    /// over the units, where that function looks at every break; text
    /// without a mark, most text, passed over by `hasMark`).
    static func mayRestoreAtLineStart(_ units: [UInt16]) -> Bool {
        guard units.count > 1 && hasMark(units) else { return false }
        return units.withUnsafeBufferPointer { u in
            for p in 1..<u.count where u[p] >= lowest && kind(u[p]) == .open {
                let before = u[p - 1]
                if before == 0x3000 || (before >= lowest && kind(before) != .other) { return true }
            }
            return false
        }
    }

    /// The opening marks halved after another mark (by `apply`) that start a
    /// line when it breaks before them (`breaks`: the units lines may start
    /// at): Chromium sets such a mark full-width again at the line's start
    /// ("「" after "：", measured: "「明日は雨" is 75 px at 15 px, not 67.5).
    /// Each with the width it gets back, 1/65536 px, as a reshaped line
    /// start (`ReshapedEnd.startKern`); in unit order.
    static func restoredAtLineStart(units: [UInt16], advances: [Int32], breaks: [Int32],
                                    emOf: (Int) -> Int32?) -> [ReshapedEnd] {
        var out: [ReshapedEnd] = []
        for b in breaks {
            let p = Int(b)
            guard p > 0, p < units.count, units[p] >= lowest, kind(units[p]) == .open else { continue }
            let before = units[p - 1]
            guard before == 0x3000 || (before >= lowest && kind(before) != .other), let em = emOf(p) else { continue }
            // Halved: half an em left (a fullwidth mark set half-width).
            let half = Int(em) - Int(em) / 2
            guard abs(Int(advances[p]) - half) <= Int(em) / 50 else { continue }
            out.append(ReshapedEnd(unit: Int32(p), endKern: 0, startKern: advances[p]))
        }
        return out
    }

    /// Whether `units` hold a mark that takes part (a kind other than
    /// `.other`): sixteen, then four units at a time are passed over when
    /// all are below U+2000 (ASCII and the alphabets, most of a text with emoji).
    static func hasMark(_ units: [UInt16]) -> Bool {
        units.withUnsafeBufferPointer { u in
            guard let p = u.baseAddress else { return false }
            let n = u.count
            var i = 0
            while i &+ 16 <= n {
                let raw = UnsafeRawPointer(p + i)
                let any = raw.loadUnaligned(as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    | raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
                if any & 0xE000_E000_E000_E000 != 0 {
                    for j in i..<(i &+ 16) where p[j] >= lowest && kind(p[j]) != .other { return true }
                }
                i &+= 16
            }
            while i &+ 4 <= n {
                if UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & 0xE000_E000_E000_E000 != 0 {
                    for j in i..<(i &+ 4) where p[j] >= lowest && kind(p[j]) != .other { return true }
                }
                i &+= 4
            }
            while i < n {
                if p[i] >= lowest && kind(p[i]) != .other { return true }
                i &+= 1
            }
            return false
        }
    }

    /// Two lists of reshaped breaks as one, in unit order (a unit in both
    /// keeps both kerns).
    static func merged(_ a: [ReshapedEnd], _ b: [ReshapedEnd]) -> [ReshapedEnd] {
        guard !b.isEmpty else { return a }
        var byUnit: [Int32: ReshapedEnd] = [:]
        for e in a + b {
            if let o = byUnit[e.unit] {
                byUnit[e.unit] = ReshapedEnd(unit: e.unit, endKern: o.endKern + e.endKern, startKern: o.startKern + e.startKern,
                                             unsafeRunEnd: max(o.unsafeRunEnd, e.unsafeRunEnd))
            } else {
                byUnit[e.unit] = e
            }
        }
        return byUnit.values.sorted { $0.unit < $1.unit }
    }

    /// Halves adjacent fullwidth punctuation in `advances`; returns the closing
    /// brackets that may still be trimmed at a line end.
    /// Only marks whose advance is one em (a fullwidth glyph) take part.
    static func apply(units: [UInt16], advances: inout [Int32], emOf: (Int) -> Int32?) -> [Int32] {
        let n = units.count
        guard hasMark(units) else { return [] }
        // The mark at `i` as it takes part (before any is halved: each is
        // read before its own advance changes, and no mark's kind depends on
        // another's advance), one step ahead, so that no array of kinds is needed.
        func kindAt(_ i: Int) -> Kind {
            guard i < n, units[i] >= lowest else { return .other }
            let k = kind(units[i])
            if k != .other, let em = emOf(i), abs(Int(advances[i]) - Int(em)) <= Int(em) / 50 { return k }
            return .other
        }
        var endTrimmable: [Int32] = []
        var previous = Kind.other, current = kindAt(0)
        for i in 0..<n {
            let next = kindAt(i + 1)
            defer { previous = current; current = next }
            let halved: Bool
            switch current {
            case .other, .middle:
                continue
            case .open:
                halved = i > 0 && (previous != .other || units[i - 1] == 0x3000)
            case .close, .closeBracket:
                // (The mark after it counts by its character, whatever its
                // width: "。" before a proportional "”" is halved, measured:
                // "我知道了。”" is 99.48 px at 20 px.)
                let after = i + 1 < n && units[i + 1] >= lowest ? kind(units[i + 1]) : .other
                halved = i + 1 < n && (after == .close || after == .closeBracket || after == .middle || units[i + 1] == 0x3000)
            }
            if halved {
                advances[i] -= advances[i] / 2
            } else if current == .closeBracket {
                endTrimmable.append(Int32(i))
            }
        }
        return endTrimmable
    }
}
