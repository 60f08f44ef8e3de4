extension Array {
    /// Replaces the contents with `count` copies of `value`, in the buffer the
    /// array already has when it is large enough: a scratch array refilled
    /// for each text allocates only while it grows.
    @inline(__always)
    mutating func refill(_ value: Element, count: Int) {
        // (An empty array is left as it is: emptying goes through
        // `replaceSubrange`, a hundred or so instructions even for nothing.)
        if !isEmpty { removeAll(keepingCapacity: true) }
        append(contentsOf: Fill(value: value, count: count))
    }

    /// Empties a scratch array for the next text: its buffer is kept, unless
    /// it grew past `limit` elements (a huge text's room is given back, not
    /// held by an idle thread).
    @inline(__always)
    mutating func recycle(limit: Int) {
        if capacity > limit { self = [] } else if !isEmpty { removeAll(keepingCapacity: true) }
    }
}

/// `count` copies of one value, written into an array's new room by a
/// single fill (`Array.refill`): appending a `repeatElement` writes them one
/// at a time through its indices (a few instructions each, a warm text's
/// largest refills being per unit).
private struct Fill<Element>: Sequence {
    let value: Element
    let count: Int

    var underestimatedCount: Int { count }

    func makeIterator() -> Repeated<Element>.Iterator { repeatElement(value, count: count).makeIterator() }

    /// The fill: `Array.append(contentsOf:)` hands the room it reserved
    /// (at least `underestimatedCount`) to this.
    func _copyContents(initializing buffer: UnsafeMutableBufferPointer<Element>) -> (Iterator, Int) {
        let n = Swift.min(count, buffer.count)
        if n > 0 { UnsafeMutableBufferPointer(rebasing: buffer[..<n]).initialize(repeating: value) }
        return (repeatElement(value, count: count - n).makeIterator(), n)
    }
}
