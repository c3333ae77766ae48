extension RuleCatalogue {
    /// IK6xx: inline buttons.
    static let buttons: [any Rule] = []
}
