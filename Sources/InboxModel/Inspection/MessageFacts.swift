import InboxCore

/// Plain facts about an inspected message, read from what the inspection computed: does
/// it have buttons, a carousel, a `pinned` key, a URL without a scheme, … A message rule
/// declares the facts it needs (`MessageRule.needs`) and the analyzer offers a message
/// only to the rules whose every fact holds: most rules look at something most messages
/// lack, and the facts are worked out once per message (`of(_:)`) and tested as bits.
///
/// Only a filter: a rule offered a message without its facts still finds nothing
/// (`RuleScopeTests` compares the two on every example and many more payloads). A fact
/// belongs here when it is about the message, not about one rule's wording, and is cheap:
/// every message pays for every fact.
public struct MessageFacts: OptionSet, Sendable {
    public let rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Messages with at least one button kept (`Resolution.buttons.buttons`).
    public static let buttons = MessageFacts(rawValue: 1 << 0)
    /// Messages with a carousel array (`Resolution.carousel`).
    public static let carousel = MessageFacts(rawValue: 1 << 1)
    /// Inbox messages (`Shape.inbox`).
    public static let inbox = MessageFacts(rawValue: 1 << 2)
    /// createMessage notifications (`Shape.notification`): the delivery fields.
    public static let notification = MessageFacts(rawValue: 1 << 3)
    /// Messages whose custom data has a `displayType` key at a place its lookup walks.
    public static let displayTypeKey = MessageFacts(rawValue: 1 << 4)
    /// Messages whose custom data has a `buttons` key at a place its lookup walks.
    public static let buttonsKey = MessageFacts(rawValue: 1 << 5)
    /// Messages whose custom data has a `carousel` key at a place its lookup walks.
    public static let carouselKey = MessageFacts(rawValue: 1 << 6)
    /// Messages whose custom data has an `image` key at a place its lookup walks.
    public static let imageKey = MessageFacts(rawValue: 1 << 7)
    /// Messages whose custom data has a `pinned` key at a place its lookup walks.
    public static let pinnedKey = MessageFacts(rawValue: 1 << 8)
    /// Messages with anything about video: a `video` key, a video field resolved, or a
    /// video layout.
    public static let video = MessageFacts(rawValue: 1 << 9)
    /// Messages with anything about Wallet: a `wallet` key, a pass (kept or rejected), or
    /// a wallet layout.
    public static let wallet = MessageFacts(rawValue: 1 << 10)
    /// Messages whose `displayType` names no layout the release draws.
    public static let unknownDisplayType = MessageFacts(rawValue: 1 << 11)
    /// Messages whose requested layout degraded (`Resolution.degradation`).
    public static let degraded = MessageFacts(rawValue: 1 << 12)
    /// Messages whose layout the SDK chose by itself (`RequestSource.heuristic`).
    public static let heuristic = MessageFacts(rawValue: 1 << 13)
    /// Messages drawn as a banner card.
    public static let banner = MessageFacts(rawValue: 1 << 14)
    /// Messages with a button the SDK drops (`ButtonList.dropped`).
    public static let droppedButtons = MessageFacts(rawValue: 1 << 15)
    /// Messages pinned by a number (`Pinning.isNumeric`).
    public static let numericPinned = MessageFacts(rawValue: 1 << 16)
    /// Messages whose push estimate is above `APNsSizeEstimate.warningThreshold`.
    public static let nearSizeLimit = MessageFacts(rawValue: 1 << 17)
    /// Messages with a `platforms` value.
    public static let platforms = MessageFacts(rawValue: 1 << 18)
    /// Messages with an `inbox_date` value.
    public static let inboxDate = MessageFacts(rawValue: 1 << 19)
    /// Messages with a media URL the SDK loads over plain http.
    public static let plainHTTPMedia = MessageFacts(rawValue: 1 << 20)
    /// Messages with a URL the SDK loads or opens that has no scheme.
    public static let noSchemeURL = MessageFacts(rawValue: 1 << 21)
    /// Messages with a media or slide URL of another scheme that may be a dangerous one.
    public static let otherSchemeMedia = MessageFacts(rawValue: 1 << 22)
    /// Messages with a URL the SDK uses that iOS may not take as written (`URLFirstLook`),
    /// or with a URL iOS rejects.
    public static let unplainURL = MessageFacts(rawValue: 1 << 23)
    /// Messages whose custom data had problems reading a nested JSON string
    /// (`ActionParams.nestedWarnings`, `rootProblem`, `uProblem`).
    public static let nestedIssues = MessageFacts(rawValue: 1 << 24)
    /// Messages with a `send_date` that is set and not "now" (`Message.isSentNow`).
    public static let sendDate = MessageFacts(rawValue: 1 << 25)
    /// Messages whose title or body is an object or read from languages (`TextField`).
    public static let localised = MessageFacts(rawValue: 1 << 26)
    /// Messages with an `inbox_days` that is not null and not a plain number from 1 to 30.
    public static let unusualInboxDays = MessageFacts(rawValue: 1 << 27)
    /// Messages with a `platforms` value that does not start with a plain 1 (iOS): the
    /// usual list names iOS first.
    public static let platformsNotIOSFirst = MessageFacts(rawValue: 1 << 28)
    /// Messages whose custom data has a `displayType` of another type than a string before
    /// the one the lookup uses (the SDK skips it).
    public static let skippedDisplayType = MessageFacts(rawValue: 1 << 29)
    /// Messages whose custom data has a `buttons` that is not an array before the one used.
    public static let skippedButtons = MessageFacts(rawValue: 1 << 30)
    /// Messages whose custom data has a `carousel` that is not an array before the one used.
    public static let skippedCarousel = MessageFacts(rawValue: 1 << 31)
    /// Notifications that set no inbox field (`Message.setsInboxField`).
    public static let noInboxField = MessageFacts(rawValue: 1 << 32)
    /// Messages whose top level may hold a custom-data key (`Message.mayHaveCustomKeyAtTopLevel`).
    public static let customKeyAtTopLevel = MessageFacts(rawValue: 1 << 33)
    /// Notifications that may set an inbox field twice (`Message.mayRepeatInboxField`).
    public static let repeatedInboxField = MessageFacts(rawValue: 1 << 34)
    /// Messages with a place where a key may be misspelled (`MisspelledKey.mayFind`).
    public static let mayHoldMisspelledKey = MessageFacts(rawValue: 1 << 35)

