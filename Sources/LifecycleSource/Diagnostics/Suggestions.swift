/// "Did you mean …?" suggestions.
///
/// A case-insensitive exact match wins; otherwise the candidate with the smallest edit
/// distance, if that distance is at most a third of the name's length (at least 1). Ties go
/// to the candidate that sorts first, so suggestions are deterministic.
public enum Suggestions {
    /// Names longer than this (in Unicode scalars) get only case-insensitive exact matches:
    /// an edit distance costs the product of the two lengths, and no one mistypes a
    /// 10,000-letter name by one letter.
    public static let maximumLength = 256

    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'`: the candidates a message offers.
    public static func orList(_ items: [String], conjunction: String = "or") -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }

    /// `; did you mean 'NAME'?` for the best match of `name` among `candidates`, or "" when
    /// none is close: the phrase every message ends with, spelled only here.

    public static func didYouMean(_ name: String, in candidates: some Sequence<String>) -> String {
        didYouMean(bestMatch(for: name, in: candidates))
    }

    /// `; did you mean 'SUGGESTION'?`, or "" for nil.
    public static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The best suggestion for `name` among `candidates`, or nil.
    public static func bestMatch(for name: String, in candidates: some Sequence<String>) -> String? {
        let lowered = name.lowercased()
        let length = name.unicodeScalars.count
        let budget = max(1, length / 3)
        var best: (distance: Int, candidate: String)?
        for candidate in candidates where candidate != name {
            if candidate.lowercased() == lowered {
                if best == nil || best!.distance > 0 || candidate < best!.candidate {
                    best = (0, candidate)
                }
                continue
            }
            guard length <= maximumLength else { continue }
            // Cheap rejection before the quadratic distance (counting stops past the budget).
            let candidateLength = candidate.unicodeScalars.prefix(length + budget + 1).count
            if abs(candidateLength - length) > budget { continue }
            let distance = editDistance(name, candidate, limit: budget)
            guard distance <= budget else { continue }
            if best == nil || distance < best!.distance
                || (distance == best!.distance && candidate < best!.candidate) {
                best = (distance, candidate)
            }
        }
        return best?.candidate
    }

    /// Edit distance over Unicode scalars (optimal string alignment: insertions, deletions,
    /// substitutions, and swapping two neighbours, as in `chekc` for `check`, each cost one).
    /// Stops early once two rows in a row exceed `limit` (the result is then `limit + 1`).
    public static func editDistance(_ a: String, _ b: String, limit: Int = .max) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var beforePrevious = [Int](repeating: 0, count: y.count + 1)
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        var previousMinimum = 0
        for i in 1...x.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1] {
                    value = min(value, beforePrevious[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit && previousMinimum > limit { return limit + 1 }
            previousMinimum = rowMinimum
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return min(previous[y.count], limit == .max ? .max : limit + 1)
    }
}
