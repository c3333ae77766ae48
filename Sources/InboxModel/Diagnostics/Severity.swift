/// How serious a finding is. Ordered so that a gate can say "this severity or worse".
public enum Severity: String, CaseIterable, Comparable, Sendable {
    case info, warning, error

    private var rank: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
