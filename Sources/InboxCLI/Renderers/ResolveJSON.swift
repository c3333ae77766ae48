import InboxModel

/// One message of `resolve --format json`, keys in the contract's order (BEHAVIOUR §8).
enum ResolveJSON {
    static func message(_ inspected: InspectedMessage, _ findings: [Diagnostic]) -> JSONOut {
        let resolution = inspected.resolution
        var keys = MessageListing.jsonKeys(inspected.message)
        keys += ShownURL.json("image", resolution.image?.url)
        keys += [
            ("language", .optional(LanguageChoice(inspected.message, requested: nil).shown)),
            ("displayType", .optional(resolution.displayType?.lowercased)),
            ("requested", .string(resolution.requested.rawValue)),
            ("requestedBy", .string(resolution.requestedBy.rawValue)),
            ("layout", .string(resolution.layout.rawValue)),
            ("degraded", .bool(resolution.degraded)),
            ("reason", .optional(resolution.reason)),
            ("reasons", .array(resolution.reasons.map(JSONOut.string))),
            ("pinned", .bool(resolution.pinned)),
            ("buttons", ButtonsJSON.buttons(resolution)),
            ("buttonsRendered", .bool(resolution.buttonsRendered)),
            ("slides", .array(resolution.slides.map(slide))),
            ("video", resolution.video?.descriptor.map(video) ?? .null),
            ("wallet", resolution.wallet.map { .object(ShownURL.json("pass", $0.pass)) } ?? .null),
            ("delivery", VerdictJSON.delivery(inspected)),
            ("diagnostics", .array(findings.map(JSONOut.diagnostic))),
        ]
        return .object(keys)
    }

    static func slide(_ slide: Slide) -> JSONOut {
        .object(ShownURL.json("image", slide.image) + [("title", .optional(slide.title))] + ShownURL.json("url", slide.url))
    }

    static func video(_ video: VideoDescriptor) -> JSONOut {
        .object(ShownURL.json("url", video.url) + ShownURL.json("poster", video.poster))
    }
}
