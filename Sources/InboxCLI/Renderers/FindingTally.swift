import InboxModel

/// How many findings one document has, by severity and by rule: what `--statistics` and
/// the Markdown summary show, counted on the worker that checked the document.
struct FindingTally {
    var source: String
    var counts = SeverityCounts()
    /// Findings at or above `--fail-on`.
    var failing = 0
    var byCode: [String: Int] = [:]

    init(_ document: ValidatedDocument, failOn: Severity) {
        source = document.source
        guard !document.isClean else { return }
        var counts = SeverityCounts()
        var failing = 0
        var byCode: [String: Int] = [:]
        document.forEachFinding { finding in
            counts.add(finding.severity)
            if finding.severity >= failOn { failing += 1 }
            byCode[finding.code, default: 0] += 1
        }
        self.counts = counts
        self.failing = failing
        self.byCode = byCode
    }

    /// The rules of `byCode`, most findings first, then by code (ruff's `--statistics` order).
    static func ranked(_ byCode: [String: Int]) -> [(code: String, count: Int)] {
        byCode.map { (code: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.code < $1.code }
    }

    /// A rule's title, from the catalogue.
    static func title(of code: String) -> String {
        RuleCatalogue.all.first { $0.description.code == code }?.description.title ?? ""
    }
}

/// `validate --statistics`: the number of findings of each rule instead of the findings,
/// most frequent first, as ruff prints them: `  12  IK101  title` (or, with `--format
/// json`, `[{"code", "title", "count"}]`).
struct ValidateStatistics: ValidateRenderer {
    var out: OutputBuffer
    var failOn: Severity
    var json: Bool
    private var byCode: [String: Int] = [:]

    init(out: OutputBuffer, failOn: Severity, json: Bool) {
        self.out = out
        self.failOn = failOn
        self.json = json
    }

    func render(_ document: ValidatedDocument) -> [String: Int] {
        FindingTally(document, failOn: failOn).byCode
    }

    mutating func add(_ fragment: [String: Int]) {
        for (code, count) in fragment { byCode[code, default: 0] += count }
    }

    mutating func finish(_ summary: ValidateSummary) {
        let ranked = FindingTally.ranked(byCode)
        guard !json else {
            let rows = ranked.map { row in
                JSONOut.object([("code", .string(row.code)), ("title", .string(FindingTally.title(of: row.code))),
                                ("count", .int(row.count))])
            }
            out.write(JSONOut.array(rows).serialized() + "\n")
            return
        }
        let width = String(ranked.first?.count ?? 0).count
        for row in ranked {
            let count = String(row.count)
            out.line(String(repeating: " ", count: width - count.count) + count + "  " + row.code + "  "
                     + FindingTally.title(of: row.code))
        }
        out.line(summary.line)
    }
}
