/// How the requested layout was chosen (`requestedBy` in the JSON contract).
public enum RequestSource: String, Sendable {
    /// `--force-kind` (the app's `attributes.forceCellKind`): no degradation check.
    case forced
    /// A `displayType` this release knows.
    case displayType
    /// No usable `displayType`: chosen from the image, title and body (BEHAVIOUR §5.2).
    case heuristic
}
