import InboxModel

/// One message of `resolve --sdk all --format json`: where it is, then per profile name
/// what that profile draws (the resolve contract's layout keys and `delivery`), and the
/// aspects that differ (`differs`).
enum ProfileComparisonJSON {
    static func message(_ message: Message, _ comparison: ProfileComparison) -> JSONOut {
        var keys = MessageListing.jsonKeys(message)
        let results: [(String, JSONOut)] = zip(comparison.profiles, comparison.inspected).map { profile, inspected in
            let resolution = inspected.resolution
            return (profile.name, .object([
                ("image", .optional(resolution.image?.url)),
                ("requested", .string(resolution.requested.rawValue)),
                ("requestedBy", .string(resolution.requestedBy.rawValue)),
                ("layout", .string(resolution.layout.rawValue)),
                ("degraded", .bool(resolution.degraded)),
                ("reasons", .array(resolution.reasons.map(JSONOut.string))),
                ("pinned", .bool(resolution.pinned)),
                ("buttons", ButtonsJSON.buttons(resolution)),
                ("buttonsRendered", .bool(resolution.buttonsRendered)),
                ("slides", .array(resolution.slides.map(ResolveJSON.slide))),
                ("delivery", VerdictJSON.delivery(inspected)),
            ]))
        }
        keys.append(("profiles", .object(results)))
        keys.append(("differs", .array(comparison.differing.map(JSONOut.string))))
        return .object(keys)
    }
}
