import InboxCore

/// The messages a message rule can have findings for, by what they have: a rule narrows
/// its `MessageRule.scope` when its check finds nothing in any other message (a button
/// rule walks the buttons, and a message without any has none to walk; a wallet rule
/// looks at wallet values, and almost no message has one). The analyzer works out once
/// per message which of these facts hold (`of(_:)`, a few loads of what the inspection
/// computed) and offers the message only to the rules whose every fact holds
/// (`RuleChecks`): most rules look at something most messages lack, and a call that
/// returns at once still cost some sixty instructions, for each rule and message.
///
/// Only an optimisation: a rule offered a message outside its scope still finds nothing
/// (`RuleScopeTests` compares the two on every example and many more payloads). A fact
/// is added here when a rule's check starts by asking it; it must be cheap to read, as
/// every message pays for every fact.
public struct MessageScope: OptionSet, Sendable {
    public let rawValue: UInt32

    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Messages with at least one button (`Resolution.buttons.buttons`, the buttons kept).
    public static let buttons = MessageScope(rawValue: 1 << 0)
    /// Messages with a carousel array (`Resolution.carousel`).
    public static let carousel = MessageScope(rawValue: 1 << 1)
    /// Inbox messages (`Shape.inbox`).
    public static let inbox = MessageScope(rawValue: 1 << 2)
    /// createMessage notifications (`Shape.notification`): the delivery fields.
    public static let notification = MessageScope(rawValue: 1 << 3)
    /// Messages whose custom data has a `displayType` key at a place its lookup walks.
    public static let displayTypeKey = MessageScope(rawValue: 1 << 4)
    /// Messages whose custom data has a `buttons` key at a place its lookup walks.
    public static let buttonsKey = MessageScope(rawValue: 1 << 5)
    /// Messages whose custom data has a `carousel` key at a place its lookup walks.
    public static let carouselKey = MessageScope(rawValue: 1 << 6)
    /// Messages whose custom data has an `image` key at a place its lookup walks.
    public static let imageKey = MessageScope(rawValue: 1 << 7)
    /// Messages whose custom data has a `pinned` key at a place its lookup walks.
    public static let pinnedKey = MessageScope(rawValue: 1 << 8)
    /// Messages with anything about video: a `video` key, a video field resolved, or a
    /// video layout.
    public static let video = MessageScope(rawValue: 1 << 9)
    /// Messages with anything about Wallet: a `wallet` key, a pass (kept or rejected), or
    /// a wallet layout.
    public static let wallet = MessageScope(rawValue: 1 << 10)
    /// Messages whose `displayType` names no layout the release draws.
    public static let unknownDisplayType = MessageScope(rawValue: 1 << 11)
    /// Messages whose requested layout degraded (`Resolution.degradation`).
    public static let degraded = MessageScope(rawValue: 1 << 12)
    /// Messages whose layout the SDK chose by itself (`RequestSource.heuristic`).
    public static let heuristic = MessageScope(rawValue: 1 << 13)
    /// Messages drawn as a banner card.
    public static let banner = MessageScope(rawValue: 1 << 14)
    /// Messages with a button the SDK drops (`ButtonList.dropped`).
    public static let droppedButtons = MessageScope(rawValue: 1 << 15)
    /// Messages pinned by a number (`Pinning.isNumeric`).
    public static let numericPinned = MessageScope(rawValue: 1 << 16)
    /// Messages whose push estimate is above `APNsSizeEstimate.warningThreshold`.
    public static let nearSizeLimit = MessageScope(rawValue: 1 << 17)
    /// Messages with a `platforms` value.
    public static let platforms = MessageScope(rawValue: 1 << 18)
    /// Messages with an `inbox_date` value.
    public static let inboxDate = MessageScope(rawValue: 1 << 19)
    /// Messages with a media URL the SDK loads over plain http.
    public static let plainHTTPMedia = MessageScope(rawValue: 1 << 20)
    /// Messages with a URL the SDK loads or opens that has no scheme, at a place where
    /// that is reported (`NoScheme.covers`).
    public static let noSchemeURL = MessageScope(rawValue: 1 << 21)
    /// Messages with a media or slide URL of another scheme that may be a dangerous one.
    public static let otherSchemeMedia = MessageScope(rawValue: 1 << 22)
    /// Messages with a URL the SDK uses that iOS may not take as written (`URLFastPath`),
    /// or with a URL iOS rejects.
    public static let unplainURL = MessageScope(rawValue: 1 << 23)
    /// Messages whose custom data had problems reading a nested JSON string
    /// (`ActionParams.nestedWarnings`, `rootProblem`, `uProblem`).
    public static let nestedIssues = MessageScope(rawValue: 1 << 24)
    /// Messages with a `send_date` that is not null and not the string "now"
    /// (`SendDateInvalid.isNow`): nearly every campaign is sent now.
    public static let sendDate = MessageScope(rawValue: 1 << 25)
    /// Messages whose title or body is an object or read from languages (`TextField`).
    public static let localised = MessageScope(rawValue: 1 << 26)
    /// Messages with an `inbox_days` that is not null and not a plain number from 1 to 30.
    public static let unusualInboxDays = MessageScope(rawValue: 1 << 27)
    /// Messages with a `platforms` value that does not start with a plain 1 (iOS): the
    /// usual list names iOS first.
    public static let platformsNotIOSFirst = MessageScope(rawValue: 1 << 28)
    /// Messages with a key or value almost no message has, of those a rule of its own
    /// reports: a top level (of a notification, request or inbox message) that may have a
    /// custom-data key (IK107's pretest), a notification without any inbox field (IK101),
    /// with inbox_date and inbox_days both set, with a key given twice or that may have an
    /// inbox key copied into data or ios_root_params (IK105's pretests), or a displayType,
    /// buttons or carousel value of the wrong type before the one the lookup uses (IK202,
    /// IK601, IK401). One fact for the six rules, each called for nearly every message
    /// before and finding nothing: a message with one of these is offered to all six, and
    /// each tells its own case apart again (`mayFind(in:)`).
    public static let rareKeys = MessageScope(rawValue: 1 << 29)
    /// Messages with a button one of IK602, IK604, IK605 and IK606 may report (an empty
    /// custom payload, action "custom" with a url, an action that is not a token of the
    /// release, a url that may start with a dangerous scheme), found in one walk of the
    /// buttons where each of the four rules walked them all (`mayReport(_:_:)`).
    public static let buttonDetails = MessageScope(rawValue: 1 << 30)
    /// No message: the scope of a check registered but switched off by its options
    /// (`ProfileDifference` without a minimum SDK).
    public static let never = MessageScope(rawValue: 1 << 31)
    /// Every message: the scope of a rule that does not narrow it.
    public static let every: MessageScope = []

