extension RuleCatalogue {
    /// IK8xx: Push Stories.
    static let stories: [any Rule] = []
}
