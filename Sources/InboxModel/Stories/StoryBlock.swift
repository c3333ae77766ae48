import InboxCore

/// Where the story extension found the `pw_stories` block (BEHAVIOUR §7), in lookup order.
public enum StoryBlockLocation: String, CaseIterable, Sendable {
    /// The payload root: a push's dictionary, a notification's `ios_root_params`.
    case root
    /// `u` (a notification's `data`), as an object or a JSON string.
    case u
    /// `userdata`, as an object or a JSON string.
    case userdata

    /// The field people write for this place in a payload of `shape`: a notification's
    /// root is `ios_root_params` and its `u` is `data`.
    public func field(in shape: Shape) -> String {
        switch (self, shape) {
        case (.root, .notification), (.root, .request): return "ios_root_params"
        case (.root, .push): return "the payload root"
        case (.root, _): return "the custom data root"
        case (.u, .notification), (.u, .request): return "data"
        case (.u, _): return "u"
        case (.userdata, _): return "userdata"
        }
    }
}

/// A `pw_stories` value the lookup passed over because it is not an object (most often
/// a JSON string holding the block): the SDK ignores it and looks further.
public struct SkippedStoryBlock: Sendable {
    public var value: JSONValue
    public var location: StoryBlockLocation
}

/// The result of the story extension's search for `pw_stories`: root, then `u`, then
/// `userdata`; each container may be an object or a JSON string. The first block that
/// is an object ends the search, even one without `pages`.
public struct StoryBlockLookup: Sendable {
    /// The `pw_stories` object the extension reads, when there is one.
    public var block: JSONValue?
    /// Where `block` was found.
    public var location: StoryBlockLocation?
    /// Non-object `pw_stories` values passed over on the way, in lookup order.
    public var skipped: [SkippedStoryBlock]
    /// `userdata` is a string that is not valid JSON, so nothing inside it was seen.
    /// (A broken `u` string is already reported as IK007 and kept in `ActionParams`.)
    public var userdataProblem: JSONIssue?
    /// The document parsed from a `userdata` string, when the block (or a skipped value)
    /// is in it: values only borrow their document (see `JSONValue`), so the lookup owns it.
    private(set) var userdataDocument: JSONDocument?

    /// Whether the payload carries a `pw_stories` key anywhere the extension looks, usable or not.
    public var mentionsStories: Bool { block != nil || !skipped.isEmpty }

    public init(block: JSONValue?, location: StoryBlockLocation?, skipped: [SkippedStoryBlock],
                userdataProblem: JSONIssue?) {
        self.block = block
        self.location = location
        self.skipped = skipped
        self.userdataProblem = userdataProblem
    }

    /// Runs the lookup over one message's custom data. `u` reuses the string parsed once
    /// by `ActionParams`; a `userdata` string is parsed here, only when the search gets there.
    public static func find(in params: ActionParams) -> StoryBlockLookup {
        var lookup = StoryBlockLookup(block: nil, location: nil, skipped: [], userdataProblem: nil)
        guard params.mayHoldStoryBlock else { return lookup }
        for location in StoryBlockLocation.allCases {
            guard let value = blockValue(at: location, in: params, problem: &lookup.userdataProblem,
                                         document: &lookup.userdataDocument) else { continue }
            if value.kind == .object {
                lookup.block = value
                lookup.location = location
                return lookup
            }
            lookup.skipped.append(SkippedStoryBlock(value: value, location: location))
        }
        return lookup
    }

    /// The `pw_stories` value at one place, whatever its type. The container at that
    /// place must be an object, or a string holding a JSON object.
    private static func blockValue(at location: StoryBlockLocation, in params: ActionParams,
                                   problem: inout JSONIssue?, document owner: inout JSONDocument?) -> JSONValue? {
        switch location {
        case .root:
            return params.storyBlock(at: .root)
        case .u:
            return params.storyBlock(at: .u) ?? params.storyBlock(at: .uString)
        case .userdata:
            guard let userdata = params.value("userdata", at: .root) else { return nil }
            if userdata.kind == .object { return userdata["pw_stories"] }
            switch userdata.parseNested() {
            case .success(let document)?:
                owner = document
                return document.root.kind == .object ? document.root["pw_stories"] : nil
            case .failure(let issue)?:
                problem = issue
                return nil
            case nil:
                return nil
            }
        }
    }
}
