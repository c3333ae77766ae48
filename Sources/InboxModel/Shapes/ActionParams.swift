import InboxCore

/// Where in `actionParams` the SDK found a custom-data field (BEHAVIOUR §3), in lookup order.
public enum LookupPlace: String, CaseIterable, Sendable {
    case root
    case u
    case uString = "u-string"
    case userdata

    /// The usual walk, and the one of the fields also read from `userdata`; kept as
    /// constants because every lookup of every message uses one (an array literal would
    /// be allocated per lookup).
    public static let standard: [LookupPlace] = [.root, .u, .uString]
    public static let withUserdata: [LookupPlace] = [.root, .u, .uString, .userdata]
}

/// The custom data the SDK sees for one message (`actionParams`), with the `u` string
/// parsed once so every field lookup shares it.
///
/// A notification's actionParams are not an object in the file: they are assembled
/// from `data` (as `u`) and the keys of `ios_root_params`, so this type describes them
/// as a root object (possibly with keys hidden) plus an explicit `u`.
///
/// A struct held inline in its message (`MessageFields`), not an object of its own: the
/// object cost an allocation, a free and a final release per message. It holds two
/// references (the innermost of its documents, the issues box), the last nil for nearly
/// every message; what keeps its documents for a result read from the message is `owners`.
public struct ActionParams: Sendable {
    /// The document `root`, `u` and `userdata` are in (nil when there is neither root nor
    /// `u`), borrowed: `keeper` keeps it. The values are kept as node indexes into it: one
    /// reference for the three, instead of one per value, to retain on every copy and
    /// release at teardown.
    private let documentRef: DocumentHandle?
    /// Node of `root`, of `u` and of the root's `userdata` (whatever its type); -1 when absent.
    private let rootNode: Int32
    private let uNode: Int32
    private let userdataNode: Int32
    /// Whether `userdataNode` is an object (two fields are looked up there for every message).
    private let userdataIsObject: Bool
    /// Whether `u` was parsed (`uDocument`): it is then `keeper`, or the issues box's when
    /// `u` is another document's (see `IssuesAndSeparateU.uDocument`).
    private let hasUDocument: Bool
    /// Root keys the SDK never receives (a notification's `ios_root_params.aps`).
    public var hiddenRootKeys: [String] { hidden.keys }
    /// `hiddenRootKeys`, with no list to retain and release for the usual ones.
    private let hidden: HiddenKeys
    /// `u` parsed, when it is a string holding JSON.
    public var uDocument: JSONDocument? { uDocumentRef?.document }
    /// The one strong reference to the documents: `uDocument` when it was parsed from a `u`
    /// of `document` (a nested document keeps the one it was parsed from), else `document`.
    /// Holding both cost a second retain and release for every message with a `u` string,
    /// and a release of nil for every other.
    let keeper: JSONDocument?
    /// The uncommon parts: parse problems and nested warnings, and an explicit `u` from another
    /// document than `root`. Nil for nearly every message, so building, copying and
    /// freeing actionParams never touches an optional `JSONIssue` (each copy of one ran
    /// an outlined copy of its five fields).
    private let issues: IssuesAndSeparateU?
    /// Where the custom-data fields are in each place.
    private let fields: CustomDataIndex

    /// See `issues`.
    private final class IssuesAndSeparateU: Sendable {
        let uProblem: JSONIssue?
        let rootProblem: JSONIssue?
        let nestedWarnings: [JSONIssue]
        let separateU: JSONValue?
        /// The document of `separateU`, which values only borrow (see `JSONValue`).
        let separateUDocument: JSONDocument?
        /// The document parsed from `separateU` when it is a string: it keeps
        /// `separateUDocument`, not the instance's `document`, which `keeper` then is.
        let uDocument: JSONDocument?

        init(uProblem: JSONIssue?, rootProblem: JSONIssue?, nestedWarnings: [JSONIssue], separateU: JSONValue?,
             uDocument: JSONDocument?) {
            self.uProblem = uProblem
            self.rootProblem = rootProblem
            self.nestedWarnings = nestedWarnings
            self.separateU = separateU
            self.separateUDocument = separateU?.document
            self.uDocument = separateU == nil ? nil : uDocument
        }
    }

