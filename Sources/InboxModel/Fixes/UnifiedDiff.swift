/// A unified diff of two texts (`validate --diff`), line by line with three lines of
/// context, as `diff -u` and `git diff` print it. Lines keep their bytes (a `\r` of a CRLF
/// file stays at the end of its line); a last line without a line feed is marked as
/// `diff` marks it.
public enum UnifiedDiff {
    public static let context = 3
    /// Above this many line pairs in the changed middle, it is not matched by the longest
    /// common subsequence (the table grows as the product) but walked once, each change
    /// ended at the nearest line both sides share again (`resyncWindow` lines ahead at most):
    /// fixes change a few lines here and there, which this finds in a file of any size.
    static let matchLimit = 4_000_000
    static let resyncWindow = 64

    public static func diff(_ old: [UInt8], _ new: [UInt8], oldName: String, newName: String) -> String {
        let a = lines(old)
        let b = lines(new)
        let operations = script(a, b)
        guard operations.contains(where: { $0.kind != .same }) else { return "" }
        var out = "--- \(oldName)\n+++ \(newName)\n"
        for hunk in hunks(operations) {
            let slice = operations[hunk]
            let oldStart = slice.first?.oldLine ?? 0
            let newStart = slice.first?.newLine ?? 0
            let oldCount = slice.filter { $0.kind != .added }.count
            let newCount = slice.filter { $0.kind != .removed }.count
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for operation in slice {
                let line: Line
                switch operation.kind {
                case .same: out += " "; line = a[operation.oldLine]
                case .removed: out += "-"; line = a[operation.oldLine]
                case .added: out += "+"; line = b[operation.newLine]
                }
                out += String(decoding: line.text, as: UTF8.self) + "\n"
                if !line.endsWithLineFeed { out += "\\ No newline at end of file\n" }
            }
        }
        return out
    }

    struct Line: Equatable {
        var text: ArraySlice<UInt8>
        var endsWithLineFeed: Bool
    }

    static func lines(_ text: [UInt8]) -> [Line] {
        var result: [Line] = []
        var start = 0
        for index in text.indices where text[index] == UInt8(ascii: "\n") {
            result.append(Line(text: text[start ..< index], endsWithLineFeed: true))
            start = index + 1
        }
        if start < text.count { result.append(Line(text: text[start...], endsWithLineFeed: false)) }
        return result
    }

    enum Kind { case same, removed, added }

    /// One line of the script; `oldLine` / `newLine` are where it is (0-based) in each text
    /// (for an added line, `oldLine` is the old line it comes before, and so on).
    struct Operation {
        var kind: Kind
        var oldLine: Int
        var newLine: Int
    }

    /// The edit script: the common head and tail as they are, the middle matched by the
    /// longest common subsequence of lines.
    static func script(_ a: [Line], _ b: [Line]) -> [Operation] {
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        var operations = (0 ..< head).map { Operation(kind: .same, oldLine: $0, newLine: $0) }
        let oldMiddle = Array(head ..< a.count - tail)
        let newMiddle = Array(head ..< b.count - tail)
        if oldMiddle.count * newMiddle.count > matchLimit {
            operations += resynced(a, b, from: head, to: (a.count - tail, b.count - tail))
        } else {
            operations += matched(a, b, oldMiddle, newMiddle)
        }
        operations += (0 ..< tail).map { Operation(kind: .same, oldLine: a.count - tail + $0, newLine: b.count - tail + $0) }
        return operations
    }

    private static func matched(_ a: [Line], _ b: [Line], _ old: [Int], _ new: [Int]) -> [Operation] {
        let n = old.count, m = new.count
        // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] = a[old[i]] == b[new[j]] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var result: [Operation] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, a[old[i]] == b[new[j]] {
                result.append(Operation(kind: .same, oldLine: old[i], newLine: new[j]))
                i += 1; j += 1
            } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
                result.append(Operation(kind: .removed, oldLine: old[i], newLine: j < m ? new[j] : (new.last.map { $0 + 1 } ?? old[i])))
                i += 1
            } else {
                result.append(Operation(kind: .added, oldLine: i < n ? old[i] : (old.last.map { $0 + 1 } ?? new[j]), newLine: new[j]))
                j += 1
            }
        }
        return result
    }

    /// The script of `a[from..<end.old]` against `b[from..<end.new]`, walked once.
    private static func resynced(_ a: [Line], _ b: [Line], from: Int, to end: (old: Int, new: Int)) -> [Operation] {
        var result: [Operation] = []
        var i = from, j = from
        while i < end.old || j < end.new {
            if i < end.old, j < end.new, a[i] == b[j] {
                result.append(Operation(kind: .same, oldLine: i, newLine: j))
                i += 1; j += 1
                continue
            }
            // The nearest pair of equal lines ahead, fewest lines skipped first.
            var skip = (old: min(resyncWindow, end.old - i), new: min(resyncWindow, end.new - j))
            search: for total in 1 ... 2 * resyncWindow {
                for old in max(0, total - resyncWindow) ... min(total, resyncWindow) {
                    let new = total - old
                    if i + old < end.old, j + new < end.new, a[i + old] == b[j + new] {
                        skip = (old, new)
                        break search
                    }
                }
            }
            for _ in 0 ..< skip.old {
                result.append(Operation(kind: .removed, oldLine: i, newLine: j))
                i += 1
            }
            for _ in 0 ..< skip.new {
                result.append(Operation(kind: .added, oldLine: i, newLine: j))
                j += 1
            }
        }
        return result
    }

    /// The runs of the script to print: each change with `context` lines around it, runs
    /// closer than twice the context joined.
    static func hunks(_ operations: [Operation]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for index in operations.indices where operations[index].kind != .same {
            let start = max(0, index - context)
            let end = min(operations.count, index + context + 1)
            if let last = result.last, start <= last.upperBound {
                result[result.count - 1] = last.lowerBound ..< max(last.upperBound, end)
            } else {
                result.append(start ..< end)
            }
        }
        return result
    }

    /// `start,count` in 1-based lines; an empty range names the line before it.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }
}
