import InboxModel

/// One message of `resolve --format json`, keys in the contract's order (SPEC §8).
enum ResolveJSON {
    static func message(_ inspected: InspectedMessage, _ findings: [Diagnostic]) -> JSONOut {
        let resolution = inspected.resolution
        var keys = MessageListing.jsonKeys(inspected.message)
        keys += [
            ("language", .optional(LanguageChoice(inspected.message, requested: nil).shown)),
            ("image", .url(resolution.image?.url)),
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
            ("wallet", resolution.wallet.map { .object([("pass", .url($0.pass))]) } ?? .null),
            ("delivery", VerdictJSON.delivery(inspected)),
            ("diagnostics", .array(findings.map(JSONOut.diagnostic))),
        ]
        return .object(keys)
    }

    static func slide(_ slide: Slide) -> JSONOut {
        .object([("image", .url(slide.image)), ("title", .optional(slide.title)), ("url", .url(slide.url))])
    }

    static func video(_ video: VideoDescriptor) -> JSONOut {
        .object([("url", .url(video.url)), ("poster", .url(video.poster))])
    }
}
