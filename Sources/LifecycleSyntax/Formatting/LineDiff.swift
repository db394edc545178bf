/// A unified diff of two texts by lines, for `lifecycle fmt --check`.
///
/// Myers' algorithm, with the edit distance capped (`maximumEdits`): past the cap, the
/// lines between the common prefix and suffix are shown as one hunk, so a file that differs
/// everywhere costs linear time, not quadratic.
public enum LineDiff {
    public static let maximumEdits = 500
    /// Lines of context around each change.
    public static let context = 2

    enum Edit: Equatable { case keep, delete, insert }

    /// `---`/`+++` headers and `@@` hunks; empty when the texts are equal.
    public static func unified(old: String, new: String, oldName: String, newName: String) -> String {
        let a = lines(old), b = lines(new)
        guard a != b else { return "" }
        let script = edits(a, b)
        var output = "--- \(oldName)\n+++ \(newName)\n"
        // Positions of every edit in the script, in old and new line numbers.
        var steps: [(edit: Edit, old: Int, new: Int)] = []
        var i = 0, j = 0
        for edit in script {
            steps.append((edit, i, j))
            switch edit {
            case .keep: i += 1; j += 1
            case .delete: i += 1
            case .insert: j += 1
            }
        }
        var index = 0
        while index < steps.count {
            guard steps[index].edit != .keep else { index += 1; continue }
            var start = index
            var keptBefore = 0
            while start > 0 && steps[start - 1].edit == .keep && keptBefore < context { start -= 1; keptBefore += 1 }
            var end = index
            var keptRun = 0
            while end < steps.count {
                if steps[end].edit == .keep {
                    keptRun += 1
                    if keptRun > 2 * context { break }
                } else {
                    keptRun = 0
                }
                end += 1
            }
            // Trim trailing context to `context` lines.
            var trailing = 0
            while end > index && steps[end - 1].edit == .keep { end -= 1; trailing += 1 }
            end = min(steps.count, end + min(trailing, context))
            let hunk = steps[start..<end]
            let oldCount = hunk.filter { $0.edit != .insert }.count
            let newCount = hunk.filter { $0.edit != .delete }.count
            output += "@@ -\(hunk.first!.old + (oldCount > 0 ? 1 : 0)),\(oldCount) +\(hunk.first!.new + (newCount > 0 ? 1 : 0)),\(newCount) @@\n"
            for step in hunk {
                switch step.edit {
                case .keep: output += " " + a[step.old] + "\n"
                case .delete: output += "-" + a[step.old] + "\n"
                case .insert: output += "+" + b[step.new] + "\n"
                }
            }
            index = end
        }
        return output
    }

    static func lines(_ text: String) -> [Substring] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false)
        if result.last == "" { result.removeLast() }
        return result
    }

    /// The shortest edit script from `a` to `b`, or prefix/suffix and one replacement when it
    /// would take more than `maximumEdits` edits.
    static func edits(_ a: [Substring], _ b: [Substring]) -> [Edit] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let x = Array(a[prefix..<(a.count - suffix)]), y = Array(b[prefix..<(b.count - suffix)])
        let middle = myers(x, y) ?? (Array(repeating: .delete, count: x.count) + Array(repeating: .insert, count: y.count))
        return Array(repeating: .keep, count: prefix) + middle + Array(repeating: .keep, count: suffix)
    }

    static func myers(_ a: [Substring], _ b: [Substring]) -> [Edit]? {
        let n = a.count, m = b.count
        let maximum = min(n + m, maximumEdits)
        let offset = maximum + 1
        var v = [Int](repeating: 0, count: 2 * maximum + 3)
        var trace: [[Int]] = []
        for d in 0...maximum {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x = (k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1])) ? v[offset + k + 1] : v[offset + k - 1] + 1
                var y = x - k
                while x < n && y < m && a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m {
                    return backtrack(trace: trace, finalV: v, d: d, n: n, m: m, offset: offset)
                }
            }
        }
        return nil
    }

    static func backtrack(trace: [[Int]], finalV: [Int], d: Int, n: Int, m: Int, offset: Int) -> [Edit] {
        var result: [Edit] = []
        var x = n, y = m
        var depth = d
        while depth > 0 {
            let v = trace[depth]
            let k = x - y
            let previousK = (k == -depth || (k != depth && v[offset + k - 1] < v[offset + k + 1])) ? k + 1 : k - 1
            let previousX = v[offset + previousK]
            let previousY = previousX - previousK
            while x > previousX && y > previousY { result.append(.keep); x -= 1; y -= 1 }
            result.append(x == previousX ? .insert : .delete)
            x = previousX; y = previousY
            depth -= 1
        }
        while x > 0 && y > 0 { result.append(.keep); x -= 1; y -= 1 }
        return result.reversed()
    }
}
