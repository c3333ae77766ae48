import InboxCore

/// Wording shared by IK901 and IK902, so both say the same things about the estimate.
enum PayloadSizeText {
    /// The examples' custom data: `count` times "sku-0001," (see `RepeatedText`).
    static func products(_ count: Int) -> String {
        RepeatedText.of("sku-0001,", count: count)
    }

    /// `4096` → `4,096`.
    static func bytes(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }

    /// "about 4,310 bytes (in "de")"
    static func size(_ estimate: APNsSizeEstimate) -> String {
        var text = "about \(bytes(estimate.bytes)) bytes"
        if let language = estimate.language { text += " (in \(JSONText.quote(language)))" }
        return text
    }

    /// "; the largest part is the custom data in data (sent as the u string), 3,900 bytes"
    static func largest(_ estimate: APNsSizeEstimate) -> String {
        guard let largest = estimate.parts.first else { return "" }
        return "; the largest part is \(largest.name), \(bytes(largest.bytes)) bytes"
    }

    /// Where a size finding points: the largest part the file holds, else the message.
    static func anchor(_ estimate: APNsSizeEstimate, _ message: Message) -> JSONValue {
        estimate.parts.first?.value ?? message.value
    }

    static let method = """
        The estimate is the payload the platform builds from a createMessage notification: \
        `{"aps":{"alert":{"title":…,"body":…},"category":…,"mutable-content":1},"u":"<data as \
        a compact JSON string>"}` plus every `ios_root_params` key, written compactly, in bytes \
        of UTF-8; with localised text, the largest language counts. The `inbox_image` URL is \
        counted (the platform sends it in `inbox_params`), and a fixed allowance of 112 bytes \
        covers the keys the platform adds to every inbox push: `"p"` (message hash, up to 16 \
        characters: 23 bytes), `"pw_inbox"` (message code, up to 40 characters: 54 bytes) and \
        `"inbox_params":{"rt":"<removal time>"}` (35 bytes). For an APNs push file the \
        dictionary itself is measured. `data` given as an object is re-encoded as a string, \
        which escapes every quote, so a nested object costs more than it looks.
        """
}