    /// How many facts there are (bits below this may be set by `of(_:)`, and `never`).
    static let factCount = 32

    /// The facts that hold for `message`. Read in place: binding the buttons or the
    /// carousel would copy (retain) their lists, and binding the message's fields or its
    /// resolution would copy every value of them.
    static func of(_ message: InspectedMessage) -> MessageScope {
        var facts: UInt32 = 0
        if !message.resolution.buttons.buttons.isEmpty {
            facts |= buttons.rawValue
            if buttonFacts(message.resolution.buttons.buttons) { facts |= buttonDetails.rawValue }
        }
        if message.resolution.carousel != nil { facts |= carousel.rawValue }
        switch message.message.shape {
        case .inbox: facts |= inbox.rawValue
        case .notification: facts |= notification.rawValue
        case .push, .message, .request: break
        }
        let params = message.message.actionParams
        // Matched, not compared with nil: `!= nil` on an optional `JSONIssue` (Equatable)
        // copied both sides into a tuple, some sixty instructions per message.
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
        if let listed = message.message.platforms {
            facts |= platforms.rawValue
            if !Self.startsWithIOS(listed) { facts |= platformsNotIOSFirst.rawValue }
        }
        if let days = message.message.inboxDays, !days.isNull {
            // The usual value, one or two plain digits, is read from its bytes.
            if let whole = days.plainInteger(maxDigits: 2), whole >= 1 && whole <= 30 {} else {
                facts |= unusualInboxDays.rawValue
            }
        }
        if message.message.inboxDate != nil { facts |= inboxDate.rawValue }
        if let sent = message.message.sendDate, !sent.isNull, !SendDateInvalid.isNow(sent) { facts |= sendDate.rawValue }
        // A title or body `LocalisationUnusable` looks at: an object, or one read from
        // languages (with only a language, it passes it over). Read in the message's fields
        // in place, through optional chaining: passing a field on copied it (a retain and a
        // release of its localisations' box, nil or not).
        if message.fields.title?.value.kind == .object || message.fields.title?.isLocalised == true
            || message.fields.body?.value.kind == .object || message.fields.body?.isLocalised == true {
            facts |= localised.rawValue
        }
        if !message.resolution.urlSites.isEmpty { facts |= urlFacts(message) }
        if CustomDataAtRoot.mayFind(in: message) || NotInInbox.mayFind(in: message)
            || InboxFieldConflict.mayFind(in: message)
            || facts & displayTypeKey.rawValue != 0 && DisplayTypeNotString.mayFind(in: message)
            || facts & buttonsKey.rawValue != 0 && ButtonsNotArray.mayFind(in: message)
            || facts & carouselKey.rawValue != 0 && CarouselNotArray.mayFind(in: message) {
            facts |= rareKeys.rawValue
        }
        return MessageScope(rawValue: facts)
    }

    /// Whether `platforms` is a list whose first element is the plain number 1.
    @inline(__always)
    private static func startsWithIOS(_ platforms: JSONValue) -> Bool {
        platforms[0]?.plainInteger(maxDigits: 1) == 1 // nil for an empty list or another kind
    }

    /// Whether a button of `list` is one IK602, IK604, IK605 or IK606 may report (read in
    /// place: binding a button copies its fields).
    private static func buttonFacts(_ list: ResolvedList<Button>) -> Bool {
        for index in list.indices where EmptyCustomPayload.mayReport(list, index) || CustomWithURL.mayReport(list, index)
            || UnknownAction.mayReport(list, index) || DangerousButtonURL.mayReport(list, index) { return true }
        return false
    }

    /// The facts of the URL sites, found in one walk: each of the four URL rules walked
    /// every site of every message, and most messages have nothing for any of them. The
    /// conditions are those the rules start with, so a rule walks the sites again only
    /// for a message that has something it looks for.
    private static func urlFacts(_ message: InspectedMessage) -> UInt32 {
        // Read in place: binding a site copies its fields.
        let sites = message.resolution.urlSites
        var facts: UInt32 = 0
        for index in sites.indices {
            let role = sites[index].role
            let mark = sites[index].schemeMark
            if sites[index].used {
                if mark == .http && role.isMedia { facts |= plainHTTPMedia.rawValue }
                if mark == .none && NoScheme.covers(role) { facts |= noSchemeURL.rawValue }
                if facts & unplainURL.rawValue == 0, !sites[index].value.isTakenAsWritten {
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
