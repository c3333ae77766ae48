import InboxCore

/// A payload used as a rule's example: the rule must report it (trigger) or must not (pass).
public struct RuleExample: Sendable {
    public var payload: String
    /// The profile the example is evaluated under (`--sdk`).
    public var profile: SDKProfile
    /// Extra options an example needs, as command-line words (e.g. `["--min-sdk", "7.0"]`).
    public var arguments: [String]
    /// An Info.plist (XML text) the example is checked against with `--plist`.
    public var plist: String?

    public init(_ payload: String, profile: SDKProfile = .standard, arguments: [String] = [], plist: String? = nil) {
        self.payload = payload
        self.profile = profile
        self.arguments = arguments
        self.plist = plist
    }
}

/// What a rule is, for people: shown by `rules CODE`, listed in README, put in SARIF.
///
/// Its fields are kept in one immutable box (`Storage`), so a description, and a rule
/// whose only stored property it is, is one reference, cheap to call a check on.
/// Setting a field puts a new box in place; no box is ever changed.
public struct RuleDescription: Sendable {
    private var storage: Storage

    /// The rule's code.
    public var ruleCode: RuleCode {
        get { storage.code }
        set { storage = storage.with(code: newValue) }
    }
    /// The code as text ("IK203"), as findings show it.
    public var code: String { ruleCode.text }
    /// The code's bytes as one word and their count (-1 when longer), read where the
    /// description holds them (`Report` writes a finding's code from them).
    var codeWord: (word: UInt64, byteCount: Int) { (storage.code.word, storage.code.byteCount) }
    public var severity: Severity {
        get { storage.severity }
        set { storage = storage.with(severity: newValue) }
    }
    public var title: String {
        get { storage.title }
        set { storage = storage.with(title: newValue) }
    }
    public var explanation: String {
        get { storage.explanation }
        set { storage = storage.with(explanation: newValue) }
    }
    public var triggers: [RuleExample] {
        get { storage.triggers }
        set { storage = storage.with(triggers: newValue) }
    }
    public var passes: [RuleExample] {
        get { storage.passes }
        set { storage = storage.with(passes: newValue) }
    }
    /// How `validate --fix` repairs the rule's findings, with an example; nil when it does not.
    public var fix: RuleFix? {
        get { storage.fix }
        set { storage = storage.with(fix: .some(newValue)) }
    }
    public init(code: RuleCode, severity: Severity, title: String, explanation: String,
                triggers: [RuleExample], passes: [RuleExample], fix: RuleFix? = nil) {
        storage = Storage(code: code, severity: severity, title: title, explanation: explanation,
                          triggers: triggers, passes: passes, fix: fix)
    }

    /// The fields of a description; immutable, so sharing one across threads is safe.
    private final class Storage: Sendable {
        let code: RuleCode
        let severity: Severity
        let title: String
        let explanation: String
        let triggers: [RuleExample]
        let passes: [RuleExample]
        let fix: RuleFix?

        init(code: RuleCode, severity: Severity, title: String, explanation: String,
             triggers: [RuleExample], passes: [RuleExample], fix: RuleFix?) {
            self.code = code
            self.severity = severity
            self.title = title
            self.explanation = explanation
            self.triggers = triggers
            self.passes = passes
            self.fix = fix
        }

        /// A copy with the fields given changed.
        func with(code: RuleCode? = nil, severity: Severity? = nil, title: String? = nil, explanation: String? = nil,
                  triggers: [RuleExample]? = nil, passes: [RuleExample]? = nil, fix: RuleFix?? = nil) -> Storage {
            Storage(code: code ?? self.code, severity: severity ?? self.severity, title: title ?? self.title,
                    explanation: explanation ?? self.explanation, triggers: triggers ?? self.triggers,
                    passes: passes ?? self.passes, fix: fix ?? self.fix)
        }
    }
}

/// A rule: a description with examples, and the checks that produce its diagnostics.
/// A rule reads what the model computed (parse issues, messages, resolutions) and never
/// prints; adding a rule is adding one file and one line in `RuleCatalogue`.
///
/// The checks come from the protocols below, one per kind of subject, and a rule adopts
/// those it implements: the analyzer calls each check only for the rules that have it
/// (a document check for 8 of 65 rules, a story check only for story messages), where
/// calling empty defaults cost more than many checks. A rule with none of them reports
/// nothing through `Analyzer` (InfoPlistMismatch is checked by `validate --plist`);
/// `RuleCheckTests` lists those, so a check written without its protocol is caught.
public protocol Rule: Sendable {
    var description: RuleDescription { get }
    /// Hands the analyzer the checks this rule has, with the facts each needs. Supplied by
    /// the protocols below (a static choice, not a cast at run time); rules do not write it.
    func register(in checks: inout RuleCheckRegistry)
}

extension Rule {
    public var code: String { description.code }
    public var ruleCode: RuleCode { description.ruleCode }
    public func register(in checks: inout RuleCheckRegistry) {}
}

/// A rule with findings about a whole document (parse errors, unrecognised shapes).
public protocol DocumentRule: Rule {
    func check(document: InspectedDocument, into report: inout Report)
    /// The facts a document must have for this check to find anything in it; it is not
    /// called for other documents (see `DocumentFacts`). None unless the rule says.
    static var documentNeeds: DocumentFacts { get }
}

extension DocumentRule {
    public static var documentNeeds: DocumentFacts { [] }
}

/// A rule with findings about one message.
public protocol MessageRule: Rule {
    func check(message: InspectedMessage, into report: inout Report)
    /// The facts a message must have for this check to find anything in it, such as
    /// `[.buttons]`; it is not called for other messages (see `MessageFacts`). None unless
    /// the rule says.
    static var needs: MessageFacts { get }
}

extension MessageRule {
    public static var needs: MessageFacts { [] }
}

/// A Push Stories rule (IK8xx): checked only for story messages, with their analysis
/// (`InspectedMessage.story`, nil for every other message).
public protocol StoryRule: Rule {
    func check(message: InspectedMessage, story: Story, into report: inout Report)
}

extension DocumentRule {
    public func register(in checks: inout RuleCheckRegistry) { checks.add(document: self) }
}

extension MessageRule {
    public func register(in checks: inout RuleCheckRegistry) { checks.add(message: self) }
}

/// A rule with more than one kind of check writes `register` itself, adding each (the
/// compiler asks for it: the defaults above are ambiguous for such a rule).
extension StoryRule {
    public func register(in checks: inout RuleCheckRegistry) { checks.add(story: self) }
}
