/// One step of the layout heuristic used when no known `displayType` is given (BEHAVIOUR §5.2):
/// the first step whose conditions hold picks the kind; when none holds the card is `classic`.
public struct HeuristicChoice: Sendable {
    public var kind: CardKind
    /// Data the message must have.
    public var needs: [CardRequirement]
    /// Data the message must not have.
    public var lacks: [CardRequirement]

    public init(_ kind: CardKind, needs: [CardRequirement], lacks: [CardRequirement] = []) {
        self.kind = kind
        self.needs = needs
        self.lacks = lacks
    }

    func holds(for facts: CardFacts) -> Bool {
        needs.allSatisfy(facts.has) && !lacks.contains(where: facts.has)
    }
}
