/// Seconds and ratios as people write them: `5`, `4.5`, `0.25` — never `5.0`.
public enum StoryNumber {
    /// The shortest text that reads back as `value` (whole numbers without a decimal point).
    public static func text(_ value: Double) -> String {
        guard value.isFinite else { return value > 0 ? "infinity" : "-infinity" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
