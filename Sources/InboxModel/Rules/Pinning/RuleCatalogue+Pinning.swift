extension RuleCatalogue {
    /// IK7xx: pinning.
    static let pinning: [any Rule] = [PinnedWrongType(), NumericPinned()]
}
