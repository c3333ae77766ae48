import InboxCore

/// The video of a `video` card (BEHAVIOUR §5): an object with a non-empty `url` whose scheme
/// is http or https, and an optional `poster` (empty = absent).
public struct VideoDescriptor: Equatable, Sendable {
    /// The `video` object.
    public var source: JSONValue
    public var urlValue: JSONValue
    /// The `poster` member when it is a non-empty string.
    public var posterValue: JSONValue?

    /// Decoded when asked (renderers); the checks read the values' bytes.
    public var url: String { urlValue.string ?? "" }
    public var poster: String? { posterValue?.string }

    public static func == (lhs: VideoDescriptor, rhs: VideoDescriptor) -> Bool {
        lhs.url == rhs.url && lhs.poster == rhs.poster
    }

    /// Why a `video` object is unusable (IK501).
    public enum Problem: Error, Equatable, Sendable {
        case noURL
        case urlNotAString
        case emptyURL
        /// The URL's scheme (nil when it has none) is not http/https.
        case notWeb(scheme: String?)
        /// iOS's `URL(string:)` returns nil for the URL.
        case rejected(URLRejection)
    }

    static func decode(_ object: JSONValue) -> Result<VideoDescriptor, Problem> {
        // Both members in one pass (the last of a repeated key, as a lookup by name gives).
        let members = object.members(keys)
        guard let urlValue = members[0] else { return .failure(.noURL) }
        guard urlValue.kind == .string else { return .failure(.urlNotAString) }
        guard urlValue.isNonEmptyString else { return .failure(.emptyURL) }
        // The scheme as a mark: named as a String only for the finding of an unusable one.
        let scheme = SchemeMark.of(urlValue)
        if scheme == .rejected, let reason = URLReading.of(urlValue)?.rejection { return .failure(.rejected(reason)) }
        guard scheme == .http || scheme == .https else { return .failure(.notWeb(scheme: scheme.name(in: urlValue))) }
        let posterValue = members[1]
        return .success(VideoDescriptor(source: object, urlValue: urlValue,
                                        posterValue: posterValue?.isNonEmptyString == true ? posterValue : nil))
    }

    /// The members `decode` reads, by position: `url`, `poster` (constants, as
    /// `ShortNames` words; the third place is empty).
    static var keys: ShortNames { ShortNames(words: 0x6C_72_75, 0x72_65_74_73_6F_70, ShortNames.noName) }
}

/// The `video` field the §3 lookup found (the first object): usable or not, it ends
/// the lookup.
public struct VideoField: Sendable {
    public var source: JSONValue
    public var place: LookupPlace
    public var descriptor: VideoDescriptor?
    public var problem: VideoDescriptor.Problem?

    static func find(in params: ActionParams) -> VideoField? {
        guard let found = params.lookup(.video, accept: { $0.kind == .object ? $0 : nil }) else { return nil }
        switch VideoDescriptor.decode(found.value) {
        case .success(let descriptor):
            return VideoField(source: found.source, place: found.place, descriptor: descriptor, problem: nil)
        case .failure(let problem):
            return VideoField(source: found.source, place: found.place, descriptor: nil, problem: problem)
        }
    }
}
