import InboxCore

/// How big the APNs payload a message becomes is, in bytes of UTF-8 (BEHAVIOUR §9).
///
/// Apple refuses a remote notification whose JSON payload is larger than 4096 bytes: the
/// provider's send fails and nothing reaches the phone or the inbox. A createMessage
/// notification is not the payload itself; the platform builds it as
///
///     {"aps":{"alert":{"title":…,"body":…},"category":…,"mutable-content":1,…},
///      "u":"<data as a compact JSON string>", <ios_root_params keys>, <provider keys>}
///
/// and this type measures exactly that, compactly written (no whitespace, `/` not
/// escaped), plus `providerAllowance` bytes for the keys the platform adds itself.
/// For a push (`aps` dictionary) the payload is the file's dictionary, measured as is.
public struct APNsSizeEstimate: Sendable {
    /// Bytes of the estimated payload.
    public var bytes: Int
    /// The language measured when `content`/`ios_title` are localised: the largest one,
    /// since each device receives only its own language.
    public var language: String?
    /// What the bytes are made of, largest first: a name a marketer recognises and the
    /// value it comes from (nil for the provider's keys).
    public var parts: [Part]
    /// When `parts` were listed: their values only borrow the message's documents, and
    /// these keep them valid for as long as the estimate is kept. Nil when nothing was
    /// itemised (no value to keep).
    let owners: DocumentOwners?

    public struct Part: Sendable {
        public var name: String
        public var bytes: Int
        public var value: JSONValue?
    }

    /// APNs' limit for a remote notification payload.
    public static let limit = 4096
    /// 90% of the limit: above it one more button or a longer text breaks the push.
    public static let warningThreshold = 3686

    /// The keys the platform adds to every inbox push, with the largest sizes their
    /// values take (key, quotes, colon and comma included):
    /// - `"p"`: the message hash, at most 16 characters (23 bytes);
    /// - `"pw_inbox"`: the inbox message code, at most 40 characters (54 bytes);
    /// - `"inbox_params":{"rt":"<10-digit removal time>"}` (35 bytes); the
    ///   `inbox_image` URL inside `inbox_params` is counted exactly, not in this allowance.
    public static let providerKeys: [(key: String, bytes: Int)] = [("p", 23), ("pw_inbox", 54), ("inbox_params", 35)]
    public static var providerAllowance: Int { providerKeys.reduce(0) { $0 + $1.bytes } }

    /// The estimate for one message; nil for shapes that are not sent through APNs
    /// (inbox API responses and SDK messages were delivered already).
    /// - Parameter threshold: when given, `parts` are listed only for an estimate larger
    ///   than this and are empty otherwise. Parts name what to shrink, which matters only
    ///   near the limit, so they are listed only once the total is over the threshold.
    public static func estimate(_ message: Message, itemisingAbove threshold: Int? = nil) -> APNsSizeEstimate? {
        estimate(message.fields, itemisingAbove: threshold)
    }

    static func estimate(_ message: MessageFields, itemisingAbove threshold: Int? = nil) -> APNsSizeEstimate? {
        let measure: (MessageFields, Bool) -> APNsSizeEstimate
        switch message.shape {
        case .notification, .request: measure = notification
        case .push: measure = push
        default: return nil // not an APNs payload
        }
        if let threshold {
            let total = measure(message, false)
            if total.bytes <= threshold { return total }
        }
        return measure(message, true)
    }

    /// The estimate an inspected message keeps for IK901/IK902, which report only a payload
    /// larger than `threshold`: measured (and itemised above `threshold`) only when the
    /// message's payload may be that large, nil when it cannot be or when the shape is not
    /// sent through APNs. Nearly every notification is a small fraction of the limit, and
    /// `notificationBound` tells so from a few node spans without walking the custom data
    /// (`estimate(_:)` measures any message). Inlined into the inspected message's
    /// initialiser, with the bound, as for nearly every message the answer is nil.
    @inline(__always)
    static func estimate(_ message: MessageFields, ifOver threshold: Int) -> APNsSizeEstimate? {
        switch message.shape {
        case .notification, .request:
            guard notificationBound(message) > threshold else { return nil }
        case .push: break
        default: return nil // not an APNs payload
        }
        return measured(message, itemisingAbove: threshold)
    }

