extension RuleCatalogue {
    /// IK1xx: delivery and campaign fields.
    static let delivery: [any Rule] = []
}
