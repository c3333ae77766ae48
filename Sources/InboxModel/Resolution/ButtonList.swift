/// The `buttons` of a message under one profile: the array the §3 lookup found (the
/// first `buttons` that is an array) decoded element by element (SPEC §6).
public struct ButtonList: Equatable, Sendable {
    /// The array, when one was found.
    public var source: JSONValue?
    public var place: LookupPlace?
    /// The buttons the SDK keeps, in order.
    public var buttons: [Button]
    /// Elements it skips.
    public var dropped: [DroppedButton]

    public static func == (lhs: ButtonList, rhs: ButtonList) -> Bool { lhs.buttons == rhs.buttons }

    static func find(in params: ActionParams, profile: SDKProfile) -> ButtonList {
        guard let found = params.lookup(.buttons, accept: { $0.kind == .array ? $0 : nil }) else {
            return ButtonList(source: nil, place: nil, buttons: [], dropped: [])
        }
        var list = ButtonList(source: found.source, place: found.place, buttons: [], dropped: [])
        // Most elements are buttons: room for all of them at once, instead of regrowing.
        list.buttons.reserveCapacity(Int(found.value.node.count))
        found.value.forEachElement { element in
            switch decode(element, profile: profile) {
            case .success(let button): list.buttons.append(button)
            case .failure(let dropped): list.dropped.append(dropped)
            }
        }
        return list
    }

    /// One element: an object with a non-empty string `title`, then the action by priority:
    /// a known `action` token, a usable `url`, else custom.
    static func decode(_ element: JSONValue, profile: SDKProfile) -> Result<Button, DroppedButton> {
        guard element.kind == .object else { return .failure(DroppedButton(source: element, reason: .notAnObject)) }
        let member = element.members(buttonKeys)
        guard let titleValue = member[0] else { return .failure(DroppedButton(source: element, reason: .noTitle)) }
        guard let title = titleValue.string else {
            return .failure(DroppedButton(source: element, reason: .titleNotAString))
        }
        guard !title.isEmpty else { return .failure(DroppedButton(source: element, reason: .emptyTitle)) }
        let actionValue = member[1]
        let urlValue = member[2]
        var button = Button(title: title, action: .dismiss, decision: .token, source: element,
                            actionValue: actionValue, urlValue: urlValue)
        if let token = actionValue?.string, let kind = CaseInsensitiveName.match(token, among: profile.actionTokenNames) {
            switch kind {
            case .dismiss: button.action = .dismiss
            case .markRead: button.action = .markRead
            // No release has an `openURL` token; were one added it would carry the payload too.
            case .custom, .openURL: button.action = .custom(CustomPayload(button: element))
            }
        } else if let url = urlValue?.string, profile.buttonURLRule.accepts(url) {
            button.action = .openURL(url)
            button.decision = .url
        } else {
            button.action = .custom(CustomPayload(button: element))
            button.decision = .fallback
        }
        return .success(button)
    }

    /// A button's members, by position in `decode`, looked up in one pass.
    private static let buttonKeys = MemberNames(["title", "action", "url"])
}
