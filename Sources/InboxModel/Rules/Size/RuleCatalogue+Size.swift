extension RuleCatalogue {
    /// IK9xx: APNs payload size.
    static let size: [any Rule] = [PayloadTooLarge(), PayloadNearLimit()]
}
