/// The four Info.plist keys the story content extension depends on (BEHAVIOUR §7). They live
/// under `NSExtension` → `NSExtensionAttributes`; a copy at the top level is accepted too.
public enum ExtensionKey: String, CaseIterable, Sendable {
    /// Must be, or contain, `PW_STORIES`: iOS only shows the extension for that category.
    case category = "UNNotificationExtensionCategory"
    /// Must be true: without it taps never reach the extension, so pages cannot be navigated.
    case userInteractionEnabled = "UNNotificationExtensionUserInteractionEnabled"
    /// Must be true: otherwise the notification's own title and body show under the story.
    case defaultContentHidden = "UNNotificationExtensionDefaultContentHidden"
    /// Must equal the story aspect ratio, or the expanded view jumps to another height.
    case initialContentSizeRatio = "UNNotificationExtensionInitialContentSizeRatio"

    /// The key path where the key belongs, as a JSON-Pointer-style path.
    public var expectedPointer: String { "/NSExtension/NSExtensionAttributes/\(rawValue)" }
}

/// One of the four keys as the Info.plist declares it, judged.
public struct ExtensionSetting: Sendable {
    public var key: ExtensionKey
    /// The value found, nil when the key is missing.
    public var value: PlistValue?
    /// Where the value is (`/NSExtension/NSExtensionAttributes/…` or `/…` at the top
    /// level), or where it belongs when missing.
    public var pointer: String
    public var position: PlistPosition
    /// Whether the value is what the story extension needs.
    public var isRight: Bool
}

/// The content extension's Info.plist checked against what Push Stories needs.
public struct ExtensionInfo: Sendable {
    /// Default `storyAspectRatio` of the stories view controller (height ÷ width).
    public static let defaultAspectRatio: Double = 1.5
    /// Ratios closer than this are equal: plists round-trip `<real>` text through binary.
    static let ratioTolerance = 1e-6

    public var source: String
    /// The story aspect ratio the plist must declare (`--aspect-ratio`).
    public var aspectRatio: Double
    /// The four keys, in `ExtensionKey` order.
    public var settings: [ExtensionSetting]

    public var isRight: Bool { settings.allSatisfy(\.isRight) }

    public init(plist: InfoPlist, aspectRatio: Double = ExtensionInfo.defaultAspectRatio) {
        source = plist.source
        self.aspectRatio = aspectRatio
        let attributes = plist.root["NSExtension"]?["NSExtensionAttributes"]
        settings = ExtensionKey.allCases.map { key in
            let pointer: String
            let value: PlistValue?
            if let nested = attributes?[key.rawValue] {
                (pointer, value) = (key.expectedPointer, nested)
            } else if let top = plist.root[key.rawValue] {
                (pointer, value) = ("/\(key.rawValue)", top)
            } else {
                (pointer, value) = (key.expectedPointer, nil)
            }
            let position = plist.keyPositions[key.rawValue]
                ?? plist.keyPositions["NSExtensionAttributes"] ?? plist.keyPositions["NSExtension"] ?? .start
            return ExtensionSetting(key: key, value: value, pointer: pointer, position: position,
                                    isRight: Self.isRight(value, for: key, aspectRatio: aspectRatio))
        }
    }

    static func isRight(_ value: PlistValue?, for key: ExtensionKey, aspectRatio: Double) -> Bool {
        guard let value else { return false }
        switch key {
        case .category:
            if value == .string(Story.category) { return true }
            if case .array(let items) = value { return items.contains(.string(Story.category)) }
            return false
        case .userInteractionEnabled, .defaultContentHidden:
            return value == .bool(true)
        case .initialContentSizeRatio:
            guard case .number(let ratio) = value else { return false }
            return abs(ratio - aspectRatio) <= ratioTolerance
        }
    }

    /// The one setting for a key.
    public func setting(_ key: ExtensionKey) -> ExtensionSetting? {
        settings.first { $0.key == key }
    }
}
