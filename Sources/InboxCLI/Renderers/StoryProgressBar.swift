/// The story's progress bar as the extension draws it at the top: one segment per page,
/// each as wide as its share of the total duration, separated by a gap.
struct StoryProgressBar {
    /// Columns the whole bar may use.
    var width: Int

    /// The bar and, under it, each segment's page number where it fits. Nil when there
    /// are more pages than columns.
    func lines(durations: [Double], labels: [String]) -> (bar: String, labels: String)? {
        let count = durations.count
        guard count > 0, count <= width else { return nil }
        let gap = count * 2 - 1 <= width ? 1 : 0
        let widths = Self.widths(durations, columns: width - gap * (count - 1))
        var bar = ""
        var under = ""
        for (index, segment) in widths.enumerated() {
            if index > 0 && gap > 0 {
                bar += " "
                under += " "
            }
            bar += String(repeating: "━", count: segment)
            let label = index < labels.count ? labels[index] : ""
            under += label.count <= segment ? label.padded(to: segment) : String(repeating: " ", count: segment)
        }
        var trimmed = under
        while trimmed.last == " " { trimmed.removeLast() }
        return (bar, trimmed)
    }

    /// Splits `columns` in proportion to `durations`: boundaries are the rounded
    /// cumulative shares (so the widths add up exactly), then every segment gets at least
    /// one column, taken from the widest.
    static func widths(_ durations: [Double], columns: Int) -> [Int] {
        let total = durations.reduce(0, +)
        guard total > 0, columns >= durations.count else { return durations.map { _ in 1 } }
        var widths: [Int] = []
        var elapsed = 0.0
        var previous = 0
        for duration in durations {
            elapsed += duration
            let boundary = Int((elapsed / total * Double(columns)).rounded())
            widths.append(boundary - previous)
            previous = boundary
        }
        for index in widths.indices where widths[index] < 1 {
            let need = 1 - widths[index]
            if let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > need {
                widths[widest] -= need
                widths[index] = 1
            }
        }
        return widths
    }
}
