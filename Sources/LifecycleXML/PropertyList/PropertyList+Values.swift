/// Comparing and combining property lists by value: what an edit is checked with (the file it
/// writes, read back, must hold exactly the intended dictionary). Both walk the values with an
/// explicit stack, never recursion.
extension PropertyList {
    /// The file formats a property list is read from and written back in.
    public enum Format: Sendable, Equatable {
        /// XML, in the encoding the document used.
        case xml(XMLEncoding.Encoding)
        /// `bplist00`.
        case binary
    }

    /// Whether value `index` of this list and value `other` of `list` are the same property list
    /// value: the same kinds, scalars of the same text, dictionaries of the same keys in the
    /// same order with the same values, arrays of the same items.
    public func sameValue(_ index: Int, as other: Int, in list: PropertyList) -> Bool {
        var pending = [(index, other)]
        while let (a, b) = pending.popLast() {
            let left = values[a], right = list.values[b]
            guard left.kind == right.kind else { return false }
            switch left.kind {
            case .dictionary:
                guard left.entries.count == right.entries.count else { return false }
                for (l, r) in zip(left.entries, right.entries) {
                    guard l.key == r.key else { return false }
                    pending.append((l.value, r.value))
                }
            case .array:
                guard left.items.count == right.items.count else { return false }
                pending += zip(left.items, right.items).map { ($0, $1) }
            case .string:
                guard left.text == right.text else { return false }
            case .integer, .real, .boolean, .date, .data:
                guard Self.scalarText(left) == Self.scalarText(right) else { return false }
            }
        }
        return true
    }

    /// A scalar's text as compared: XML allows white space around numbers, dates and data.
    static func scalarText(_ value: Value) -> String {
        value.text.filter { !$0.isWhitespace }
    }

    /// This list with `key` added last to the dictionary `dictionary`, mapping to value `value`
    /// of `other` (copied with everything in it).
    public func adding(_ key: String, value: Int, of other: PropertyList, to dictionary: Int) -> PropertyList {
        var result = self
        // Copy `other`'s values reachable from `value`, children before parents.
        var order: [Int] = []
        var stack = [value]
        while let next = stack.popLast() {
            order.append(next)
            stack += other.values[next].entries.map(\.value) + other.values[next].items
        }
        var newIndex: [Int: Int] = [:]
        for old in order.reversed() {
            var copy = other.values[old]
            copy.entries = copy.entries.map { ($0.key, $0.keyRange, newIndex[$0.value]!) }
            copy.items = copy.items.map { newIndex[$0]! }
            newIndex[old] = result.values.count
            result.values.append(copy)
        }
        let keyRange = result.values[dictionary].range
        result.values[dictionary].entries.append((key, keyRange, newIndex[value]!))
        return result
    }
}
