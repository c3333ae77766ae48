/// Every rule, in code order. The one place a rule is registered: `rules`, `validate`,
/// SARIF metadata, README's table and the example test all read this list. Each family
/// of codes keeps its list in its own file (`RuleCatalogue+Family.swift`).
public enum RuleCatalogue {
    public static let all: [any Rule] = (input + delivery + layout + urls + carousel + media + buttons + pinning
        + comparison + stories + size).sorted { $0.code < $1.code }

    public static func rule(_ code: String) -> (any Rule)? {
        all.first { $0.code == code.uppercased() }
    }

    public static var codes: [String] { all.map(\.code) }
}
