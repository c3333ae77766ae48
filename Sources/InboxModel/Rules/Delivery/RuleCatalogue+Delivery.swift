extension RuleCatalogue {
    /// IK1xx: delivery and campaign fields.
    static let delivery: [any Rule] = [
        NotInInbox(), InboxDaysRange(), InboxDateInvalid(), PlatformsLackIOS(), InboxFieldConflict(),
        AuthTokenInFile(), CustomDataAtRoot(), InboxElementDropped(), LocalisationUnusable(), ActionParamsObject(),
        SendDateInvalid(),
    ]
}
