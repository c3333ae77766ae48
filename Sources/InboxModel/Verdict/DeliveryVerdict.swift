/// The answer to a marketer's question about one message, before any preview: does it
/// reach the inbox on iPhones, which card is drawn, and — when it is not the card that
/// was asked for, or shows something broken — every reason why. A plain value worked out
/// from what the inspection computed; renderers (text, JSON, HTML) only show it.
///
/// Worked out when asked (resolve, buttons), never on validate's path.
public struct DeliveryVerdict: Sendable {
    /// The message reaches the inbox (a notification with an inbox field, an inbox
    /// element the SDK keeps, a push or SDK message already there).
    public var inbox: Bool
    /// iPhones receive it (`platforms` absent, or listing 1).
    public var ios: Bool
    /// The card the SDK draws (when it shows at all).
    public var card: CardKind
    /// The card the payload asks for (see `CardIntent`); nil when it leaves the choice
    /// to the SDK.
    public var intended: CardKind?
    /// Why it does not show, or why the card is not the one asked for or shows broken,
    /// each in a few words; empty when all is as asked.
    public var reasons: [String]
    /// The card's image area stays empty: the image URL has no scheme, so nothing loads.
    public var imageAreaEmpty: Bool
    /// The first of `reasons` that keep the message off iPhones' inboxes (empty when it shows).
    public var blocking: [String] { Array(reasons.prefix(blockingCount)) }
    private var blockingCount = 0

    /// It reaches an iPhone's inbox.
    public var shows: Bool { inbox && ios }
    /// It shows, as the card asked for, with nothing broken.
    public var asIntended: Bool { shows && reasons.isEmpty }

    public init(_ message: InspectedMessage) {
        let resolution = message.resolution
        var reasons: [String] = []
        inbox = true
        if let why = Self.notInInbox(message) {
            inbox = false
            reasons.append(why)
        }
        ios = true
        if let platforms = message.message.platforms, platforms.kind == .array {
            var hasIOS = false
            platforms.forEachElement { if PlatformsLackIOS.isIOS($0) { hasIOS = true } }
            if !hasIOS {
                ios = false
                reasons.append("platforms \(platforms.compactJSON) has no 1 (iOS)")
            }
        }
        blockingCount = reasons.count
        card = resolution.layout
        intended = CardIntent.intended(message)
        let misspelled = MisspelledKey.find(in: message)
        for key in misspelled where !key.isAboutStories {
            let place = key.place == .customData ? "" : " in \(key.place.wording)"
            reasons.append("\"\(key.written)\"\(place) is not read: the key is \"\(key.expected)\"")
        }
        if let displayType = resolution.displayType, displayType.kind == nil, resolution.requestedBy == .heuristic {
            if displayType.anyKind == nil {
                reasons.append("displayType \"\(displayType.text)\" names no layout")
            } else {
                reasons.append("this SDK release does not draw \(displayType.lowercased)")
            }
        } else if resolution.requestedBy == .heuristic, resolution.displayType == nil,
                  let rich = CardIntent.richData(of: resolution),
                  !misspelled.contains(where: { $0.place == .customData && $0.expected == "displayType" }) {
            reasons.append("\(rich.kind.rawValue) data but no displayType")
        }
        reasons += resolution.reasons
        // What the card asked for would still lack once the displayType is fixed, so one
        // round of edits fixes it all.
        if resolution.requestedBy == .heuristic, let intended, intended != card, message.profile.knows(intended) {
            reasons += message.profile.requirements(of: intended).filter { !resolution.facts.has($0) }.map(\.reason)
        }
        imageAreaEmpty = false
        if let image = resolution.image, Self.drawsImage(resolution.layout), URLScheme.of(image.url) == nil {
            imageAreaEmpty = true
            reasons.append("the image URL has no scheme: the image area stays empty")
        }
        self.reasons = reasons
    }

    /// Why the message never reaches the inbox, nil when it does.
    static func notInInbox(_ message: InspectedMessage) -> String? {
        switch message.message.shape {
        case .notification:
            guard !message.setsInboxField else { return nil }
            return message.story == nil ? "no inbox_image, inbox_date or inbox_days: sent as a plain push"
                : "a Push Stories push without inbox fields: played once, not kept in the inbox"
        case .inbox:
            let value = message.message.value
            let missing = InboxElementDropped.requiredKeys.filter { key in value[key].map(\.isNull) ?? true }
            return missing.isEmpty ? nil : "the SDK drops an inbox element without \(missing.joined(separator: ", "))"
        default:
            return nil
        }
    }

    /// Whether the layout draws the card image (banner, captioned, wallet's hero image).
    static func drawsImage(_ kind: CardKind) -> Bool {
        kind == .banner || kind == .captioned || kind == .wallet
    }
}