    /// The object searched as the root of actionParams, when there is one.
    public var root: JSONValue? { value(atNode: rootNode) }
    /// `actionParams.u` as delivered (object, string, or anything else).
    public var u: JSONValue? { issues?.separateU ?? value(atNode: uNode) }
    /// Whether `u` is set, told without building it.
    @inline(__always)
    var hasU: Bool { uNode >= 0 || issues?.separateU != nil }
    /// Why the `u` string could not be parsed (IK007).
    public var uProblem: JSONIssue? { issues?.uProblem }
    /// The actionParams object itself came from a string that failed to parse (inbox `action_params`).
    public var rootProblem: JSONIssue? { issues?.rootProblem }
    /// Non-fatal findings inside JSON strings this message's custom data came from
    /// (duplicate keys, numbers out of range), reported like those of the file itself.
    public var nestedWarnings: [JSONIssue] { issues?.nestedWarnings ?? [] }

    public init(root: JSONValue?, hiddenRootKeys: [String] = [], u explicitU: JSONValue?? = nil,
                            rootProblem: JSONIssue? = nil, rootWarnings: [JSONIssue] = []) {
        self.init(root: root, hidden: HiddenKeys(hiddenRootKeys), u: explicitU, rootProblem: rootProblem,
                  rootWarnings: rootWarnings)
    }

    /// Inlined into the normaliser, so the instance is built where its message keeps it
    /// (built here and returned, the index was copied on its way to the message).
    @inline(__always)
    init(root: JSONValue?, hidden: HiddenKeys, u explicitU: JSONValue?? = nil,
         rootProblem: JSONIssue? = nil, rootWarnings: [JSONIssue] = []) {
        self.hidden = hidden
        let u: JSONValue?
        if let explicitU { u = explicitU } else { u = root.flatMap { $0.kind == .object ? $0["u"] : nil } }
        // The documents are compared and kept through the values' borrowed references: the
        // one the instance keeps is the only retain (`JSONValue.document` retained and
        // released the document for every use).
        let owner = root?.handle ?? u?.handle
        self.rootNode = root.map { Int32(truncatingIfNeeded: $0.index) } ?? -1
        // An explicit `u` is taken from the same document as the root by the normaliser;
        // any other is kept whole.
        var separateU: JSONValue?
        if let u, let owner, u.handle != owner { separateU = u }
        self.uNode = separateU == nil ? u.map { Int32(truncatingIfNeeded: $0.index) } ?? -1 : -1
        // Optionals of `JSONIssue` are only bound and moved here, never compared with nil
        // (`!= nil` on an Equatable optional copies both sides into a tuple), so the usual
        // message with no problem costs no outlined copy of an issue.
        var uDocument: JSONDocument?
        var issues: IssuesAndSeparateU?
        if let u, u.kind == .string, let parsed = u.parseNested() {
            switch parsed {
            case .success(let document):
                uDocument = document
                if !document.warnings.isEmpty {
                    issues = IssuesAndSeparateU(uProblem: nil, rootProblem: rootProblem, nestedWarnings: rootWarnings + document.warnings,
                                separateU: separateU, uDocument: document)
                }
            case .failure(let issue):
                issues = IssuesAndSeparateU(uProblem: issue, rootProblem: rootProblem, nestedWarnings: rootWarnings, separateU: separateU,
                            uDocument: nil)
            }
        }
        if issues == nil {
            var hasRootProblem = false
            if case .some = rootProblem { hasRootProblem = true }
            if hasRootProblem || !rootWarnings.isEmpty || separateU != nil {
                issues = IssuesAndSeparateU(uProblem: nil, rootProblem: rootProblem, nestedWarnings: rootWarnings, separateU: separateU,
                            uDocument: uDocument)
            }
        }
        let objectRoot = root?.kind == .object ? root : nil
        let userdataValue = objectRoot.flatMap { root in hidden.contains("userdata") ? nil : root["userdata"] }
        self.userdataNode = userdataValue.map { Int32(truncatingIfNeeded: $0.index) } ?? -1
        self.userdataIsObject = userdataValue?.kind == .object
        // Filled in a local and stored once: filled in place, the index was copied twice
        // on its way into the message's fields.
        var index = CustomDataIndex()
        if let objectRoot { index.add(objectRoot, at: .root, hidden: hidden) }
        if let u, u.kind == .object { index.add(u, at: .u, hidden: .none) }
        if let parsed = uDocument?.root, parsed.kind == .object { index.add(parsed, at: .uString, hidden: .none) }
        if userdataIsObject, let userdataValue { index.add(userdataValue, at: .userdata, hidden: .none) }
        self.fields = index
        self.documentRef = owner
        self.hasUDocument = uDocument != nil
        self.keeper = Self.keeper(of: owner, uDocument: uDocument, separate: separateU != nil)
        self.issues = issues
    }

