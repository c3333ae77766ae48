import InboxCore

/// Findings in the order reports list them: by line, then column, and in the order they
/// were found at the same place.
public enum PositionOrder {
    /// Whether the findings are already by line, then column.
    public static func isSorted(_ findings: [Diagnostic]) -> Bool {
        findings.withSpan { span in
            var index = 1
            while index < span.count {
                if precedes(span[index], span[index - 1]) { return false }
                index += 1
            }
            return true
        }
    }

    /// Sorts in place, stably. A message has a handful of findings, mostly in order
    /// already: insertion sort moves them without copying and touches a sorted list only
    /// to check it. Long lists (a file of many duplicate keys) take the general sort.
    public static func sort(_ findings: inout [Diagnostic]) {
        guard findings.count > 1, !isSorted(findings) else { return }
        guard findings.count <= 32 else {
            findings = findings.enumerated().sorted {
                ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
            }.map(\.element)
            return
        }
        // Through a span: positions are read in place and findings swapped by moving
        // their memory, where the array's subscript and `swapAt` copy whole findings.
        findings.withMutableSpan { span in
            for next in 1 ..< span.count {
                var index = next
                while index > 0, precedes(span[index], span[index - 1]) {
                    span.swapAt(index, index - 1)
                    index -= 1
                }
            }
        }
    }

    /// The sorted findings (the same array when it is sorted already).
    public static func sorted(_ findings: [Diagnostic]) -> [Diagnostic] {
        var findings = findings
        sort(&findings)
        return findings
    }

    @inline(__always)
    private static func precedes(_ first: borrowing Diagnostic, _ second: borrowing Diagnostic) -> Bool {
        first.line < second.line || (first.line == second.line && first.column < second.column)
    }
}
