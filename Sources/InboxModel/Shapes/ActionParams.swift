/// Where in `actionParams` the SDK found a custom-data field (SPEC §3), in lookup order.
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
/// An immutable final class: the resolver, the story reader and many rules take the
/// message's actionParams, and each copy of a struct of nine fields retained every one
/// of them (six copies per message).
public final class ActionParams: Sendable {
    /// The object searched as the root of actionParams, when there is one.
    public let root: JSONValue?
    /// Root keys the SDK never receives (a notification's `ios_root_params.aps`).
    public let hiddenRootKeys: [String]
    /// `actionParams.u` as delivered (object, string, or anything else).
    public let u: JSONValue?
    /// `u` parsed, when it is a string holding JSON.
    public let uDocument: JSONDocument?
    /// Why the `u` string could not be parsed (IK007).
    public let uProblem: JSONIssue?
    /// The actionParams object itself came from a string that failed to parse (inbox `action_params`).
    public let rootProblem: JSONIssue?
    /// Non-fatal findings inside JSON strings this message's custom data came from
    /// (duplicate keys, numbers out of range), reported like those of the file itself.
    public let nestedWarnings: [JSONIssue]

    public init(root: JSONValue?, hiddenRootKeys: [String] = [], u explicitU: JSONValue?? = nil,
                rootProblem: JSONIssue? = nil, rootWarnings: [JSONIssue] = []) {
        self.root = root
        self.hiddenRootKeys = hiddenRootKeys
        self.rootProblem = rootProblem
        let u: JSONValue?
        if let explicitU { u = explicitU } else { u = root.flatMap { $0.kind == .object ? $0["u"] : nil } }
        self.u = u
        var nestedWarnings = rootWarnings
        var uDocument: JSONDocument?
        var uProblem: JSONIssue?
        if let u, u.kind == .string, let parsed = u.parseNested() {
            switch parsed {
            case .success(let document):
                uDocument = document
                nestedWarnings += document.warnings
            case .failure(let issue): uProblem = issue
            }
        }
        self.nestedWarnings = nestedWarnings
        self.uDocument = uDocument
        self.uProblem = uProblem
        let objectRoot = root?.kind == .object ? root : nil
        let userdataValue = objectRoot.flatMap { root in hiddenRootKeys.contains("userdata") ? nil : root["userdata"] }
        let userdata = userdataValue?.kind == .object ? userdataValue : nil
        self.userdataValue = userdataValue
        self.userdata = userdata
        var fields = CustomDataIndex()
        if let objectRoot { fields.add(objectRoot, at: .root, hidden: hiddenRootKeys) }
        if let u, u.kind == .object { fields.add(u, at: .u, hidden: hiddenRootKeys) }
        if let parsed = uDocument?.root, parsed.kind == .object { fields.add(parsed, at: .uString, hidden: hiddenRootKeys) }
        if let userdata { fields.add(userdata, at: .userdata, hidden: hiddenRootKeys) }
        self.fields = fields
    }

    /// `userdata` at the root, when it is an object (read once: two fields are looked up
    /// there for every message).
    private let userdata: JSONValue?
    /// `userdata` at the root whatever its type (the story extension also reads a string).
    private let userdataValue: JSONValue?
    /// Where the custom-data fields are in each place.
    private let fields: CustomDataIndex

    /// The value of a custom-data field at one place (see `CustomDataIndex`).
    public func value(_ field: CustomDataField, at place: LookupPlace) -> JSONValue? {
        guard let node = fields.node(field, at: place), let container = container(place) else { return nil }
        return JSONValue(document: container.document, index: node)
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
        guard let kind = userdataValue?.kind else { return false }
        return kind == .object || kind == .string
    }

    public func storyBlock(at place: LookupPlace) -> JSONValue? {
        guard let node = fields.storyBlockNode(at: place), let container = container(place) else { return nil }
        return JSONValue(document: container.document, index: node)
    }

    /// The object at a lookup place, when that place holds one.
    public func container(_ place: LookupPlace) -> JSONValue? {
        switch place {
        case .root:
            return root?.kind == .object ? root : nil
        case .u:
            return u?.kind == .object ? u : nil
        case .uString:
            return uDocument.map { $0.root }.flatMap { $0.kind == .object ? $0 : nil }
        case .userdata:
            return userdata
        }
    }

    private func member(_ key: String, of object: JSONValue?) -> JSONValue? {
        // Looked up before the hidden keys are checked: most keys are absent, and the
        // byte comparison of a lookup is cheaper than hashing `key` for the set.
        guard let object, let value = object[key], !hiddenRootKeys.contains(key) else { return nil }
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

    /// The SDK's lookup (SPEC §3): walk `places` in order and return the first value that
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

/// A looked-up field: the accepted value, the JSON it came from and where it was found.
public struct Found<T> {
    public var value: T
    public var source: JSONValue
    public var place: LookupPlace
}

extension Found: Sendable where T: Sendable {}
