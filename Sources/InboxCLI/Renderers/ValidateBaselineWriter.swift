import InboxModel
import InboxCore

/// `--write-baseline FILE`: today's findings, counted by key (`BaselineKey`) and written
/// sorted at the end, one finding a line, so the file diffs well when it is updated.
struct ValidateBaselineWriter: ValidateRenderer {
    var out: OutputBuffer
    let paths: SourcePath
    private var counts: [BaselineKey: Int] = [:]

    init(out: OutputBuffer, paths: SourcePath) {
        self.out = out
        self.paths = paths
    }

    func render(_ document: ValidatedDocument) -> [BaselineKey] {
        guard !document.isClean else { return [] }
        var keys: [BaselineKey] = []
        document.forEachFinding { keys.append(BaselineKey($0, paths: paths)) }
        return keys
    }

    mutating func add(_ keys: [BaselineKey]) {
        for key in keys { counts[key, default: 0] += 1 }
    }

    mutating func finish(_ summary: ValidateSummary) {
        out.write("{\n  \"tool\": \(JSONText.quote(Tool.name)),\n  \"version\": \(FindingBaseline.formatVersion),\n")
        out.write("  \"findings\": [")
        for (index, key) in counts.keys.sorted().enumerated() {
            out.write(index == 0 ? "\n" : ",\n")
            out.write("    {\"source\": \(JSONText.quote(key.source)), \"code\": \(JSONText.quote(key.code)), "
                      + "\"pointer\": \(JSONText.quote(key.pointer)), \"message\": \(JSONText.quote(key.message)), "
                      + "\"count\": \(counts[key] ?? 1)}")
        }
        out.write(counts.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    }
}
