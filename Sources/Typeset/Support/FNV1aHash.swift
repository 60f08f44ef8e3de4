/// The 64-bit FNV-1a hash: a few instructions per value and stable across
/// processes (unlike `Hasher`), for cache keys and content versions.
///
/// ```swift
/// var hash = FNV1aHash()
/// for unit in word { hash.mix(UInt64(unit)) }
/// let key = hash.value
/// ```
package struct FNV1aHash {
    /// The hash of everything mixed in so far.
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A hash of nothing yet (the FNV offset basis).
    package init() {}

    /// Mixes in one value (a code unit, a byte, a tag, a bit pattern).
    @inline(__always)
    package mutating func mix(_ v: UInt64) {
        value = (value ^ v) &* 0x0000_0100_0000_01b3
    }

    /// Mixes in a sequence of bytes.
    @inline(__always)
    package mutating func mix<S: Sequence>(bytes: S) where S.Element == UInt8 {
        for b in bytes { mix(UInt64(b)) }
    }
}
