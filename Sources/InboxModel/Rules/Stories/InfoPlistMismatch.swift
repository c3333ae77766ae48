/// IK812: the story content extension's Info.plist (checked with `--plist`) does not
/// declare what Push Stories needs.
public struct InfoPlistMismatch: Rule {
    public init() {}

    /// An extension Info.plist with the four keys set to the given values (XML text).
    static func plist(category: String = "<string>PW_STORIES</string>", ratio: String = "<real>1.5</real>") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict>
        <key>UNNotificationExtensionCategory</key>\(category)
        <key>UNNotificationExtensionUserInteractionEnabled</key><true/>
        <key>UNNotificationExtensionDefaultContentHidden</key><true/>
        <key>UNNotificationExtensionInitialContentSizeRatio</key>\(ratio)
        </dict></dict></dict></plist>
        """
    }
    static let story = #"{"ios_title": "Spring collection", "content": "Tap to see the new looks", "ios_category_custom": "PW_STORIES", "ios_root_params": {"aps": {"mutable-content": 1}}, "data": {"pw_stories": {"pages": [{"image": "https://example.com/spring-1.jpg"}]}}}"#

    public let description = RuleDescription(
        code: "IK812", severity: .error, title: "Story content extension Info.plist mismatch",
        explanation: """
            Checked with `--plist PATH`. Under `NSExtension` → `NSExtensionAttributes` the story \
            content extension needs: `UNNotificationExtensionCategory` equal to (or an array \
            containing) `PW_STORIES`, or iOS never uses the extension; \
            `UNNotificationExtensionUserInteractionEnabled` true, or taps cannot move between \
            pages; `UNNotificationExtensionDefaultContentHidden` true, or the notification's own \
            title and text show under the story; `UNNotificationExtensionInitialContentSizeRatio` \
            equal to the story aspect ratio (`--aspect-ratio`, default 1.5), or the expanded \
            notification opens at the wrong height and jumps. Each mismatch names its key path.
            """,
        triggers: [
            RuleExample(story, plist: plist(ratio: "<real>1.0</real>")),
            RuleExample(story, plist: plist(category: "<string>MAIN</string>")),
        ],
        passes: [
            RuleExample(story, plist: plist()),
            RuleExample(story, plist: plist(category: "<array><string>MAIN</string><string>PW_STORIES</string></array>")),
        ])

    /// The findings about one checked Info.plist; its path is their source.
    public func diagnostics(for info: ExtensionInfo) -> [Diagnostic] {
        info.settings.filter { !$0.isRight }.map { setting in
            Diagnostic(code: description.code, severity: description.severity,
                       message: message(setting, aspectRatio: info.aspectRatio), source: info.source,
                       pointer: setting.pointer, line: setting.position.line, column: setting.position.column)
        }
    }

    func message(_ setting: ExtensionSetting, aspectRatio: Double) -> String {
        let key = setting.key.rawValue
        let found = setting.value.map { "is \($0.summary)" } ?? "is missing"
        switch setting.key {
        case .category:
            return """
                \(key) \(found), not PW_STORIES (or an array containing it): iOS never uses this extension \
                for story pushes, so they show as plain notifications
                """
        case .userInteractionEnabled:
            return """
                \(key) \(found), not true: taps never reach the story, so people cannot move between pages \
                or press a page button
                """
        case .defaultContentHidden:
            return "\(key) \(found), not true: iOS shows the notification's own title and text under the story"
        case .initialContentSizeRatio:
            return """
                \(key) \(found), not the story aspect ratio \(StoryNumber.text(aspectRatio)): the expanded \
                notification opens at the wrong height and jumps when the story appears
                """
        }
    }
}
