import Foundation
import InboxModel

/// `validate --format sarif`: SARIF 2.1.0, the format code-scanning services (GitHub code
/// scanning, Azure DevOps, IDE viewers) import. Every rule of the catalogue is described in
/// `tool.driver.rules` (title, explanation, examples, default level) so a result can be
/// explained without the tool; each result has the file, line and column, and the JSON
/// Pointer as a logical location.
struct ValidateSARIF: ValidateRenderer {
    var out: OutputBuffer
    /// The `results` array's elements written so far, comma-separated; the summary in
    /// `run.properties` comes before them, so they wait for `finish`.
    private var results: [UInt8] = []
    private var resultCount = 0

    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    private let ruleIndex: [String: Int]

    init(out: OutputBuffer) {
        self.out = out
        var index: [String: Int] = [:]
        for (position, rule) in RuleCatalogue.all.enumerated() { index[rule.code] = position }
        ruleIndex = index
    }

    /// A document's results, serialised as elements of `runs[0].results`: each on its own
    /// line, indented to that depth, commas between them (`add` puts one before the
    /// fragment when results came before it).
    struct Fragment {
        var bytes: [UInt8] = []
        var count = 0
    }

    /// Where the results array sits in the output (`runs[0].results`, depth 3): its
    /// elements start on a new line at depth 4, and it closes on one at depth 3.
    private static let resultIndent = "\n" + String(repeating: "  ", count: 4)
    private static let resultsClose = "\n" + String(repeating: "  ", count: 3) + "]"

    func render(_ document: ValidatedDocument) -> Fragment {
        var fragment = Fragment()
        var text = ""
        document.forEachFindingByPosition { finding in
            if fragment.count > 0 { text += "," }
            text += Self.resultIndent
            // Strings are escaped, so every newline of the serialised value is layout.
            text += result(finding).serialized().replacingOccurrences(of: "\n", with: Self.resultIndent)
            fragment.count += 1
        }
        fragment.bytes = Array(text.utf8)
        return fragment
    }

    mutating func add(_ fragment: Fragment) {
        guard fragment.count > 0 else { return }
        if resultCount > 0 { results.append(UInt8(ascii: ",")) }
        results.append(contentsOf: fragment.bytes)
        resultCount += fragment.count
    }

    mutating func finish(_ summary: ValidateSummary) {
        let driver = JSONOut.object([
            ("name", .string(Tool.name)), ("version", .string(Tool.version)),
            ("semanticVersion", .string(Tool.version)),
            ("rules", .array(RuleCatalogue.all.map(Self.rule))),
        ])
        let run = JSONOut.object([
            ("tool", .object([("driver", driver)])),
            ("columnKind", .string("unicodeCodePoints")),
            ("properties", .object([("profile", .string(summary.profile.name)),
                                    ("summary", .string(summary.line))])),
            ("results", .array([])),
        ])
        let skeleton = JSONOut.object([
            ("$schema", .string(Self.schema)), ("version", .string("2.1.0")), ("runs", .array([run])),
        ]).serialized()
        // `results` is the run's last member: its `[]` is the last one in the text, and
        // the elements rendered by the workers go between those brackets.
        guard resultCount > 0, let empty = skeleton.range(of: "[]", options: .backwards) else {
            out.line(skeleton)
            return
        }
        out.write(String(skeleton[..<empty.lowerBound]) + "[")
        out.write(bytes: results)
        out.write(Self.resultsClose)
        out.line(String(skeleton[empty.upperBound...]))
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    private func result(_ finding: Diagnostic) -> JSONOut {
        var location: [(String, JSONOut)] = [
            ("physicalLocation", .object([
                ("artifactLocation", .object([("uri", .string(Self.uri(finding.source)))])),
                ("region", .object([("startLine", .int(finding.line)), ("startColumn", .int(finding.column))])),
            ])),
        ]
        if !finding.pointer.isEmpty {
            location.append(("logicalLocations", .array([.object([
                ("fullyQualifiedName", .string(finding.pointer)), ("kind", .string("member")),
            ])])))
        }
        var keys: [(String, JSONOut)] = [("ruleId", .string(finding.code))]
        if let index = ruleIndex[finding.code] { keys.append(("ruleIndex", .int(index))) }
        keys += [
            ("level", .string(Self.level(finding.severity))),
            ("message", .object([("text", .string(finding.message))])),
            ("locations", .array([.object(location)])),
            ("properties", .object([("pointer", .string(finding.pointer))])),
        ]
        return .object(keys)
    }

    static func rule(_ rule: any Rule) -> JSONOut {
        let description = rule.description
        return .object([
            ("id", .string(description.code)),
            ("name", .string(String(describing: type(of: rule)))),
            ("shortDescription", .object([("text", .string(description.title))])),
            ("fullDescription", .object([("text", .string(description.explanation))])),
            ("help", .object([("text", .string(helpText(description)))])),
            ("defaultConfiguration", .object([("level", .string(level(description.severity)))])),
            ("properties", .object([("tags", .array([.string(family(description.code))]))])),
        ])
    }

    /// The family of a code (IK6xx → buttons), as a tag code-scanning UIs filter by.
    static func family(_ code: String) -> String {
        let families = ["input", "delivery", "layout", "urls", "carousel", "media", "buttons", "pinning", "stories",
                        "size"]
        let digit = code.dropFirst(2).first.flatMap { Int(String($0)) } ?? 0
        return families[min(digit, families.count - 1)]
    }

    static func helpText(_ rule: RuleDescription) -> String {
        var text = rule.explanation
        if let trigger = rule.triggers.first { text += "\n\nTriggers on:\n  " + trigger.payload.prefix(300) }
        if let pass = rule.passes.first { text += "\n\nDoes not trigger on:\n  " + pass.payload.prefix(300) }
        return text + "\n\nMore: inbox-inspector rules \(rule.code)"
    }

    /// A relative URI reference for a path: characters outside the unreserved set and `/`
    /// are percent-encoded, so a path with spaces stays a valid URI.
    static func uri(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"),
                 UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 0x0F)])"
            }
        }
        return out
    }
}
