extension RuleCatalogue {
    /// IK6xx: inline buttons.
    static let buttons: [any Rule] = [
        ButtonsNotArray(), TooManyButtons(), ButtonDropped(), UnknownAction(), UnusableButtonURL(), CustomWithURL(),
        EmptyCustomPayload(), ButtonsNotDrawn(), DangerousButtonURL(),
    ]
}
