import InboxModel
import InboxCore

/// The JSON document of the commands that list messages (resolve, buttons, stories), and
/// their exit code: inputs that are not payloads count the same way for all of them.
enum MessagesEnvelope {
    /// 2 for an unreadable path, 1 when a document yielded no message, else 0.
    static func exitCode(_ result: PipelineOutcome) -> Int32 {
        if result.pathFailed { return ExitCode.usage }
        return result.totals.unusableDocuments > 0 ? ExitCode.findings : ExitCode.success
    }
}

/// Writes `{"tool", "profile", "<list>": [...], <more>, "diagnostics": [...]}` as it goes,
/// so memory stays bounded on NDJSON of any length: the head before the first item, each
/// item as it is delivered, the rest at the end. The bytes are exactly those of
/// serialising the whole object with `JSONOut` at once.
///
/// The top-level diagnostics (findings about documents that hold no message) come after
/// the list, so they are kept until the end, already rendered, in a `SpillingBytes`
/// (appended to in place, and flat in memory however many there are).
struct MessagesJSONWriter {
    private let out: OutputBuffer
    /// The `profile` member: the profile's name, or `all` (`resolve --sdk all`).
    private let profileName: String
    private let listKey: String
    private var started = false
    private var items = 0
    private let findings = SpillingBytes()
    private var findingCount = 0

    /// Indentation of the list's items (depth 2) and of the envelope's members (depth 1).
    static let itemIndent = 4
    static let memberIndent = 2

    init(out: OutputBuffer, profile: SDKProfile, listKey: String) {
        self.init(out: out, profileName: profile.name, listKey: listKey)
    }

    init(out: OutputBuffer, profileName: String, listKey: String) {
        self.out = out
        self.profileName = profileName
        self.listKey = listKey
    }

    private mutating func start() {
        guard !started else { return }
        started = true
        var head: [UInt8] = Array("{\n  \"tool\": ".utf8)
        Self.append(JSONOut.tool(), indent: Self.memberIndent, to: &head)
        head += Array(",\n  \"profile\": ".utf8)
        JSONText.appendQuoted(profileName, to: &head)
        head += Array(",\n  ".utf8)
        JSONText.appendQuoted(listKey, to: &head)
        head += Array(": [".utf8)
        out.write(bytes: head)
    }

    /// One item of the list.
    mutating func add(_ item: JSONOut) {
        add { Self.append(item, indent: Self.itemIndent, to: &$0) }
    }

    /// One item of the list, rendered by `render` at the list's indentation (see `append`).
    mutating func add(_ render: (inout [UInt8]) -> Void) {
        start()
        let first = items == 0
        items += 1
        out.append { bytes in
            if !first { bytes.append(UInt8(ascii: ",")) }
            bytes += [0x0A, 0x20, 0x20, 0x20, 0x20]
            render(&bytes)
        }
    }

    /// A finding about a document with no message, for the closing `diagnostics`.
    mutating func addFinding(_ diagnostic: Diagnostic) {
        var rendered: [UInt8] = findingCount > 0 ? [UInt8(ascii: ",")] : []
        findingCount += 1
        rendered += [0x0A, 0x20, 0x20, 0x20, 0x20]
        Self.append(JSONOut.diagnostic(diagnostic), indent: Self.itemIndent, to: &rendered)
        rendered.withSpan { findings.append($0) }
    }

    /// Closes the list, writes `more` members and the diagnostics, and ends the document.
    mutating func finish(more: [(String, JSONOut)] = []) {
        start()
        var tail: [UInt8] = items > 0 ? Array("\n  ]".utf8) : Array("]".utf8)
        for (key, value) in more {
            tail += Array(",\n  ".utf8)
            JSONText.appendQuoted(key, to: &tail)
            tail += Array(": ".utf8)
            Self.append(value, indent: Self.memberIndent, to: &tail)
        }
        tail += Array(",\n  \"diagnostics\": ".utf8)
        if findingCount > 0 {
            tail.append(UInt8(ascii: "["))
            out.write(bytes: tail)
            findings.write(to: out)
            tail = Array("\n  ]".utf8)
        } else {
            tail += Array("[]".utf8)
        }
        tail += Array("\n}\n".utf8)
        out.write(bytes: tail)
    }

    /// `value` serialised as `JSONOut` does, as if nested `indent` spaces deep: every line
    /// after the first is indented (strings never hold a raw line break, so each one in
    /// the text is a break between lines).
    static func append(_ value: JSONOut, indent: Int, to bytes: inout [UInt8]) {
        value.serialized().withUTF8Span { utf8 in
            bytes.reserveCapacity(bytes.count + utf8.count + utf8.count / 4)
            var start = 0
            for index in utf8.indices where utf8[index] == 0x0A {
                bytes.append(contentsOf: utf8.extracting(start ... index))
                bytes.append(contentsOf: repeatElement(0x20, count: indent))
                start = index + 1
            }
            bytes.append(contentsOf: utf8.extracting(start...))
        }
    }
}
