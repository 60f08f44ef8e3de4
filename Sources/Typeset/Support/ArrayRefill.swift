extension Array {
    /// Replaces the contents with `count` copies of `value`, in the buffer the
    /// array already has when it is large enough: a scratch array refilled
    /// for each text allocates only while it grows.
    @inline(__always)
    mutating func refill(_ value: Element, count: Int) {
        // (An empty array is left as it is: emptying goes through
        // `replaceSubrange`, a hundred or so instructions even for nothing.)
        if !isEmpty { removeAll(keepingCapacity: true) }
        append(contentsOf: repeatElement(value, count: count))
    }

    /// Empties a scratch array for the next text: its buffer is kept, unless
    /// it grew past `limit` elements (a huge text's room is given back, not
    /// held by an idle thread).
    @inline(__always)
    mutating func recycle(limit: Int) {
        if capacity > limit { self = [] } else if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
