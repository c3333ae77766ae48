extension RuleCatalogue {
    /// IK0xx: reading the input.
    static let input: [any Rule] = [
        JSONSyntax(), DuplicateKey(), UnrecognisedShape(), EmptyInput(), InvalidText(), NestingTooDeep(),
        NestedJSONInvalid(), NumberOutOfRange(), DocumentTooLarge(),
    ]
}