    /// `estimate(_:itemisingAbove:)`, kept out of line: the rare message that is measured.
    @inline(never)
    private static func measured(_ message: MessageFields, itemisingAbove threshold: Int) -> APNsSizeEstimate? {
        estimate(message, itemisingAbove: threshold)
    }

    /// An upper bound of a notification's estimate, from the raw spans of the values it
    /// measures. Each value's compact JSON is at most its source text (a string's quoted
    /// text is at most its raw one: an escape never requotes longer than it is written;
    /// whitespace only adds), so a part takes at most its value's span; the custom data
    /// sent as the `u` string takes at most twice its span and its quotes (quoting its
    /// compact JSON at most doubles each byte). The rest is the fixed text the estimate
    /// writes around them (`boundOverhead`).
    @inline(__always)
    static func notificationBound(_ message: MessageFields) -> Int {
        var bound = boundOverhead + span(message.category) + span(message.rootParams) + span(message.image?.value)
            + textSpan(message.title) + textSpan(message.body)
        if let data = message.actionParams.u { bound += 2 + 2 * span(data) }
        return bound
    }

    /// Every byte the notification estimate adds around its values, at most: the skeleton
    /// (40 bytes), `,"category":` (12), `,"u":` (5), `"image":,` (9), `"title":` (8),
    /// `"body":` and its comma (8), and the provider allowance (112). A literal, so the
    /// bound reads no lazily initialised global (`ReadingFastPathTests` adds them up).
    static let boundOverhead = 194

    /// Bytes of a value's source text (0 when absent).
    @inline(__always)
    private static func span(_ value: JSONValue?) -> Int {
        guard let value else { return 0 }
        let node = value.node
        return Int(node.end &- node.start)
    }

    /// Bytes of the source text of a title or body in every language it has: the one
    /// measured is one of them. A plain text (nearly every one) lists no languages.
    @inline(__always)
    private static func textSpan(_ field: TextField?) -> Int {
        guard let field else { return 0 }
        let total = span(field.value)
        return field.isLocalised ? total + localisedSpan(field) : total
    }

    /// The spans of a localised text's languages (rare).
    @inline(never)
    private static func localisedSpan(_ field: TextField) -> Int {
        var total = 0
        for entry in field.localizations { total += span(entry.value) }
        return total
    }

    private static func push(_ message: MessageFields, itemised: Bool) -> APNsSizeEstimate {
        let value = message.value
        var tally = PartTally(itemised: itemised)
        for (index, key) in value.keys.enumerated() {
            guard let member = value[key] else { continue }
            tally.add(key == "u" ? "the custom data in u" : key,
                      bytes: quoted(key) + 1 + member.compactJSONByteCount() + (index > 0 ? 1 : 0), value: member)
        }
        return APNsSizeEstimate(bytes: 2 /* { } */ + tally.bytes, language: nil, parts: sorted(tally.parts),
                                owners: itemised ? message.owners : nil)
    }

