import InboxCore

/// Words for findings: how a value, a place and a message field read to a marketer.
public enum ValueWording {
    /// `the string "true"`, `the number 1`, `an object`, `null` (strings are shortened).
    public static func describe(_ value: JSONValue) -> String { Phrase("\(describing: value)").text }

    /// `"text"`, shortened to about 60 characters so a message stays readable (with an
    /// ASCII "..." so findings print on any terminal).
    public static func quoted(_ text: String, limit: Int = 60) -> String { Phrase("\(quoted: text, limit: limit)").text }

    /// "a, b and c".
    public static func list(_ items: [String]) -> String { Phrase("\(list: items)").text }

    /// The payload field that holds a message's title, in the shape it was delivered in.
    public static func titleField(_ shape: Shape) -> StaticString { shape.titleField }

    /// The payload field that holds a message's body.
    public static func bodyField(_ shape: Shape) -> StaticString { shape.bodyField }

    /// The payload field that holds a message's own image.
    public static func imageField(_ shape: Shape) -> StaticString { shape.imageField }

    /// How a release is named in a finding: "the SDK" for the documented contract,
    /// "SDK 7.0" for a shipped release.
    public static func sdk(_ profile: SDKProfile) -> String { Phrase("\(sdk: profile)").text }

    /// "an image and a title but no body": what the heuristic saw.
    /// Spelled out for each of the eight cases rather than assembled from parts: every
    /// message the heuristic decides gets this phrase.
    public static func heuristicFacts(_ facts: CardFacts) -> String {
        switch (facts.image, facts.title, facts.body) {
        case (true, true, true): return "an image, a title and a body"
        case (true, true, false): return "an image and a title but no body"
        case (true, false, true): return "an image and a body but no title"
        case (true, false, false): return "an image but no title or body"
        case (false, true, true): return "a title and a body but no image"
        case (false, true, false): return "a title but no image or body"
        case (false, false, true): return "a body but no image or title"
        case (false, false, false): return "no image, title or body"
        }
    }
}

/// The same words appended straight into a finding's `Phrase`, without a `String` each:
/// `\(describing: value)`, `\(quoted: text)`, `\(list: items)`, `\(sdk: profile)`.
extension Phrase.StringInterpolation {
    public mutating func appendInterpolation(describing value: JSONValue) {
        switch value.kind {
        case .null: appendLiteral("null")
        case .bool: appendLiteral(value.bool == true ? "the boolean true" : "the boolean false")
        case .number:
            appendLiteral("the number ")
            phrase.append(sourceOf: value)
        case .string:
            if value.isEmptyString {
                appendLiteral("an empty string")
            } else {
                appendLiteral("the string ")
                appendInterpolation(quoted: value)
            }
        case .array: appendLiteral(value.count == 0 ? "an empty array" : "an array")
        case .object: appendLiteral(value.count == 0 ? "an empty object" : "an object")
        }
    }

    /// (A URL's credential query parameters are masked: `Redaction.maskingCredentials`.)
    public mutating func appendInterpolation(quoted text: String, limit: Int = 60) {
        let text = Redaction.maskingCredentials(text)
        // A character takes at least one byte, so a text of at most `limit` bytes is short
        // enough without counting characters (which means walking grapheme clusters).
        if text.utf8.count > limit && text.count > limit {
            phrase.appendJSON(String(text.prefix(limit - 3)) + "...")
        } else {
            phrase.appendJSON(text)
        }
    }

    /// `\(quoted: value)`: a string value as `\(quoted: value.string ?? "")` words it, read
    /// from the document's bytes when it has no escapes and is short enough to need no
    /// shortening (no `String` is made then).
    public mutating func appendInterpolation(quoted value: JSONValue, limit: Int = 60) {
        let done: Bool? = value.withRawStringBytes { bytes in
            // With an `=`, it may be a URL with a credential to mask: the general way.
            guard bytes.count <= limit, !bytes.contains(UInt8(ascii: "=")) else { return false }
            appendQuoted(rawStringBytes: bytes)
            return true
        }
        if done != true { appendInterpolation(quoted: value.string ?? "", limit: limit) }
    }

    public mutating func appendInterpolation(list items: [String]) {
        guard items.count > 1 else {
            if let only = items.first { appendInterpolation(only) }
            return
        }
        for (index, item) in items.enumerated() {
            if index == items.count - 1 {
                appendLiteral(" and ")
            } else if index > 0 {
                appendLiteral(", ")
            }
            appendInterpolation(item)
        }
    }

    public mutating func appendInterpolation(sdk profile: SDKProfile) {
        if profile != .v7_0 {
            appendLiteral("the SDK")
        } else {
            appendLiteral("SDK ")
            appendInterpolation(profile.name)
        }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmed: String {
        // The usual case: it starts and ends with a printable ASCII byte, so neither end
        // is a whitespace character (a character that ends in such a byte does not start
        // with whitespace either), and the text is already trimmed.
        if let first = utf8.first, let last = utf8.last, Self.isPrintableASCII(first), Self.isPrintableASCII(last) {
            return self
        }
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
}
