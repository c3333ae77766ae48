import InboxModel
import InboxCore

/// A JSON value to print. Renderers build these and serialise once, so key order is
/// exactly the contract's order and every string is escaped in one place.
indirect enum JSONOut {
    case null
    case bool(Bool)
    case int(Int)
    case number(String)
    case string(String)
    case array([JSONOut])
    case object([(String, JSONOut)])

    static func optional(_ text: String?) -> JSONOut { text.map(JSONOut.string) ?? .null }

    /// A URL, its credential query parameters masked (`Redaction.maskingCredentials`).
    static func url(_ text: String?) -> JSONOut { text.map { .string(Redaction.maskingCredentials($0)) } ?? .null }

    /// Copies a payload value for output; an `auth` member's value (or another
    /// credential's, `Redaction.isSecret`) is never printed.
    static func from(_ value: JSONValue) -> JSONOut {
        switch value.kind {
        case .null: return .null
        case .bool: return .bool(value.bool ?? false)
        case .number: return .number(value.numberText ?? "0")
        case .string: return .string(value.string ?? "")
        case .array: return .array(value.elements.map(from))
        case .object:
            return .object(value.members.map { member in
                (member.key, Redaction.isSecret(key: member.key) ? .string(Redaction.mask) : from(member.value))
            })
        }
    }

    /// Serialises with two-space indentation (`pretty`) or compactly.
    func serialized(pretty: Bool = true) -> String {
        var text = ""
        write(into: &text, pretty: pretty, depth: 0)
        return text
    }

    private func newline(_ text: inout String, _ pretty: Bool, _ depth: Int) {
        guard pretty else { return }
        text += "\n"
        text += String(repeating: "  ", count: depth)
    }

    /// Containers nested deeper than this are written compactly, on one line: indented,
    /// a payload nested hundreds deep became an output quadratic in its depth.
    static let prettyDepthLimit = 32

    private func write(into text: inout String, pretty: Bool, depth: Int) {
        let pretty = pretty && depth < Self.prettyDepthLimit
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .int(let value): text += String(value)
        case .number(let raw): text += raw
        case .string(let value): text += JSONText.quote(value)
        case .array(let elements):
            guard !elements.isEmpty else { text += "[]"; return }
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                newline(&text, pretty, depth + 1)
                element.write(into: &text, pretty: pretty, depth: depth + 1)
            }
            newline(&text, pretty, depth)
            text += "]"
        case .object(let members):
            guard !members.isEmpty else { text += "{}"; return }
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                newline(&text, pretty, depth + 1)
                text += JSONText.quote(member.0)
                text += pretty ? ": " : ":"
                member.1.write(into: &text, pretty: pretty, depth: depth + 1)
            }
            newline(&text, pretty, depth)
            text += "}"
        }
    }
}

extension JSONOut {
    static func diagnostic(_ diagnostic: Diagnostic) -> JSONOut {
        .object([
            ("code", .string(diagnostic.code)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
            ("source", .string(diagnostic.source)),
            ("pointer", .string(diagnostic.pointer)),
            ("line", .int(diagnostic.line)),
            ("column", .int(diagnostic.column)),
        ])
    }

    static func tool() -> JSONOut {
        .object([("name", .string(Tool.name)), ("version", .string(Tool.version))])
    }
}
