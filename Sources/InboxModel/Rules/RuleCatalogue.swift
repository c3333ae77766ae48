import InboxCore

/// Every rule, in code order. The one place a rule is registered: `rules`, `validate`,
/// SARIF metadata, README's table and the example test all read this list. Each family
/// of codes keeps its list in its own file (`RuleCatalogue+Family.swift`).
public enum RuleCatalogue {
    public static let all: [any Rule] = inCodeOrder(input + delivery + layout + urls + carousel + media + buttons
        + pinning + comparison + stories + size)

    public static func rule(_ code: RuleCode) -> (any Rule)? {
        all.first { $0.ruleCode == code }
    }

    /// The rule with the code written `code` (in any case).
    public static func rule(_ code: String) -> (any Rule)? { rule(RuleCode(code)) }

    public static var codes: [String] { all.map(\.code) }

    /// `rules` sorted by code, at every start. Each code is read once as a number: its
    /// bytes, big-endian, padded with zeros, which orders short ASCII codes as `String`'s
    /// `<` does. The families come nearly in order, so an insertion sort moves a few rules
    /// (cheaper at start-up than the library's sort). Other codes are sorted as Strings.
    private static func inCodeOrder(_ rules: [any Rule]) -> [any Rule] {
        let codes = rules.map(\.code)
        guard codes.allSatisfy({ $0.utf8.count <= 8 && $0.utf8.allSatisfy { $0 < 0x80 } }) else {
            return rules.indices.sorted { codes[$0] < codes[$1] }.map { rules[$0] }
        }
        let keys = codes.map { code in
            code.utf8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } << (8 * UInt64(8 - code.utf8.count))
        }
        var order = Array(rules.indices)
        for next in order.indices {
            let moving = order[next]
            var place = next
            while place > 0, keys[order[place - 1]] > keys[moving] {
                order[place] = order[place - 1]
                place -= 1
            }
            order[place] = moving
        }
        return order.map { rules[$0] }
    }
}
