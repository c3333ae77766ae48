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
/// whose only stored property it is, is one reference: the analyzer calls each rule's
/// check through a closure holding the rule, and with the fields stored inline every
/// call copied the rule's 88 bytes out of the closure first (some 10 000 calls for 2 000
/// notifications). Setting a field puts a new box in place; no box is ever changed.
public struct RuleDescription: Sendable {
    private var storage: Storage

    public var code: String {
        get { storage.code }
        set { storage = storage.with(code: newValue) }
    }
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
    /// The code's bytes as one word, as a finding writes them (`Report`).
    var codeHead: CodeHead { storage.codeHead }

    public init(code: String, severity: Severity, title: String, explanation: String,
                triggers: [RuleExample], passes: [RuleExample], fix: RuleFix? = nil) {
        storage = Storage(code: code, severity: severity, title: title, explanation: explanation,
                          triggers: triggers, passes: passes, fix: fix)
    }

    /// The fields of a description; immutable, so sharing one across threads is safe.
    private final class Storage: Sendable {
        let code: String
        let severity: Severity
        let title: String
        let explanation: String
        let triggers: [RuleExample]
        let passes: [RuleExample]
        let fix: RuleFix?
        let codeHead: CodeHead

        init(code: String, severity: Severity, title: String, explanation: String,
             triggers: [RuleExample], passes: [RuleExample], fix: RuleFix?) {
            self.code = code
            self.severity = severity
            self.title = title
            self.explanation = explanation
            self.triggers = triggers
            self.passes = passes
            self.fix = fix
            codeHead = CodeHead(code)
        }

        /// A copy with the fields given changed.
        func with(code: String? = nil, severity: Severity? = nil, title: String? = nil, explanation: String? = nil,
                  triggers: [RuleExample]? = nil, passes: [RuleExample]? = nil, fix: RuleFix?? = nil) -> Storage {
            Storage(code: code ?? self.code, severity: severity ?? self.severity, title: title ?? self.title,
                    explanation: explanation ?? self.explanation, triggers: triggers ?? self.triggers,
                    passes: passes ?? self.passes, fix: fix ?? self.fix)
        }
    }
}

/// A rule's code as a finding writes it: its UTF-8 as one word, the first byte lowest, so
/// that it is written with one store rather than read from the `String` (a rule code has a
/// few ASCII bytes: "IK203").
struct CodeHead: Sendable {
    /// The bytes, the first in the lowest byte, zeros after them.
    let word: UInt64
    /// How many bytes (0 to 8), or -1 for a longer code (written from its `String`).
    let count: Int

    init(_ code: String) {
        var word: UInt64 = 0
        var count = 0
        for byte in code.utf8 {
            guard count < 8 else {
                self.word = 0
                self.count = -1
                return
            }
            word |= UInt64(byte) << UInt64(8 * count)
            count += 1
        }
        self.word = word
        self.count = count
    }

    /// Writes the code at `base`, where `room` bytes are the finding's (at least `count`):
    /// one store of the whole word when they are eight or more (the bytes after the code
    /// are written over by the message and the pointer).
    @inline(__always)
    func write(to base: UnsafeMutablePointer<UInt8>, room: Int) {
        if room >= 8 {
            UnsafeMutableRawPointer(base).storeBytes(of: word.littleEndian, as: UInt64.self)
        } else {
            var rest = word
            var index = 0
            while index < count {
                base[index] = UInt8(truncatingIfNeeded: rest)
                rest >>= 8
                index &+= 1
            }
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
    /// Hands the analyzer the checks this rule has. Supplied by the protocols below (a
    /// static choice, where asking `rule as? any MessageRule` at run time searched every
    /// conformance of the program, 40M instructions per analyzer); rules do not write it.
    func register(in checks: inout RuleCheckRegistry)
}

extension Rule {
    public var code: String { description.code }
    public func register(in checks: inout RuleCheckRegistry) {}
}

/// A rule with findings about a whole document (parse errors, unrecognised shapes).
public protocol DocumentRule: Rule {
    func check(document: InspectedDocument, into report: inout Report)
    /// The documents this check can find anything in; it is not called for others (see
    /// `DocumentScope`). Every document, unless the rule narrows it.
    static var documentScope: DocumentScope { get }
}

extension DocumentRule {
    public static var documentScope: DocumentScope { .every }
}

/// A rule with findings about one message.
public protocol MessageRule: Rule {
    func check(message: InspectedMessage, into report: inout Report)
    /// The messages this check can find anything in; it is not called for others (see
    /// `MessageScope`). Every message, unless the rule narrows it.
    static var scope: MessageScope { get }
}

extension MessageRule {
    public static var scope: MessageScope { .every }
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