    /// `uDocument`, borrowed (see `hasUDocument`).
    @inline(__always)
    private var uDocumentRef: DocumentHandle? {
        guard hasUDocument else { return nil }
        if let issues, let kept = issues.uDocument { return DocumentHandle(kept) }
        return keeper.map(DocumentHandle.init)
    }

    /// See `keeper`: the `u` document, unless it was parsed from another document's `u`
    /// (the issues box keeps it then, see `IssuesAndSeparateU.uDocument`), else the document.
    @inline(__always)
    private static func keeper(of owner: DocumentHandle?, uDocument: JSONDocument?,
                               separate: Bool) -> JSONDocument? {
        if !separate, let uDocument { return uDocument }
        return owner?.document
    }

    /// The custom data parsed from a string (an inbox record's `action_params`): its root,
    /// with the document's warnings. The new instance owns the document (it keeps the
    /// document of its root); it is kept alive here until then, as values only borrow it.
    public init(parsed document: JSONDocument) {
        self.init(root: document.root, rootWarnings: document.warnings)
        withExtendedLifetime(document) {}
    }

    /// The value at `node` of `document`, nil for -1.
    @inline(__always)
    private func value(atNode node: Int32) -> JSONValue? {
        guard node >= 0, let documentRef else { return nil }
        return documentRef.value(at: Int(node))
    }

    /// `userdata` at the root, when it is an object.
    private var userdata: JSONValue? { userdataIsObject ? value(atNode: userdataNode) : nil }
    /// `userdata` at the root whatever its type (the story extension also reads a string).
    private var userdataValue: JSONValue? { value(atNode: userdataNode) }

    /// The value of a custom-data field at one place (see `CustomDataIndex`).
    public func value(_ field: CustomDataField, at place: LookupPlace) -> JSONValue? {
        guard let node = fields.node(field, at: place), let owner = owner(of: place) else { return nil }
        return owner.value(at: node)
    }

    /// Whether the container at `place` may hold a misspelled custom-data key (IK210).
    func mayHaveMisspelling(at place: LookupPlace) -> Bool {
        fields.mayHaveMisspelling(at: place)
    }

    /// Whether the container at `place` may hold an inbox key (see `CustomDataIndex`).
    @inline(__always)
    func mayHoldInboxKey(at place: LookupPlace) -> Bool {
        fields.mayHoldInboxKey(at: place)
    }

    /// Whether any custom-data place may hold a misspelled custom-data key (IK210).
    @inline(__always)
    var mayHaveMisspellingAnywhere: Bool {
        fields.mayHaveMisspellingAnywhere
    }

    /// Whether `field` is at one of the places its §3 lookup walks, told from the index.
    @inline(__always)
    func mayHave(_ field: CustomDataField) -> Bool {
        fields.isAnywhere(field)
    }

    /// Whether `valuesSeen(field, until: stop, where:)` would list anything, for a test of
    /// the values' kinds: asked for every message by the rules that report a value of the
    /// wrong type, and answered from the index without building a value or a list.
    @inline(__always)
    public func seesValue(_ field: CustomDataField, until stop: LookupPlace?, where included: (JSONKind) -> Bool) -> Bool {
        fields.seesValue(field, until: stop, where: included)
    }

    /// The `pw_stories` value at one place, whatever its type (indexed with the fields:
    /// the story extension's lookup runs for every message).
    /// Whether the story extension's lookup can find anything: a `pw_stories` key in one
    /// of the indexed places, or a `userdata` object or string to look inside. Almost no
    /// message is a story, and this answers for them without building any value.
    public var mayHoldStoryBlock: Bool {
        if fields.storyBlockNode(at: .root) != nil || fields.storyBlockNode(at: .u) != nil
            || fields.storyBlockNode(at: .uString) != nil { return true }
        guard userdataNode >= 0, let documentRef else { return false }
        let kind = documentRef.value(at: Int(userdataNode)).kind
        return kind == .object || kind == .string
    }

    public func storyBlock(at place: LookupPlace) -> JSONValue? {
        guard let node = fields.storyBlockNode(at: place), let owner = owner(of: place) else { return nil }
        return owner.value(at: node)
    }

    /// The document the container at `place` is in, borrowed (the index holds nodes only of places
    /// that hold an object), without building the container.
    @inline(__always)
    private func owner(of place: LookupPlace) -> DocumentHandle? {
        switch place {
        case .uString: return uDocumentRef
        case .u: return issues?.separateU?.handle ?? documentRef
        case .root, .userdata: return documentRef
        }
    }

