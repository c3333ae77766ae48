extension RuleCatalogue {
    /// IK206: results compared across SDK profiles (`validate --min-sdk`).
    static let comparison: [any Rule] = [ProfileDifference()]
}
