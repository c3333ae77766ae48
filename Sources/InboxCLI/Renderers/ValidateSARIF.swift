import InboxModel
import InboxCore

/// `validate --format sarif`: SARIF 2.1.0, the format code-scanning services (GitHub code
/// scanning, Azure DevOps, IDE viewers) import. Every rule of the catalogue is described in
/// `tool.driver.rules` (title, explanation, examples, default level) so a result can be
/// explained without the tool; each result has the file, line and column, and the JSON
/// Pointer as a logical location.
///
/// Files under the working directory are named by URIs relative to `%SRCROOT%` (declared in
/// `originalUriBaseIds` as the working directory), as code-scanning services expect; the
/// run's `invocations` record the exit code, the command line and each path that could
/// not be read (then `executionSuccessful` is false).
///
/// The results are written as each document is checked, like validate's JSON: the run's
/// `properties` (profile, summary line), known only at the end, come after `results`
/// (member order carries no meaning in SARIF), so memory stays bounded however many
/// findings a large input has.
struct ValidateSARIF: ValidateRenderer {
    var out: OutputBuffer
    private var started = false
    private var resultCount = 0

    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    static let sourceRoot = "%SRCROOT%"

    /// Each rule code's index in `tool.driver.rules`, by the code's bytes.
    private let ruleIndex: RuleIndex
    private let paths: SourcePath

    init(out: OutputBuffer, paths: SourcePath = .current()) {
        self.out = out
        self.paths = paths
        ruleIndex = RuleIndex(RuleCatalogue.all.map(\.code))
    }

    /// A document's results, serialised as elements of `runs[0].results`: each on its own
    /// line, indented to that depth, each after a comma (`add` leaves out the first one of
    /// all).
    struct Fragment {
        var bytes = ByteBuffer()
        var count = 0
    }

    func render(_ document: ValidatedDocument) -> Fragment {
        guard !document.isClean else { return Fragment() }
        var fragment = Fragment()
        Self.location(document.source, paths: paths).withSpan { documentURI in
            document.forEachFindingListByPosition { findings in
                for index in findings.indices {
                    // Read in place: a copy of the finding would be a retain and a release.
                    if findings[index].hasSource(document.source) {
                        findings.withParts(at: index) {
                            Self.write($0, $1, $2, $3, uri: documentURI, ruleIndex: ruleIndex, to: &fragment.bytes)
                        }
                    } else {
                        Self.location(findings[index].source, paths: paths).withSpan { uri in
                            findings.withParts(at: index) {
                                Self.write($0, $1, $2, $3, uri: uri, ruleIndex: ruleIndex, to: &fragment.bytes)
                            }
                        }
                    }
                }
                fragment.count += findings.count
            }
        }
        return fragment
    }

    mutating func add(_ fragment: Fragment) {
        start()
        guard fragment.count > 0 else { return }
        let skipped = resultCount == 0 ? 1 : 0 // the first result of all has no comma before it
        fragment.bytes.withSpan { out.write($0.extracting(skipped...)) }
        resultCount += fragment.count
    }

    mutating func finish(_ summary: ValidateSummary) {
        start()
        out.write(resultCount > 0 ? "\n      ],\n" : "],\n")
        let notifications = summary.unreadable.map { failure -> JSONOut in
            .object([
                ("level", .string("error")),
                ("message", .object([("text", .string(failure.message))])),
                ("locations", .array([.object([("physicalLocation", .object([
                    ("artifactLocation", artifactLocation(failure.path)),
                ]))])])),
            ])
        }
        var invocation: [(String, JSONOut)] = [
            ("executionSuccessful", .bool(summary.exitCode != ExitCode.usage)),
            ("exitCode", .int(Int(summary.exitCode))),
            ("commandLine", .string(([Tool.name] + summary.arguments).map(Self.shellWord).joined(separator: " "))),
            ("arguments", .array(summary.arguments.map(JSONOut.string))),
        ]
        if !notifications.isEmpty { invocation.append(("toolExecutionNotifications", .array(notifications))) }
        let root = paths.root.utf8.first == UInt8(ascii: "/") ? "file://" + Self.uri(paths.root) : Self.uri(paths.root)
        out.write("      \"invocations\": " + Self.indented(JSONOut.array([.object(invocation)])) + ",\n")
        out.write("      \"originalUriBaseIds\": " + Self.indented(JSONOut.object([
            (Self.sourceRoot, .object([("uri", .string(root))])),
        ])) + ",\n")
        // The run's properties, laid out as `JSONOut.serialized()` would at their depth.
        out.write("      \"properties\": {\n        \"profile\": " + JSONText.quote(summary.profile.name)
                  + ",\n        \"summary\": " + JSONText.quote(summary.line) + "\n      }\n    }\n  ]\n}\n")
    }

