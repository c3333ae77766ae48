import InboxModel
import InboxCore

/// The findings a team accepted when it adopted the gate (`--write-baseline FILE`), and
/// the filter that hides them from later runs (`--baseline FILE`). A finding is matched
/// by rule, file, JSON Pointer and message, never by line, so editing a file above a known
/// finding does not bring it back; a key recorded N times hides N findings, so a new copy
/// of a known mistake is still reported.
///
/// The file (docs in README, "Adopting the gate on an old repository"):
/// `{"tool": "inbox-inspector", "version": 1, "findings": [{"source", "code", "pointer",
/// "message", "count"}]}`, sorted by source, code, pointer, message.
struct BaselineKey: Hashable, Comparable {
    var source: String
    var code: String
    var pointer: String
    var message: String

    init(source: String, code: String, pointer: String, message: String) {
        self.source = source
        self.code = code
        self.pointer = pointer
        self.message = message
    }

    init(_ finding: Diagnostic, paths: SourcePath) {
        self.init(source: paths.relative(finding.source), code: finding.code, pointer: finding.pointer,
                  message: finding.message)
    }

    static func < (a: BaselineKey, b: BaselineKey) -> Bool {
        (a.source, a.code, a.pointer, a.message) < (b.source, b.code, b.pointer, b.message)
    }
}

/// `--baseline FILE`: hides the recorded findings, in input order, on the main thread (so
/// which copy of a repeated key is the new one does not depend on the workers).
final class FindingBaseline {
    static let formatVersion = 1
    private var remaining: [BaselineKey: Int]
    private let paths: SourcePath
    /// How many findings the baseline hid so far.
    private(set) var hidden = 0

    init(counts: [BaselineKey: Int], paths: SourcePath) {
        remaining = counts
        self.paths = paths
    }

    /// Reads a baseline file; a file that is not one is a usage error naming where it broke.
    static func load(_ path: String, bytes: [UInt8], paths: SourcePath) throws -> FindingBaseline {
        func failure(_ message: String, _ position: SourcePosition? = nil) -> UsageError {
            let place = position.map { ":\($0.line):\($0.column)" } ?? ""
            return UsageError("baseline \(path)\(place): \(message)")
        }
        let document: JSONDocument
        switch JSONDocument.parse(bytes) {
        case .failure(let issue): throw failure(issue.message, issue.position)
        case .success(let parsed): document = parsed
        }
        return try withExtendedLifetime(document) {
            let root = document.root
            guard root.kind == .object, let findings = root["findings"], findings.kind == .array else {
                throw failure("not a baseline: expected {\"findings\": [...]} (write one with --write-baseline)")
            }
            if let version = root["version"]?.number, Int(version) != formatVersion {
                throw failure("version \(version) is not one this inspector reads (\(formatVersion))")
            }
            var counts: [BaselineKey: Int] = [:]
            for entry in findings.elements {
                guard let source = entry["source"]?.string, let code = entry["code"]?.string,
                      let pointer = entry["pointer"]?.string, let message = entry["message"]?.string else {
                    throw failure("each finding needs source, code, pointer and message strings", entry.position)
                }
                let count = entry["count"]?.number ?? 1
                guard count >= 1, count.rounded() == count, count < 1e9 else {
                    throw failure("count must be a whole number ≥ 1", entry.position)
                }
                let key = BaselineKey(source: paths.relative(source), code: code, pointer: pointer, message: message)
                counts[key, default: 0] += Int(count)
            }
            return FindingBaseline(counts: counts, paths: paths)
        }
    }

    /// The document without the findings the baseline still holds (each one used up).
    func removeKnown(from document: ValidatedDocument) -> ValidatedDocument {
        guard !remaining.isEmpty, !document.isClean else { return document }
        var kept = document
        kept.findings = unknown(document.findings)
        kept.messages = ValidatedMessages(inspected: document.messages.inspected,
                                          findings: document.messages.findings.map(unknown))
        return kept
    }

    private func unknown(_ findings: [Diagnostic]) -> [Diagnostic] {
        findings.filter { finding in
            let key = BaselineKey(finding, paths: paths)
            guard let count = remaining[key] else { return true }
            remaining[key] = count > 1 ? count - 1 : nil
            hidden += 1
            return false
        }
    }
}
