extension RuleCatalogue {
    /// IK3xx: URLs and images.
    static let urls: [any Rule] = [
        NoScheme(), PlainHTTP(), DangerousMediaScheme(), URLNeedsEncoding(), ImageDisagreement(), URLRejectedLink(),
        URLRejectedCard(), URLRejectedImage(),
    ]
}