    /// Everything before the first result: the log, the run's tool with every rule, and
    /// `"results": [`, laid out by `JSONOut.serialized()`.
    private mutating func start() {
        guard !started else { return }
        started = true
        let driver = JSONOut.object([
            ("name", .string(Tool.name)), ("version", .string(Tool.version)),
            ("semanticVersion", .string(Tool.version)),
            ("rules", .array(RuleCatalogue.all.map(Self.rule))),
        ])
        let run = JSONOut.object([
            ("tool", .object([("driver", driver)])),
            ("columnKind", .string("unicodeCodePoints")),
            ("results", .array([])),
        ])
        let skeleton = JSONOut.object([
            ("$schema", .string(Self.schema)), ("version", .string("2.1.0")), ("runs", .array([run])),
        ]).serialized()
        // `results` is the last member written here: its `[]` is the last one in the text.
        let head = skeleton.utf8.count - "[]\n    }\n  ]\n}".utf8.count
        out.write(String(decoding: skeleton.utf8.prefix(head), as: UTF8.self) + "[")
    }

    /// `value` serialised as a member of a run (depth 3).
    private static func indented(_ value: JSONOut) -> String {
        value.serialized().split(separator: "\n", omittingEmptySubsequences: false)
            .joined(separator: "\n      ")
    }

