extension Substring {
    /// Without leading and trailing spaces and tabs (no Foundation in the library).
    package var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
