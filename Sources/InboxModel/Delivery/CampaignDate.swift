/// The dates of a createMessage notification, read exactly as the platform documents
/// them: `inbox_date` is `YYYY-MM-DD`, `send_date` is `now` or `YYYY-MM-DD HH:mm`.
/// Parsed by hand (no Foundation calendars) so the checks are the same on every machine
/// and in every time zone.
public struct CampaignDate: Comparable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1 ... 12).contains(month), day >= 1, day <= Self.days(inMonth: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// `YYYY-MM-DD` exactly (four-digit year, two-digit month and day, a real calendar day).
    public static func parse(_ text: String) -> CampaignDate? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = number(bytes[0 ..< 4]), let month = number(bytes[5 ..< 7]), let day = number(bytes[8 ..< 10])
        else { return nil }
        return CampaignDate(year: year, month: month, day: day)
    }

    /// What a `send_date` says: sent at once, or on a day (the time of day is checked, not kept).
    public enum SendDate: Equatable, Sendable {
        case now
        case on(CampaignDate)
    }

    /// `now`, or `YYYY-MM-DD HH:mm` with a real day and a 24-hour time.
    public static func parseSendDate(_ text: String) -> SendDate? {
        if text == "now" { return .now }
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[10] == UInt8(ascii: " "), bytes[13] == UInt8(ascii: ":"),
              let date = parse(String(decoding: bytes[0 ..< 10], as: UTF8.self)),
              let hour = number(bytes[11 ..< 13]), let minute = number(bytes[14 ..< 16]),
              hour < 24, minute < 60 else { return nil }
        return .on(date)
    }

    public var text: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    public static func < (lhs: CampaignDate, rhs: CampaignDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