    /// How many bits a fact may take (bits below this).
    static let bitCount = 64

    /// The facts that hold for `message`.
    static func of(_ message: InspectedMessage) -> MessageFacts {
        // The custom data is passed where it is: a local would be a copy, retained and released.
        of(message, params: message.actionParams)
    }

    /// Inlined, so `params` is read where the message holds it: passed to a call, the
    /// message's `ActionParams` was copied for every message.
    @inline(__always)
    private static func of(_ message: InspectedMessage, params: ActionParams) -> MessageFacts {
        var facts: UInt64 = 0
        if !message.resolution.buttons.buttons.isEmpty { facts |= buttons.rawValue }
        if message.resolution.carousel != nil { facts |= carousel.rawValue }
        switch message.shape {
        case .inbox: facts |= inbox.rawValue
        case .notification: facts |= notification.rawValue
        default: break
        }
        // Matched, not compared with nil: `!=` on an optional `JSONIssue` compares the values.
        if !params.nestedWarnings.isEmpty { facts |= nestedIssues.rawValue }
        if case .some = params.rootProblem { facts |= nestedIssues.rawValue }
        if case .some = params.uProblem { facts |= nestedIssues.rawValue }
        if params.mayHave(.displayType) { facts |= displayTypeKey.rawValue }
        if params.mayHave(.buttons) { facts |= buttonsKey.rawValue }
        if params.mayHave(.carousel) { facts |= carouselKey.rawValue }
        if params.mayHave(.image) { facts |= imageKey.rawValue }
        if params.mayHave(.pinned) { facts |= pinnedKey.rawValue }
        let layout = message.resolution.layout
        if params.mayHave(.video) || message.resolution.video != nil || layout == .video { facts |= video.rawValue }
        if params.mayHave(.wallet) || message.resolution.wallet != nil || !message.resolution.rejectedWallets.isEmpty
            || layout == .wallet { facts |= wallet.rawValue }
        if message.resolution.displayType != nil, message.resolution.displayType?.kind == nil {
            facts |= unknownDisplayType.rawValue
        }
        if message.resolution.degradation != nil { facts |= degraded.rawValue }
        if message.resolution.requestedBy == .heuristic { facts |= heuristic.rawValue }
        if layout == .banner { facts |= banner.rawValue }
        if !message.resolution.buttons.dropped.isEmpty { facts |= droppedButtons.rawValue }
        if message.resolution.pinning.isNumeric { facts |= numericPinned.rawValue }
        if let bytes = message.sizeEstimate?.bytes, bytes > APNsSizeEstimate.warningThreshold {
            facts |= nearSizeLimit.rawValue
        }
        if let listed = message.platforms {
            facts |= platforms.rawValue
            if !Self.startsWithIOS(listed) { facts |= platformsNotIOSFirst.rawValue }
        }
        if let days = message.inboxDays, !days.isNull {
            // The usual value, one or two plain digits, is read from its bytes.
            if let whole = days.plainInteger(maxDigits: 2), whole >= 1 && whole <= 30 {} else {
                facts |= unusualInboxDays.rawValue
            }
        }
        if message.inboxDate != nil { facts |= inboxDate.rawValue }
        if !message.isSentNow { facts |= sendDate.rawValue }
        // A title or body that is an object, or read from languages (with only a language,
        // `LocalisationUnusable` passes it over).
        if message.title?.value.kind == .object || message.title?.isLocalised == true
            || message.body?.value.kind == .object || message.body?.isLocalised == true {
            facts |= localised.rawValue
        }
        if facts & displayTypeKey.rawValue != 0,
           params.seesValue(.displayType, until: message.resolution.displayType?.place, where: { $0 != .string }) {
            facts |= skippedDisplayType.rawValue
        }
        if facts & buttonsKey.rawValue != 0,
           params.seesValue(.buttons, until: message.resolution.buttons.place, where: { $0 != .array }) {
            facts |= skippedButtons.rawValue
        }
        if facts & carouselKey.rawValue != 0,
           params.seesValue(.carousel, until: message.resolution.carousel?.place, where: { $0 != .array }) {
            facts |= skippedCarousel.rawValue
        }
        if !message.setsInboxField { facts |= noInboxField.rawValue }
        if message.mayHaveCustomKeyAtTopLevel { facts |= customKeyAtTopLevel.rawValue }
        if message.mayRepeatInboxField { facts |= repeatedInboxField.rawValue }
        if message.resolution.mayHoldMisspelledKey { facts |= mayHoldMisspelledKey.rawValue }
        if !message.resolution.urlSites.isEmpty { facts |= urlFacts(message) }
        return MessageFacts(rawValue: facts)
    }

    /// Whether `platforms` is a list whose first element is the plain number 1.
    @inline(__always)
    private static func startsWithIOS(_ platforms: JSONValue) -> Bool {
        platforms[0]?.plainInteger(maxDigits: 1) == 1 // nil for an empty list or another kind
    }

    /// The facts of the URL sites, found in one walk (most messages have nothing for any
    /// of the URL rules, which then walk the sites only for a message with something).
    private static func urlFacts(_ message: InspectedMessage) -> UInt64 {
        let sites = message.resolution.urlSites
        var facts: UInt64 = 0
        for index in sites.indices {
            let role = sites[index].role
            let mark = sites[index].schemeMark
            if sites[index].used {
                if mark == .http && role.isMedia { facts |= plainHTTPMedia.rawValue }
                if mark == .none { facts |= noSchemeURL.rawValue }
                if facts & unplainURL.rawValue == 0, !sites[index].isTakenAsWritten {
                    facts |= unplainURL.rawValue
                }
            }
            if mark == .rejected { facts |= unplainURL.rawValue }
            if role != .button && mark == .other && URLScheme.mayStartDangerous(sites[index].value) {
                facts |= otherSchemeMedia.rawValue
            }
        }
        return facts
    }
}
