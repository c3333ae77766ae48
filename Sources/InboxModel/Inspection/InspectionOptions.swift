/// What the user asked for that changes how a payload is read.
public struct InspectionOptions: Sendable {
    /// `--shape`: read every document as this shape instead of detecting it.
    public var shape: Shape?
    /// `--lang`: the language picked from localised `content` / `ios_title`.
    public var language: String?
    /// `--sdk`: the release whose behaviour is reproduced.
    public var profile: SDKProfile
    /// Deepest nesting accepted before IK006.
    public var maxDepth: Int
    /// The most bytes one document may hold (`--max-document-size`); a larger one is IK009,
    /// and is not read into memory. 4 MB: a payload is at most a few kilobytes, and a
    /// document read whole takes many times its size in memory at the peak.
    public var maxDocumentSize = InspectionOptions.defaultMaxDocumentSize
    public static let defaultMaxDocumentSize = 4 << 20
    /// `--force-kind`: draw every message as this kind (the app's `attributes.forceCellKind`).
    public var forceKind: CardKind? = nil
    /// `validate --min-sdk`: also resolve under every profile from this one to `latest`
    /// and report results that differ (IK206).
    public var minProfile: SDKProfile? = nil

    public init(shape: Shape? = nil, language: String? = nil, profile: SDKProfile = .standard, maxDepth: Int = 512) {
        self.shape = shape
        self.language = language
        self.profile = profile
        self.maxDepth = maxDepth
    }
}