    /// A word of the command line as a POSIX shell reads it back: quoted when it has to be.
    static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"),
                 UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                 UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "="), UInt8(ascii: ","), UInt8(ascii: "+"),
                 UInt8(ascii: "%"), UInt8(ascii: "@"):
                return true
            default:
                return false
            }
        }
        return plain ? word : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// The `artifactLocation` of a path: relative to `%SRCROOT%` when it is under the
    /// working directory, else an absolute `file:` URI.
    private func artifactLocation(_ source: String) -> JSONOut {
        let relative = paths.relative(source)
        if relative.hasPrefix("/") { return .object([("uri", .string("file://" + Self.uri(relative)))]) }
        return .object([("uri", .string(Self.uri(relative))), ("uriBaseId", .string(Self.sourceRoot))])
    }

    /// `artifactLocation`'s members as the bytes `write` puts between the quotes of `uri`:
    /// `Examples/a.json", "uriBaseId": "%SRCROOT%` (laid out at their depth), made once per
    /// document.
    private static func location(_ source: String, paths: SourcePath) -> [UInt8] {
        let relative = paths.relative(source)
        if relative.hasPrefix("/") { return Array("file://".utf8) + Self.uriBytes(relative) }
        return Self.uriBytes(relative) + Array("\",\n                  \"uriBaseId\": \"\(Self.sourceRoot)".utf8)
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    /// One result, after a comma, at depth 4 (an element of `runs[0].results`), laid out
    /// as `JSONOut.serialized()` lays it out there: the keys are constant copies, the code,
    /// message and pointer are escaped straight from the finding's bytes, and the URI
    /// (percent-encoded, so nothing in it needs escaping) is copied.
    private static func write(_ code: Span<UInt8>, _ message: Span<UInt8>, _ pointer: Span<UInt8>,
                              _ fields: FindingFields, uri: Span<UInt8>, ruleIndex: RuleIndex,
                              to buffer: inout ByteBuffer) {
        let room = 420 + 2 * ByteWriter.decimalRoom + uri.count + 2 * ByteWriter.escapedRoom(code.count)
            + ByteWriter.escapedRoom(message.count) + 2 * ByteWriter.escapedRoom(pointer.count)
        buffer.write(reserving: room) { out in
            out.append(",\n        {\n          \"ruleId\": \"")
            out.appendEscaped(code)
            if let index = ruleIndex[code] {
                out.append("\",\n          \"ruleIndex\": ")
                out.append(decimal: index)
                out.append(",\n          \"level\": \"")
            } else {
                out.append("\",\n          \"level\": \"")
            }
            switch fields.severity {
            case .error: out.append("error")
            case .warning: out.append("warning")
            case .info: out.append("note")
            }
            out.append("\",\n          \"message\": {\n            \"text\": \"")
            out.appendEscaped(message)
            out.append("\"\n          },\n          \"locations\": [\n            {\n              \"physicalLocation\": {\n")
            out.append("                \"artifactLocation\": {\n                  \"uri\": \"")
            out.append(uri)
            out.append("\"\n                },\n                \"region\": {\n                  \"startLine\": ")
            out.append(decimal: fields.line)
            out.append(",\n                  \"startColumn\": ")
            out.append(decimal: fields.column)
            out.append("\n                }\n              }")
            if !pointer.isEmpty {
                out.append(",\n              \"logicalLocations\": [\n                {\n")
                out.append("                  \"fullyQualifiedName\": \"")
                out.appendEscaped(pointer)
                out.append("\",\n                  \"kind\": \"member\"\n                }\n              ]")
            }
            out.append("\n            }\n          ],\n          \"properties\": {\n            \"pointer\": \"")
            out.appendEscaped(pointer)
            out.append("\"\n          }\n        }")
        }
    }

    static func rule(_ rule: any Rule) -> JSONOut {
        let description = rule.description
        return .object([
            ("id", .string(description.code)),
            // The type's name, as `String(describing:)` prints a type, without its search for
            // the conformances a value could print itself through (slower than all the results).
            ("name", .string(_typeName(type(of: rule), qualified: false))),
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
        String(decoding: uriBytes(path), as: UTF8.self)
    }

    /// `uri` as bytes, written once per document and copied into each of its results.
    static func uriBytes(_ path: String) -> [UInt8] {
        let hex: StaticString = "0123456789ABCDEF"
        var out: [UInt8] = []
        out.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"),
                 UInt8(ascii: "0") ... UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out.append(UInt8(ascii: "%"))
                out.append(hex.utf8Start[Int(byte >> 4)])
                out.append(hex.utf8Start[Int(byte & 0x0F)])
            }
        }
        return out
    }
}

/// Rule codes to their index in the catalogue, looked up by a finding's code bytes
/// without making a `String` per finding: a code of up to seven bytes (all of them are
/// five) is packed into a word, the key of the table. A code listed twice maps to its
/// last place, as before.
struct RuleIndex {
    private var packed: [UInt64: Int] = [:]
    private var long: [String: Int] = [:]

    init(_ codes: [String]) {
        for (index, code) in codes.enumerated() {
            let bytes = Array(code.utf8)
            if let key = bytes.withSpan(Self.key) {
                packed[key] = index
            } else {
                long[code] = index
            }
        }
    }

    subscript(code: Span<UInt8>) -> Int? {
        if let key = Self.key(code) { return packed[key] }
        var bytes: [UInt8] = []
        bytes.append(contentsOf: code)
        return long[String(decoding: bytes, as: UTF8.self)]
    }

    /// The bytes as a word, the first lowest, and the length in the top byte (so `IK1`
    /// and `IK1\0` differ); nil for more than seven bytes.
    private static func key(_ bytes: Span<UInt8>) -> UInt64? {
        guard bytes.count < 8 else { return nil }
        var word = UInt64(bytes.count) << 56
        for offset in bytes.indices { word |= UInt64(bytes[offset]) << (UInt64(offset) * 8) }
        return word
    }
}
