/// A payload used as a rule's example: the rule must report it (trigger) or must not (pass).
public struct RuleExample: Sendable {
    public var payload: String
    /// The profile the example is evaluated under (`--sdk`).
    public var profile: SDKProfile
    /// Extra options an example needs, as command-line words (e.g. `["--min-sdk", "7.0"]`).
    public var arguments: [String]
    /// An Info.plist (XML text) the example is checked against with `--plist`.
    public var plist: String?

    public init(_ payload: String, profile: SDKProfile = .latest, arguments: [String] = [], plist: String? = nil) {
        self.payload = payload
        self.profile = profile
        self.arguments = arguments
        self.plist = plist
    }
}

/// What a rule is, for people: shown by `rules CODE`, listed in README, put in SARIF.
public struct RuleDescription: Sendable {
    public var code: String
    public var severity: Severity
    public var title: String
    public var explanation: String
    public var triggers: [RuleExample]
    public var passes: [RuleExample]

    public init(code: String, severity: Severity, title: String, explanation: String,
                triggers: [RuleExample], passes: [RuleExample]) {
        self.code = code
        self.severity = severity
        self.title = title
        self.explanation = explanation
        self.triggers = triggers
        self.passes = passes
    }
}

/// A rule: a description with examples, and the checks that produce its diagnostics.
/// A rule reads what the model computed (parse issues, messages, resolutions) and never
/// prints; adding a rule is adding one file and one line in `RuleCatalogue`.
public protocol Rule: Sendable {
    var description: RuleDescription { get }
    /// Findings about a whole document (parse errors, unrecognised shapes).
    func check(document: InspectedDocument, into report: inout Report)
    /// Findings about one message.
    func check(message: InspectedMessage, into report: inout Report)
}

extension Rule {
    public var code: String { description.code }
    public func check(document: InspectedDocument, into report: inout Report) {}
    public func check(message: InspectedMessage, into report: inout Report) {}
}
