import InboxCore

/// The text of a finding, built as UTF-8 bytes in one buffer.
///
/// Rules write their wording as ordinary string literals with interpolations
/// (`"button \(quoted: title) has no url"`), typed as a `Phrase` by `Report.add`. Every
/// finding is phrased, and `String` interpolation and `+` cost several allocations and
/// a slow append per piece; here each literal piece is a `StaticString` copied as bytes,
/// each interpolation appends its bytes directly (numbers and quoted texts included), and
/// the buffer is reserved once from the literal's size. The `String` is made once, at the end.
public struct Phrase: ExpressibleByStringInterpolation, CustomStringConvertible, Equatable, Sendable {
    /// The phrase so far, as UTF-8 (always whole characters: every piece is).
    var bytes: ByteBuffer

    public init() { bytes = ByteBuffer() }

    init(bytes: ByteBuffer) { self.bytes = bytes }

    /// A phrase of one `String`.
    public init(_ text: String) {
        bytes = ByteBuffer(capacity: text.utf8.count)
        append(text)
    }

    /// A phrase with no interpolation reads its literal in place (no allocation).
    public init(stringLiteral literal: StaticString) {
        bytes = ByteBuffer(literal: literal)
    }

    public init(stringInterpolation: StringInterpolation) {
        bytes = stringInterpolation.phrase.bytes
    }

    /// The phrase as a `String`.
    public var text: String { bytes.withSpan { ValidatedString.make($0) } }

    public var description: String { text }

    public var isEmpty: Bool { bytes.isEmpty }

    /// The phrase's UTF-8 bytes.
    public var utf8: [UInt8] {
        var utf8: [UInt8] = []
        bytes.withSpan { utf8.append(contentsOf: $0) }
        return utf8
    }

    /// Calls `body` with the phrase's UTF-8 bytes, valid only during the call (what
    /// `Report` copies into a finding, without making a `String`).
    @inline(__always)
    func withUTF8Span<R>(_ body: (Span<UInt8>) throws -> R) rethrows -> R {
        try bytes.withSpan(body)
    }

    public static func == (lhs: Phrase, rhs: Phrase) -> Bool {
        lhs.bytes.withSpan { left in rhs.bytes.withSpan { right in left.hasSameBytes(as: right) } }
    }

    /// Room for `count` more bytes, so the appends that follow do not grow the buffer.
    public mutating func reserve(_ count: Int) {
        bytes.reserve(count)
    }

    @inline(__always)
    public mutating func append(_ literal: StaticString) {
        bytes.append(literal)
    }

    public mutating func append(_ text: String) {
        bytes.append(contentsOf: text)
    }

    public mutating func append(_ text: Substring) {
        var text = text
        text.withUTF8 { bytes.append($0) }
    }

    public mutating func append(_ other: Phrase) {
        other.bytes.withSpan { bytes.append($0) }
    }

    /// `value`'s text as written in its document (what `value.sourceText` returns), copied
    /// from the document's bytes: a number quoted in a finding makes no `String`.
    mutating func append(sourceOf value: JSONValue) {
        let node = value.node
        value.withInputSpan { input in
            bytes.append(input.extracting(Int(node.start) ..< Int(node.end)))
        }
    }

    /// `value` in decimal, as `String(value)` writes it.
    public mutating func append(_ value: Int) {
        bytes.append(decimal: value)
    }

    /// `text` as a JSON string literal (what `JSONText.quote` returns).
    public mutating func appendJSON(_ text: String) {
        bytes.appendQuoted(text)
    }

    /// UTF-8 bytes as a JSON string literal (what `JSONText.quote` returns for their text).
    mutating func appendJSON(_ text: Span<UInt8>) {
        bytes.appendQuoted(text)
    }

    public static func += (phrase: inout Phrase, other: Phrase) {
        phrase.append(other)
    }

    /// Collects the pieces of an interpolated literal.
    ///
    /// The buffer is made by `init` and only this interpolation writes into it, so its
    /// pieces are appended checking the room alone (`ByteBuffer.appendOwned`), and the
    /// literal pieces and strings are appended inline in the rules: a literal piece is a few
    /// moves, with no call asking the runtime whether the buffer is shared. An interpolation
    /// is not meant to be copied and appended to twice (the compiler never does that): the
    /// two copies would write into the same memory, within its bounds.
    public struct StringInterpolation: StringInterpolationProtocol {
        /// Public so that wording helpers elsewhere can add their own interpolations.
        public var phrase: Phrase

        public init(literalCapacity: Int, interpolationCount: Int) {
            // Most interpolations are short words or numbers; a quoted URL or a nested
            // phrase is longer, and then the array grows once. The buffer is the one the
            // thread's last finding left (`ThreadFindingBuffers`) when that one is large enough.
            phrase = Phrase(bytes: ByteBuffer(spareOr: literalCapacity + 24 * interpolationCount))
        }

        @inline(__always)
        public mutating func appendLiteral(_ literal: StaticString) { phrase.bytes.appendOwned(literal) }

        @inline(__always)
        public mutating func appendInterpolation(_ text: String) {
            text.withUTF8Bytes { phrase.bytes.appendOwned($0) }
        }

        public mutating func appendInterpolation(_ text: Substring) {
            var text = text
            text.withUTF8 { phrase.bytes.appendOwned($0) }
        }

        @inline(__always)
        public mutating func appendInterpolation(_ value: Int) { phrase.bytes.appendOwned(decimal: value) }

        /// `\(source: value)`: the value as written in its document (`value.sourceText`),
        /// appended as the interpolation's own pieces are (`appendOwned`, no test of sharing).
        public mutating func appendInterpolation(source value: JSONValue) {
            let node = value.node
            value.withInputSpan { input in
                phrase.bytes.appendOwned(input.extracting(Int(node.start) ..< Int(node.end)))
            }
        }

        public mutating func appendInterpolation(_ other: Phrase) {
            other.bytes.withSpan { phrase.bytes.appendOwned($0) }
        }

        /// A constant piece of wording shared by several literals (copied as bytes, like a literal).
        @inline(__always)
        public mutating func appendInterpolation(_ literal: StaticString) { phrase.bytes.appendOwned(literal) }

        /// A string value's bytes as written without escapes (`JSONValue.withRawStringBytes`),
        /// as a JSON string literal: such bytes hold no quote, backslash or control
        /// character (the parser allows none unescaped), so they are copied between the
        /// quotes as they are, which is what `appendJSON` would write.
        @inline(__always)
        mutating func appendQuoted<Bytes: Collection<UInt8>>(rawStringBytes bytes: Bytes) {
            bytes.withByteSpan { phrase.bytes.appendOwnedQuoted(plain: $0) }
        }

        /// `\(sdkOf: message)`: the message's profile as `\(sdk:)` words it ("the SDK" for 7.1
        /// and the guide, "SDK 7.0" for 7.0), read where the message holds it: borrowed, so
        /// the profile is not retained for every finding that names it.
        @inline(__always)
        public mutating func appendInterpolation(sdkOf message: InspectedMessage) {
            Borrowing.with(held: message.profile) { profile in
                if profile != .v7_0 {
                    appendLiteral("the SDK")
                } else {
                    appendLiteral("SDK ")
                    appendInterpolation(profile.name)
                }
            }
        }

        /// `\(json: text)`: `text` as a JSON string literal, like `JSONText.quote(text)`
        /// (whole; `\(quoted:)` shortens long texts).
        public mutating func appendInterpolation(json text: String) { phrase.appendJSON(text) }
    }
}
