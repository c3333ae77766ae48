extension RuleCatalogue {
    /// IK2xx: layout resolution.
    static let layout: [any Rule] = []
}
