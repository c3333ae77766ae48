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
    public private(set) var utf8: [UInt8]

    public init() { utf8 = [] }

    /// A phrase of one `String`.
    public init(_ text: String) {
        utf8 = []
        append(text)
    }

    public init(stringLiteral literal: StaticString) {
        utf8 = []
        append(literal)
    }

    public init(stringInterpolation: StringInterpolation) {
        utf8 = stringInterpolation.phrase.utf8
    }

    /// The phrase as a `String` (what a `Diagnostic` keeps).
    public var text: String { String(decoding: utf8, as: UTF8.self) }

    public var description: String { text }

    public var isEmpty: Bool { utf8.isEmpty }

    /// Room for `count` more bytes, so the appends that follow do not grow the buffer.
    public mutating func reserve(_ count: Int) {
        utf8.reserveCapacity(utf8.count + count)
    }

    public mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { utf8.append(contentsOf: $0) }
    }

    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { utf8.append(contentsOf: $0) }
    }

    public mutating func append(_ text: Substring) {
        var text = text
        text.withUTF8 { utf8.append(contentsOf: $0) }
    }

    public mutating func append(_ other: Phrase) {
        utf8.append(contentsOf: other.utf8)
    }

    /// `value` in decimal, as `String(value)` writes it.
    public mutating func append(_ value: Int) {
        if value < 0 {
            utf8.append(UInt8(ascii: "-"))
            appendDigits(value.magnitude)
        } else {
            appendDigits(UInt(value))
        }
    }

    /// `text` as a JSON string literal (what `JSONText.quote` returns).
    public mutating func appendJSON(_ text: String) {
        JSONText.appendQuoted(text, to: &utf8)
    }

    private mutating func appendDigits(_ value: UInt) {
        guard value >= 10 else {
            utf8.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0) // room for the 20 digits of UInt.max
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            var rest = value
            while rest > 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            utf8.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    public static func += (phrase: inout Phrase, other: Phrase) {
        phrase.append(other)
    }

    /// Collects the pieces of an interpolated literal.
    public struct StringInterpolation: StringInterpolationProtocol {
        /// Public so that wording helpers elsewhere can add their own interpolations.
        public var phrase = Phrase()

        public init(literalCapacity: Int, interpolationCount: Int) {
            // Most interpolations are short words or numbers; a quoted URL or a nested
            // phrase is longer, and then the array grows once.
            phrase.utf8.reserveCapacity(literalCapacity + 24 * interpolationCount)
        }

        public mutating func appendLiteral(_ literal: StaticString) { phrase.append(literal) }

        public mutating func appendInterpolation(_ text: String) { phrase.append(text) }

        public mutating func appendInterpolation(_ text: Substring) { phrase.append(text) }

        public mutating func appendInterpolation(_ value: Int) { phrase.append(value) }

        public mutating func appendInterpolation(_ other: Phrase) { phrase.append(other) }

        /// `\(json: text)`: `text` as a JSON string literal, like `JSONText.quote(text)`
        /// (whole; `\(quoted:)` shortens long texts).
        public mutating func appendInterpolation(json text: String) { phrase.appendJSON(text) }
    }
}