    /// The object at a lookup place, when that place holds one.
    public func container(_ place: LookupPlace) -> JSONValue? {
        switch place {
        case .root:
            guard let root, root.kind == .object else { return nil }
            return root
        case .u:
            guard let u, u.kind == .object else { return nil }
            return u
        case .uString:
            return uDocumentRef.map { $0.value(at: 0) }.flatMap { $0.kind == .object ? $0 : nil }
        case .userdata:
            return userdata
        }
    }

    private func member(_ key: String, of object: JSONValue?) -> JSONValue? {
        // Looked up before the hidden keys are checked: most keys are absent, and the
        // byte comparison of a lookup is cheaper than hashing `key` for the set.
        guard let object, let value = object[key], !hidden.contains(key) else { return nil }
        return value
    }

    /// The value of `key` at one place, honouring hidden root keys and the explicit `u`.
    public func value(_ key: String, at place: LookupPlace) -> JSONValue? {
        switch place {
        case .root:
            if key == "u" { return u }
            if key == "userdata" { return userdataValue }
            return member(key, of: container(.root))
        default:
            return container(place)?[key]
        }
    }

    /// The SDK's lookup (BEHAVIOUR §3): walk `places` in order and return the first value that
    /// `accept` takes, with where it was found. `accept` returns nil for a value of the
    /// wrong type (the walk moves on); to make an unusable value of the right type end
    /// the walk, accept it and let the caller judge it.
    public func lookup<T>(_ key: String, in places: [LookupPlace] = LookupPlace.standard,
                          accept: (JSONValue) -> T?) -> Found<T>? {
        for place in places {
            guard let value = value(key, at: place), let accepted = accept(value) else { continue }
            return Found(value: accepted, source: value, place: place)
        }
        return nil
    }
}

/// Root keys the SDK never receives: none, a notification's `aps` (nearly every message
/// is one or the other, and neither holds a list, so making, copying and freeing the
/// message's `ActionParams` retains and releases none), or any list.
enum HiddenKeys: Sendable {
    case none
    case aps
    case list([String])

    init(_ keys: [String]) {
        if keys.isEmpty {
            self = .none
        } else if keys == ["aps"] {
            self = .aps
        } else {
            self = .list(keys)
        }
    }

    var keys: [String] {
        switch self {
        case .none: return []
        case .aps: return ["aps"]
        case .list(let keys): return keys
        }
    }

    var isEmpty: Bool {
        if case .none = self { return true }
        return false
    }

    /// Whether a key `CustomDataIndex` records may be hidden: only a list can name one
    /// (`aps` is none of them), so the usual messages never compare a key with it.
    var mayHideIndexedKeys: Bool {
        if case .list = self { return true }
        return false
    }

    func contains(_ key: String) -> Bool {
        switch self {
        case .none: return false
        case .aps: return key == "aps"
        case .list(let keys): return keys.contains(key)
        }
    }
}

/// A looked-up field: the accepted value, the JSON it came from and where it was found.
public struct Found<T> {
    public var value: T
    public var source: JSONValue
    public var place: LookupPlace
}

extension Found: Sendable where T: Sendable {}

extension ActionParams {
    /// The references that keep this instance's values valid (see `DocumentOwners`).
    var owners: Owners { Owners(keeper: keeper, issues: issues) }

    /// Whether the issues box is absent (a separate `u` is kept in it), as nearly always:
    /// `keeper` then keeps every document of the instance.
    @inline(__always)
    var hasNoRare: Bool { issues == nil }

    /// See `owners`: the keeper and the issues box (which keeps a separate `u`'s documents).
    /// `@unchecked`: `issues` is the immutable, `Sendable` box, typed as any object here.
    struct Owners: @unchecked Sendable {
        let keeper: JSONDocument?
        let issues: AnyObject?

        init(keeper: JSONDocument?, issues: AnyObject?) {
            self.keeper = keeper
            self.issues = issues
        }
    }

    /// Whether this instance keeps `value`'s document alive (its root or `u` is a value of
    /// that document, which `keeper` is or keeps), so that a holder of both needs to keep
    /// only this (see `MessageFields` and `DocumentOwners`). Compared by identity, without
    /// a retain.
    func keepsDocument(of value: JSONValue) -> Bool {
        guard let documentRef else { return false }
        return value.handle == documentRef
    }
}
