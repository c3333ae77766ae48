extension Resolution {
    /// Every requirement of the requested layout that the message lacks, in the order the
    /// release checks them; empty unless the card degraded. `reason` names only the first,
    /// which is what the SDK logs, but a marketer fixing the payload needs all of them.
    public var missingRequirements: [CardRequirement] {
        guard degraded else { return [] }
        return profile.requirements(of: requested).filter { !facts.has($0) }
    }
}
