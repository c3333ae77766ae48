import InboxCore

/// A message's send date as the feed orders it. Payloads write it many ways: `"now"`,
/// `"2026-12-01 09:00"`, ISO 8601 (`"2026-11-20T10:00:00Z"`, with an offset), a Unix
/// timestamp as a number or a string. Times without a zone are read as UTC.
public enum SendDate: Comparable, Sendable {
    /// Missing or unreadable: sorts as the oldest.
    case unknown
    /// Seconds since 1970-01-01 UTC.
    case instant(Double)
    /// `"now"`: sent at the moment of sending, so newer than any fixed date.
    case now

    public init(_ value: JSONValue?) {
        guard let value else { self = .unknown; return }
        if let number = value.number, number.isFinite { self = .instant(number); return }
        guard let text = value.string else { self = .unknown; return }
        if text.lowercased() == "now" { self = .now; return }
        if let seconds = Self.parse(text) { self = .instant(seconds) } else { self = .unknown }
    }

    static func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        if !bytes.isEmpty, bytes.allSatisfy(isDigit), let seconds = Double(text) { return seconds }
        var reader = Reader(bytes: bytes)
        guard let year = reader.digits(4), reader.skip("-"), let month = reader.digits(2), reader.skip("-"),
              let day = reader.digits(2), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var seconds = Double(daysFromCivil(year: year, month: month, day: day)) * 86_400
        guard !reader.atEnd else { return seconds }
        guard reader.skip("T") || reader.skip(" "), let hour = reader.digits(2), reader.skip(":"),
              let minute = reader.digits(2) else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        if reader.skip(":") {
            guard let second = reader.digits(2) else { return nil }
            seconds += Double(second)
            if reader.skip(".") { while reader.digits(1) != nil {} }
        }
        if reader.atEnd || reader.skip("Z") || reader.skip("z") { return reader.atEnd ? seconds : nil }
        let sign: Double
        if reader.skip("+") { sign = 1 } else if reader.skip("-") { sign = -1 } else { return nil }
        guard let offsetHours = reader.digits(2) else { return nil }
        _ = reader.skip(":")
        let offsetMinutes = reader.digits(2) ?? 0
        guard reader.atEnd else { return nil }
        return seconds - sign * Double(offsetHours * 3600 + offsetMinutes * 60)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private struct Reader {
        var bytes: [UInt8]
        var index = 0
        var atEnd: Bool { index >= bytes.count }

        mutating func skip(_ character: Character) -> Bool {
            guard !atEnd, let ascii = character.asciiValue, bytes[index] == ascii else { return false }
            index += 1
            return true
        }

        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index ..< index + count] {
                guard SendDate.isDigit(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += count
            return value
        }
    }
}