    private static func notification(_ message: MessageFields, itemised: Bool) -> APNsSizeEstimate {
        var fixed = PartTally(itemised: itemised)
        var skeleton = #"{"aps":{"alert":{},"mutable-content":1}}"#.utf8.count
        if let category = message.category?.quotedStringByteCount() {
            skeleton += #","category":"#.utf8.count + category
        }
        if let aps = message.rootParams?["aps"] {
            let apsExtra = memberBytes(of: aps, except: apsOwnKeys)
            if apsExtra > 0 { fixed.add("ios_root_params.aps", bytes: apsExtra, value: aps) }
        }
        if let data = message.actionParams.u, !data.isNull {
            let size = data.quotedStringByteCount() ?? data.compactQuotedByteCount()
            fixed.add("the custom data in data (sent as the u string)", bytes: #","u":"#.utf8.count + size, value: data)
        }
        if let root = message.rootParams, root.kind == .object {
            // Unitemised, only the sum is needed: counted from the tape, naming no key.
            if !itemised {
                fixed.add("", bytes: memberBytes(of: root, except: hiddenRootKeys), value: nil)
            } else {
                for key in root.keys where key != "aps" {
                    guard let member = root[key] else { continue }
                    fixed.add("ios_root_params.\(key)", bytes: 2 + quoted(key) + member.compactJSONByteCount(), value: member)
                }
            }
        }
        if let image = message.image, image.value.isNonEmptyString, let url = image.value.quotedStringByteCount() {
            fixed.add("inbox_image (sent in inbox_params)", bytes: #""image":,"#.utf8.count + url, value: image.value)
        }
        fixed.add("the keys the platform adds (p, pw_inbox, inbox_params)", bytes: providerAllowance, value: nil)
        let fixedBytes = skeleton + fixed.bytes

        // Each device gets one language: measure every language and keep the largest.
        // Texts are measured from their values, without decoding them into Strings, and
        // only sizes are kept while comparing languages; the winner's values are looked
        // up again only when the parts are listed.
        let bytes: Int
        let language: String?
        if message.title?.localizations.isEmpty ?? true, message.body?.localizations.isEmpty ?? true {
            // Plain texts (the usual case): one measure, no list of languages.
            bytes = fixedBytes + alertBytes(message, nil)
            language = nil
        } else {
            let languages = languages(message)
            var best: (bytes: Int, index: Int)?
            for (index, language) in languages.enumerated() {
                let bytes = fixedBytes + alertBytes(message, language)
                if bytes > best?.bytes ?? -1 { best = (bytes, index) }
            }
            bytes = best?.bytes ?? fixedBytes
            language = best.flatMap { languages[$0.index] }
        }
        // Unitemised, there are no parts to list or sort (`fixed` listed none).
        guard itemised else { return APNsSizeEstimate(bytes: bytes, language: language, parts: [], owners: nil) }
        var parts = fixed.parts
        if let title = text(message.title, language) {
            parts.append(Part(name: "the title (ios_title)", bytes: title.bytes, value: title.value))
        }
        if let body = text(message.body, language) {
            parts.append(Part(name: "the text (content)", bytes: body.bytes, value: body.value))
        }
        return APNsSizeEstimate(bytes: bytes, language: language, parts: sorted(parts), owners: message.owners)
    }

    /// The keys of `ios_root_params.aps` the estimate's skeleton writes itself.
    private static let apsOwnKeys = ["alert", "category", "mutable-content"]
    /// The key of `ios_root_params` the platform does not copy as it is.
    private static let hiddenRootKeys = ["aps"]

    /// Bytes the members of `object` take in a compact JSON object, each with its comma
    /// (`,"key":value`), leaving out the keys in `excluded` (compared byte for byte, as iOS
    /// compares keys); 0 when it is not an object. A duplicated key counts once, with its
    /// last value, as in the dictionary iOS builds.
    /// Counted from the tape: no key is decoded into a String and no value is written out.
    static func memberBytes(of object: JSONValue, except excluded: [String]) -> Int {
        let nodes = object.nodes
        let node = nodes[object.index]
        guard node.kind == .object else { return 0 }
        guard node.flags & NodeFlag.hasDuplicateKeys == 0 else {
            // Rare: each distinct key once, with the value a lookup finds (the last one).
            return object.keys.reduce(0) { sum, key in
                guard !excluded.contains(where: { key.utf8.elementsEqual($0.utf8) }), let value = object[key] else { return sum }
                return sum + 2 + quoted(key) + value.compactByteCount()
            }
        }
        return object.withInputSpan { bytes in
            var total = 0
            var keyIndex = object.index + 1
            for _ in 0 ..< Int(node.count) {
                let key = nodes[keyIndex]
                let isExcluded = excluded.contains { name in
                    name.withUTF8Span { JSONValue.stringNode(key, in: bytes, equals: $0) }
                }
                if !isExcluded {
                    total += 2 + (object.sibling(keyIndex).quotedStringByteCount() ?? 2) + object.sibling(keyIndex + 1).compactByteCount()
                }
                keyIndex = Int(nodes[keyIndex + 1].link)
            }
            return total
        }
    }

    /// Bytes of `"alert":{…}`'s members in one language: the title and the body, quoted.
    private static func alertBytes(_ message: MessageFields, _ language: String?) -> Int {
        let title = textBytes(message.title, language)
        let body = textBytes(message.body, language)
        var alert = 0
        if let title { alert += #""title":"#.utf8.count + title }
        if let body { alert += #""body":"#.utf8.count + body + (title == nil ? 0 : 1) }
        return alert
    }

    /// The languages to measure when title or body is localised: every localisation of
    /// either (one pass, nil, when the localised objects are empty).
    private static func languages(_ message: MessageFields) -> [String?] {
        var seen: [String] = []
        for field in [message.title, message.body] {
            for entry in field?.localizations ?? [] where !seen.contains(entry.language) { seen.append(entry.language) }
        }
        return seen.isEmpty ? [nil] : seen
    }

    /// A field's text in one language, falling back to the default language's text: the
    /// string value it is read from and its quoted size.
    private static func text(_ field: TextField?, _ language: String?) -> (value: JSONValue, bytes: Int)? {
        guard let field else { return nil }
        if let language, let entry = field.localizations.last(where: { $0.language == language }),
           let bytes = entry.value.quotedStringByteCount() {
            return (entry.value, bytes)
        }
        guard let bytes = field.value.quotedStringByteCount() else { return nil }
        return (field.value, bytes)
    }

    /// `text(field, language)?.bytes`, reading the field in place, as every message's
    /// title and body are measured.
    private static func textBytes(_ field: TextField?, _ language: String?) -> Int? {
        if let language, field?.localizations.isEmpty == false,
           let bytes = field?.localizations.last(where: { $0.language == language })?.value.quotedStringByteCount() {
            return bytes
        }
        return field?.value.quotedStringByteCount()
    }

    /// Reads the string's contiguous UTF-8 directly rather than `text.utf8` byte by byte,
    /// as every message's title and body are measured.
    private static func quoted(_ text: String) -> Int {
        text.withUTF8Span { quotedByteCount($0) }
    }

    /// The size of `JSONText.quote` of these bytes, without building the string, as the
    /// custom data of every message is measured.
    static func quotedByteCount(_ bytes: Span<UInt8>) -> Int {
        // Eight bytes at a time while none needs an escape, as in `JSONText`.
        var index = 0
        while index + 8 <= bytes.count, !JSONText.mayNeedEscape(KeyBytes.word(bytes, at: index), false) {
            index += 8
        }
        var count = 2 + index
        while index < bytes.count {
            count += quotedWidth(bytes[index])
            index += 1
        }
        return count
    }

    static func quotedByteCount<Bytes: Sequence>(sequence bytes: Bytes) -> Int where Bytes.Element == UInt8 {
        var count = 2
        for byte in bytes { count += quotedWidth(byte) }
        return count
    }

    /// Bytes one byte of text takes inside a JSON string: an escape for a quote, a
    /// backslash and the control characters (`\n` or `\u001f`), itself otherwise.
    @inline(__always)
    static func quotedWidth(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x08, 0x09, 0x0A, 0x0C, 0x0D: return 2
        case 0x00 ..< 0x20: return 6
        default: return 1
        }
    }

    private static func sorted(_ parts: [Part]) -> [Part] {
        guard parts.count > 1 else { return parts }
        return parts.enumerated().sorted { ($0.element.bytes, -$0.offset) > ($1.element.bytes, -$1.offset) }.map(\.element)
    }

    /// Adds up the parts of an estimate, and lists them only when `itemised`: the names
    /// are built only then.
    struct PartTally {
        let itemised: Bool
        private(set) var bytes = 0
        private(set) var parts: [Part] = []

        init(itemised: Bool) {
            self.itemised = itemised
        }

        mutating func add(_ name: @autoclosure () -> String, bytes: Int, value: JSONValue?) {
            self.bytes += bytes
            if itemised { parts.append(Part(name: name(), bytes: bytes, value: value)) }
        }
    }
}
