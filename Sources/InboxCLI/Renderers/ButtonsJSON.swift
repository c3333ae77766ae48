import InboxModel
import InboxCore

/// The contract's `<button>`: `title`, `action`, then `url` (openURL only) or `payload`
/// (custom only). Payload values go through `JSONOut.from`, so an `auth` is masked.
enum ButtonsJSON {
    static func button(_ button: Button) -> JSONOut {
        var keys: [(String, JSONOut)] = [("title", .string(button.title)), ("action", .string(button.action.kind.rawValue))]
        switch button.action {
        case .openURL(let url): keys += ShownURL.json("url", url.string)
        case .custom(let payload): keys.append(("payload", self.payload(payload)))
        case .dismiss, .markRead: break
        }
        return .object(keys)
    }

    static func payload(_ payload: CustomPayload) -> JSONOut {
        .object(payload.members.map { member in
            (member.key, Redaction.isSecret(key: member.key) ? .string(Redaction.mask) : JSONOut.from(member.value))
        })
    }

    static func buttons(_ resolution: Resolution) -> JSONOut {
        .array(resolution.buttons.buttons.map(button))
    }

    /// One message of `buttons --format json`.
    static func message(_ inspected: InspectedMessage, _ findings: [Diagnostic]) -> JSONOut {
        let message = inspected.message
        let resolution = inspected.resolution
        return .object([
            ("source", .string(message.source)),
            ("pointer", .string(message.pointer)),
            ("line", .int(message.position.line)),
            ("column", .int(message.position.column)),
            ("layout", .string(resolution.layout.rawValue)),
            ("buttons", buttons(resolution)),
            ("buttonsRendered", .bool(resolution.buttonsRendered)),
            ("delivery", VerdictJSON.delivery(inspected)),
            ("diagnostics", .array(findings.map(JSONOut.diagnostic))),
        ])
    }
}
