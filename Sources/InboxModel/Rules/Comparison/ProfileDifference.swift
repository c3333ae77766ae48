import InboxCore

/// IK206: the message looks or behaves differently on the SDK releases the app still
/// supports (`validate --min-sdk`).
public struct ProfileDifference: MessageRule {
    /// The oldest release compared with every newer one up to `latest`. The catalogue's
    /// instance has none and compares nothing; `validate` builds one from
    /// `InspectionOptions.minProfile`.
    public var minProfile: SDKProfile?

    public init(minProfile: SDKProfile? = nil) {
        self.minProfile = minProfile
    }

    public init(options: InspectionOptions) {
        self.init(minProfile: options.minProfile)
    }

    public let description = RuleDescription(
        code: "IK206", severity: .warning, title: "Result differs between SDK profiles",
        explanation: """
            Users update apps slowly, so a campaign reaches phones running several InboxKit \
            releases at once. With `--min-sdk PROFILE` (or `"minSdk"` in the config file) every \
            message is resolved under each profile from that one to `latest`, and a message \
            whose layout, inline buttons or pinning is not the same everywhere is reported, \
            naming the profiles and what each shows. Typical causes: a `carousel`, `video` or \
            `wallet` card that SDK 7.0 does not know, an image only in custom data (7.0 ignores \
            it), a button `url` without a scheme (7.0 still opens it), `"action": "custom"` \
            with a `url` (7.1 opens the URL). Without `--min-sdk` this rule does nothing.
            """,
        triggers: [RuleExample(#"{"ios_title": "New looks", "content": "Swipe", "inbox_days": 7, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}]}}"#,
                               arguments: ["--min-sdk", "7.0"])],
        passes: [RuleExample(#"{"ios_title": "Order shipped", "content": "Arrives Thursday", "inbox_days": 7, "data": {"displayType": "classic"}}"#,
                             arguments: ["--min-sdk", "7.0"]),
                 RuleExample(#"{"ios_title": "New looks", "content": "Swipe", "inbox_days": 7, "data": {"displayType": "carousel", "carousel": [{"image": "https://cdn.example.com/1.jpg"}]}}"#,
                             arguments: ["--min-sdk", "7.1"])])

    /// Without a minimum SDK nothing is compared, and no message is offered to it.
    public func register(in checks: inout RuleCheckRegistry) {
        if minProfile != nil { checks.add(message: self) }
    }

    public func check(message inspected: InspectedMessage, into report: inout Report) {
        guard let minProfile else { return }
        let profiles = SDKProfile.all.filter { $0.rank >= minProfile.rank }
        guard profiles.count > 1 else { return }
        let results = profiles.map { profile in
            profile == inspected.profile ? inspected.resolution : Resolver(profile: profile).resolve(inspected.message)
        }
        let message = inspected.message
        let layouts = Self.groups(profiles, results.map(Self.layout))
        if layouts.count > 1 {
            let anchor = results.compactMap { $0.displayType?.source }.first ?? message.value
            report.add(description, at: anchor, "the layout differs between SDK releases: \(Self.list(layouts))")
        }
        let buttons = Self.groups(profiles, results.map { Self.buttons($0.buttons) })
        if buttons.count > 1 {
            let anchor = results.compactMap { $0.buttons.source }.first ?? message.value
            report.add(description, at: anchor, "the buttons differ between SDK releases: \(Self.list(buttons))")
        }
        let pinning = Self.groups(profiles, results.map { $0.pinned ? "pinned" : "not pinned" })
        if pinning.count > 1 {
            report.add(description, at: results.compactMap { $0.pinning.source }.first ?? message.value,
                       "pinning differs between SDK releases: \(Self.list(pinning))")
        }
    }

    /// "classic (carousel degraded: no title)", "carousel", "classic (displayType wallet unknown to 7.0)".
    static func layout(_ resolution: Resolution) -> String {
        if let reason = resolution.reason {
            return "\(resolution.layout.rawValue) (\(resolution.requested.rawValue) degraded: \(reason))"
        }
        if let displayType = resolution.displayType, displayType.kind == nil, let kind = displayType.anyKind {
            return "\(resolution.layout.rawValue) (\(kind.rawValue) is unknown to \(resolution.profile.name))"
        }
        return resolution.layout.rawValue
    }

    /// `"Shop" opens https://…, "Later" dismisses`; "no buttons".
    static func buttons(_ list: ButtonList) -> String {
        guard !list.buttons.isEmpty else { return "no buttons" }
        return list.buttons.map { button in
            let action: String
            switch button.action {
            case .openURL(let link):
                let url = link.string
                action = "opens \(url.count > 40 ? String(url.prefix(39)) + "…" : url)"
            case .dismiss: action = "dismisses"
            case .markRead: action = "marks read"
            case .custom: action = "is custom"
            }
            return "\(JSONText.quote(button.title)) \(action)"
        }.joined(separator: ", ")
    }

    /// Profiles with the same result, in release order: [(["7.0"], "classic"), (["7.1", "guide"], "carousel")].
    static func groups(_ profiles: [SDKProfile], _ results: [String]) -> [(profiles: [String], result: String)] {
        var groups: [(profiles: [String], result: String)] = []
        for (profile, result) in zip(profiles, results) {
            if let index = groups.firstIndex(where: { $0.result == result }) {
                groups[index].profiles.append(profile.name)
            } else {
                groups.append(([profile.name], result))
            }
        }
        return groups
    }

    /// "7.0: classic; 7.1 and latest: carousel"
    static func list(_ groups: [(profiles: [String], result: String)]) -> String {
        groups.map { group in
            let names = group.profiles.count > 1
                ? group.profiles.dropLast().joined(separator: ", ") + " and " + (group.profiles.last ?? "")
                : group.profiles.joined()
            return "\(names): \(group.result)"
        }.joined(separator: "; ")
    }
}
