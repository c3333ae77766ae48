/// Every rule, in code order. The one place a rule is registered: `rules`, `validate`,
/// SARIF metadata, README's table and the example test all read this list. Each family
/// of codes keeps its list in its own file (`RuleCatalogue+Family.swift`).
public enum RuleCatalogue {
    public static let all: [any Rule] = inCodeOrder(input + delivery + layout + urls + carousel + media + buttons
        + pinning + comparison + stories + size)

    public static func rule(_ code: String) -> (any Rule)? {
        all.first { $0.code == code.uppercased() }
    }

    public static var codes: [String] { all.map(\.code) }

    /// `rules` sorted by code, at every start. Each code is read once (through `any Rule`
    /// it copies the rule's whole description) and compared as its bytes: the codes are
    /// ASCII, where that is the order of `String`'s `<`, which cost some 3 000
    /// instructions per comparison (330 000 for the catalogue).
    private static func inCodeOrder(_ rules: [any Rule]) -> [any Rule] {
        let codes = rules.map { Array($0.code.utf8) }
        return rules.indices.sorted { codes[$0].lexicographicallyPrecedes(codes[$1]) }.map { rules[$0] }
    }
}
