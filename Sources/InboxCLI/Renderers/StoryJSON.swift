import InboxModel

/// The `stories --format json` contract (BEHAVIOUR §8): one object per story message, and
/// the `extension` object of `--plist`.
enum StoryJSON {
    static func story(_ inspected: InspectedMessage, _ story: Story, findings: [Diagnostic]) -> JSONOut {
        let message = inspected.message
        let pages = zip(story.pages, story.timeline.slots).map { page, slot in
            JSONOut.object(ShownURL.json("image", page.image) + [("duration", number(page.duration))]
                           + ShownURL.json("link", page.link) + [
                ("buttonTitle", .optional(page.buttonTitle)),
                ("title", .optional(page.title)),
                ("subtitle", .optional(page.subtitle)),
                ("showsButton", .bool(page.showsButton)),
                ("start", number(slot.start)),
                ("end", number(slot.end)),
            ])
        }
        return .object(place(message) + [
            ("category", .optional(story.category)),
            ("blockLocation", .optional(story.lookup.location?.rawValue)),
            ("blockPointer", .optional(story.lookup.block?.pointer)),
            ("fallback", .bool(story.isFallback)),
            ("fallbackReason", .optional(story.fallback?.reason)),
            ("pages", .array(pages)),
            ("totalDuration", number(story.timeline.totalDuration)),
            ("diagnostics", .array(findings.map(JSONOut.diagnostic))),
        ])
    }

    /// A message that is not a story push, listed with the stories so every message read is
    /// accounted for: no category, no pages, and `fallback` true (the extension never shows it).
    static func notAStory(_ inspected: InspectedMessage, findings: [Diagnostic]) -> JSONOut {
        let message = inspected.message
        return .object(place(message) + [
            ("category", .null),
            ("blockLocation", .null),
            ("blockPointer", .null),
            ("fallback", .bool(true)),
            ("fallbackReason", .string("not a story push")),
            ("pages", .array([])),
            ("totalDuration", number(0)),
            ("diagnostics", .array(findings.map(JSONOut.diagnostic))),
        ])
    }

    static func number(_ value: Double) -> JSONOut { .number(StoryNumber.text(value)) }

    /// What the Info.plist declares for each key, whether it is right, and the IK812 findings.
    static func extensionInfo(_ info: ExtensionInfo, findings: [Diagnostic]) -> JSONOut {
        .object([
            ("source", .string(info.source)),
            ("aspectRatio", number(info.aspectRatio)),
            ("keys", .array(info.settings.map { setting in
                .object([
                    ("key", .string(setting.key.rawValue)),
                    ("pointer", .string(setting.pointer)),
                    ("value", setting.value.map(plist) ?? .null),
                    ("ok", .bool(setting.isRight)),
                ])
            })),
            ("diagnostics", .array(findings.map(JSONOut.diagnostic))),
        ])
    }

    static func plist(_ value: PlistValue) -> JSONOut {
        switch value {
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .number(let number): return self.number(number)
        case .array(let items): return .array(items.map(plist))
        case .dictionary(let members): return .object(members.sorted { $0.key < $1.key }.map { ($0.key, plist($0.value)) })
        case .other(let type): return .string("<\(type)>")
        }
    }

    /// Where the message is, the keys every entry starts with.
    private static func place(_ message: Message) -> [(String, JSONOut)] {
        [
            ("source", .string(message.source)),
            ("pointer", .string(message.pointer)),
            ("line", .int(message.position.line)),
            ("column", .int(message.position.column)),
            ("shape", .string(message.shape.rawValue)),
        ]
    }
}
