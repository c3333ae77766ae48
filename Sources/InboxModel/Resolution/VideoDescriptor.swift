/// The video of a `video` card (SPEC §5): an object with a non-empty `url` whose scheme
/// is http or https, and an optional `poster` (empty = absent).
public struct VideoDescriptor: Equatable, Sendable {
    public var url: String
    public var poster: String?
    /// The `video` object.
    public var source: JSONValue
    public var urlValue: JSONValue
    public var posterValue: JSONValue?

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
    }

    static func decode(_ object: JSONValue) -> Result<VideoDescriptor, Problem> {
        guard let urlValue = object["url"] else { return .failure(.noURL) }
        guard let url = urlValue.string else { return .failure(.urlNotAString) }
        guard !url.isEmpty else { return .failure(.emptyURL) }
        guard URLScheme.isWeb(url) else { return .failure(.notWeb(scheme: URLScheme.of(url))) }
        let posterValue = object["poster"]
        let poster = posterValue?.string.flatMap { $0.isEmpty ? nil : $0 }
        return .success(VideoDescriptor(url: url, poster: poster, source: object, urlValue: urlValue,
                                        posterValue: poster == nil ? nil : posterValue))
    }
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
