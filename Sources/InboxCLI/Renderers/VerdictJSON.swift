import InboxModel

/// The verdict in the JSON contract: `"delivery": {"inbox", "ios", "card", "intended",
/// "reasons"}` on each message of resolve and buttons. `card` is null when the message
/// never reaches an iPhone's inbox; `intended` when the payload leaves the card to the SDK.
enum VerdictJSON {
    static func delivery(_ inspected: InspectedMessage) -> JSONOut {
        let verdict = DeliveryVerdict(inspected)
        return .object([
            ("inbox", .bool(verdict.inbox)),
            ("ios", .bool(verdict.ios)),
            ("card", verdict.shows ? .string(verdict.card.rawValue) : .null),
            ("intended", .optional(verdict.intended?.rawValue)),
            ("reasons", .array(verdict.reasons.map(JSONOut.string))),
        ])
    }
}
