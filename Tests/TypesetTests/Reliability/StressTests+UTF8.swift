import Foundation
@testable import Typeset
import TypesetTestSupport
import XCTest

extension StressTests {
    // MARK: UTF-8 input

    /// Random bytes, mostly near-valid UTF-8, through `prepare(utf8:)`.
    static func runUTF8(_ r: inout SplitMix64, typesetter: Typesetter, stats: inout Stats) -> [String] {
        stats.utf8Inputs += 1
        var bytes = Array(RandomText.text(&r).joined().utf8.prefix(2000))
        for _ in 0..<r.int(0...3) {
            let at = r.int(0...bytes.count)
            switch r.int(0...6) {
            case 0: if !bytes.isEmpty { bytes[min(at, bytes.count - 1)] ^= UInt8(1 << r.int(0...7)) }
            case 1: bytes.insert(r.pick([0xC0, 0xC1, 0xF5, 0xFF, 0x80, 0xBF, 0xFE]), at: at)
            case 2: bytes.insert(contentsOf: r.pick([[0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE0, 0x80, 0xAF], [0xC0, 0xAF], [0xF0, 0x82, 0x82, 0xAC]]), at: at)
            case 3: bytes = Array(bytes.prefix(at))  // may cut a sequence
            case 4: bytes.insert(contentsOf: r.pick([[0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3]]), at: at)
            case 5: bytes += (0..<r.int(1...8)).map { _ in UInt8.random(in: 0...255, using: &r) }
            default: break
            }
        }
        let style = RandomText.style(&r, faces: [], invalid: false)
        let expected = firstInvalidUTF8Offset(bytes)
        do {
            let prepared = try typesetter.prepare(utf8: bytes, style: style)
            if let expected { return ["prepare(utf8:) accepted invalid UTF-8 (first bad sequence at \(expected)): \(bytes.prefix(64))"] }
            if prepared.string != String(decoding: bytes, as: UTF8.self) { return ["prepare(utf8:) decoded \(bytes.prefix(64)) differently"] }
            stats.prepared += 1
            var problems: [String] = []
            for width in [nil, 0, 100, r.double(1...500)] as [Double?] {
                problems += checkLayout(prepared, text: AttributedText(prepared.string, style: style), width: width, r: &r, stats: &stats)
            }
            return problems
        } catch TypesetError.invalidUTF8(let offset) {
            stats.invalidUTF8 += 1
            if offset != expected { return ["invalidUTF8 at \(offset), expected \(expected.map(String.init) ?? "valid"): \(bytes.prefix(64))"] }
            return []
        } catch {
            return ["prepare(utf8:) threw \(error)"]
        }
    }

    /// The offset where the first ill-formed sequence starts, nil for valid
    /// UTF-8: the standard library's parser (maximal subparts, Unicode
    /// Table 3-7), an oracle independent of `UTF8Validation`.
    static func firstInvalidUTF8Offset(_ b: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var bytes = b.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &bytes) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }
}
