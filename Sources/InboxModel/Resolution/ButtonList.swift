import InboxCore

/// The `buttons` of a message under one profile: the array the §3 lookup found (the
/// first `buttons` that is an array) decoded element by element (BEHAVIOUR §6).
public struct ButtonList: Equatable, Sendable {
    /// The array, when one was found.
    public var source: JSONValue?
    public var place: LookupPlace?
    /// The buttons the SDK keeps, in order (a view of the resolution's list buffer:
    /// valid while the resolution is, see `ResolvedList`).
    public var buttons: ResolvedList<Button>
    /// Elements it skips.
    public var dropped: ResolvedList<DroppedButton>
    /// Whether an element has a key other than `title`, `action` and `url` that may be a
    /// misspelling (`MisspelledKey.mayHold`): only then does IK210 look into the buttons.
    var elementsMayHoldMisspelling = false

    public static func == (lhs: ButtonList, rhs: ButtonList) -> Bool { lhs.buttons == rhs.buttons }

    /// The array the §3 lookup finds (the first `buttons` that is an array).
    @inline(__always)
    static func lookup(in params: ActionParams) -> Found<JSONValue>? {
        params.lookup(.buttons, accept: { $0.kind == .array ? $0 : nil })
    }

    /// No `buttons` array: nothing to decode (the resolver does not call `decode`).
    static var none: ButtonList { ButtonList(source: nil, place: nil, buttons: ResolvedList(), dropped: ResolvedList()) }

    /// The room `decode(_:profile:arena:)` takes in a `ListArena`: every element may be a
    /// button, or dropped.
    static func bytes(elements count: Int) -> Int {
        ListArena.bytes(Button.self, count) + ListArena.bytes(DroppedButton.self, count)
    }

    /// Decodes the array found, element by element, into regions of `arena`; each kept
    /// button's url goes to `sites` (with the scheme its decoding read).
    static func decode(_ found: Found<JSONValue>?, profile: SDKProfile, arena: inout ListArena,
                       sites: inout ListWriter<URLSite>) -> ButtonList {
        guard let found else { return none }
        let count = Int(found.value.node.count)
        var buttons = arena.region(Button.self, capacity: count)
        var dropped = arena.region(DroppedButton.self, capacity: count)
        var mayHoldMisspelling = false
        found.value.forEachElement { element in
            switch decode(element, profile: profile, mayHoldMisspelling: &mayHoldMisspelling) {
            case .success(let button):
                buttons.append(button)
                sites.add(.button, button.urlValue, used: button.action.kind == .openURL,
                          reading: (button.urlScheme, button.urlIsTakenAsWritten))
            case .failure(let skipped): dropped.append(skipped)
            }
        }
        return ButtonList(source: found.source, place: found.place, buttons: buttons.list, dropped: dropped.list,
                          elementsMayHoldMisspelling: mayHoldMisspelling)
    }

    /// One element: an object with a non-empty string `title`, then the action by priority:
    /// a known `action` token, a usable `url`, else custom.
    static func decode(_ element: JSONValue, profile: SDKProfile) -> Result<Button, DroppedButton> {
        var mayHoldMisspelling = false
        return decode(element, profile: profile, mayHoldMisspelling: &mayHoldMisspelling)
    }

    /// Inlined into the loop over the array, like a slide's decoding.
    @inline(__always)
    static func decode(_ element: JSONValue, profile: SDKProfile, mayHoldMisspelling: inout Bool) -> Result<Button, DroppedButton> {
        guard element.kind == .object else { return .failure(DroppedButton(source: element, reason: .notAnObject)) }
        let member = buttonKeys.nodes(of: element)
        if member.hasOtherKeys, !mayHoldMisspelling {
            mayHoldMisspelling = MisspelledKey.mayHold(element, at: .button)
        }
        guard let titleNode = member.node(0) else { return .failure(DroppedButton(source: element, reason: .noTitle)) }
        let title = element.nodes[titleNode]
        guard title.kind == .string else { return .failure(DroppedButton(source: element, reason: .titleNotAString)) }
        // Every escape decodes to at least one byte: the raw length tells emptiness.
        guard title.end - title.start > 2 else { return .failure(DroppedButton(source: element, reason: .emptyTitle)) }
        let actionValue = member.node(1).map { element.sibling($0) }
        let urlValue = member.node(2).map { element.sibling($0) }
        let urlReading = urlValue.map { SchemeMark.reading($0) } ?? (.none, true)
        let urlScheme = urlReading.mark
        var action = ButtonAction.dismiss
        var decision = Button.Decision.token
        if let kind = actionValue.flatMap({ profile.actionToken(of: $0) }) {
            switch kind {
            case .dismiss: action = .dismiss
            case .markRead: action = .markRead
            // No release has an `openURL` token; were one added it would carry the payload too.
            case .custom, .openURL: action = .custom(CustomPayload(button: element, keys: member))
            }
        } else if let urlValue, accepts(profile.buttonURLRule, urlValue, scheme: urlScheme) {
            action = .openURL(ButtonURL(urlValue))
            decision = .url
        } else {
            action = .custom(CustomPayload(button: element, keys: member))
            decision = .fallback
        }
        return .success(Button(source: element, titleNode: Int32(titleNode), actionNode: actionValue.map { Int32($0.index) } ?? -1,
                               urlNode: urlValue.map { Int32($0.index) } ?? -1, urlReading: urlReading,
                               action: action, decision: decision))
    }

    /// `rule.accepts(url)` given the url's scheme mark, so the scheme is read once: a usable
    /// mark is a string with a scheme that iOS's `URL(string:)` accepts.
    @inline(__always)
    static func accepts(_ rule: ButtonURLRule, _ url: JSONValue, scheme: SchemeMark) -> Bool {
        switch rule {
        case .anyNonEmpty: return url.isNonEmptyString
        case .scheme: return scheme.isUsable
        }
    }

    /// A button's members, by position in `decode`, looked up in one pass: `title`,
    /// `action`, `url` (as `ShortNames("title", "action", "url")`, constants).
    static var buttonKeys: ShortNames { ShortNames(words: 0x65_6C_74_69_74, 0x6E_6F_69_74_63_61, 0x6C_72_75) }
}
