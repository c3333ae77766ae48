import InboxModel

/// `validate --format markdown`: a summary for a pull request comment or a GitHub job's
/// step summary (`--output-file markdown:"$GITHUB_STEP_SUMMARY"`): the verdict, one row
/// per file with its verdict and counts, and the findings per rule. The findings
/// themselves are left to the annotations or the SARIF report of the same run.
struct ValidateMarkdown: ValidateRenderer {
    var out: OutputBuffer
    var failOn: Severity

    private struct FileRow {
        var source: String
        var counts = SeverityCounts()
        var failing = 0
    }

    private var rows: [FileRow] = []
    private var byCode: [String: Int] = [:]

    init(out: OutputBuffer, failOn: Severity) {
        self.out = out
        self.failOn = failOn
    }

    func render(_ document: ValidatedDocument) -> FindingTally {
        FindingTally(document, failOn: failOn)
    }

    mutating func add(_ tally: FindingTally) {
        if rows.last?.source != tally.source { rows.append(FileRow(source: tally.source)) }
        rows[rows.count - 1].counts.add(tally.counts)
        rows[rows.count - 1].failing += tally.failing
        for (code, count) in tally.byCode { byCode[code, default: 0] += count }
    }

    mutating func finish(_ summary: ValidateSummary) {
        out.line("## \(Tool.name) validate: " + (summary.passed ? "✅ passes" : "❌ fails"))
        out.line()
        out.line(summary.line + " · fails on \(summary.failOn.rawValue) · SDK profile \(summary.profile.name)"
                 + (summary.baselineLine.map { " · " + $0 } ?? ""))
        if !summary.unreadable.isEmpty {
            out.line()
            out.line("**Not checked** (the run fails until these can be read):")
            out.line()
            for failure in summary.unreadable { out.line("- " + Self.code(failure.path) + ": " + Self.cell(failure.reason)) }
        }
        if !rows.isEmpty {
            out.line()
            out.line("| file | verdict | errors | warnings | info |")
            out.line("|---|---|---:|---:|---:|")
            for row in rows {
                let verdict = row.failing > 0 ? "❌ fails" : (row.counts == SeverityCounts() ? "✅ clean" : "✅ passes")
                out.line("| \(Self.code(row.source)) | \(verdict) | \(row.counts.errors) | \(row.counts.warnings) | "
                         + "\(row.counts.infos) |")
            }
        }
        let ranked = FindingTally.ranked(byCode)
        if !ranked.isEmpty {
            out.line()
            out.line("| rule | findings | what it means |")
            out.line("|---|---:|---|")
            for row in ranked {
                out.line("| `\(row.code)` | \(row.count) | \(Self.cell(FindingTally.title(of: row.code))) |")
            }
        }
        if let limit = summary.maxWarnings, summary.counts.warnings > limit {
            out.line()
            out.line("\(summary.counts.warnings) warnings, more than --max-warnings \(limit).")
        }
    }

    /// A file name as code in a table cell: a backtick would end the span and a bar the cell.
    private static func code(_ text: String) -> String {
        "`" + cell(String(text.map { $0 == "`" ? "'" : $0 })) + "`"
    }

    /// Text in a table cell, on one line. (Not Foundation's `replacingOccurrences`: it
    /// links ICU's 34 MB of data into the static binary.)
    private static func cell(_ text: String) -> String {
        var cell = ""
        for character in text {
            switch character {
            case "|": cell += "\\|"
            case "\n", "\r\n", "\r": cell += " "
            default: cell.append(character)
            }
        }
        return cell
    }
}
