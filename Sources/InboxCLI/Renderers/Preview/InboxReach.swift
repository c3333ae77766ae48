import InboxModel

/// Whether a message reaches the inbox on iPhones, and the reasons when it does not.
struct InboxReach {
    var reaches: Bool
    /// The findings' messages that keep it out (empty when it reaches the inbox).
    var reasons: [String]

    /// Read from the findings that keep a message out of the inbox on iPhones: not an
    /// inbox message (IK101), platforms without iOS (IK104), dropped by the SDK (IK108).
    /// The one place to switch to the model's per-message delivery verdict once it exists.
    static func verdict(findings: [Diagnostic]) -> InboxReach {
        let reasons = findings.filter { blockingCodes.contains($0.code) }.map(\.message)
        return InboxReach(reaches: reasons.isEmpty, reasons: reasons)
    }

    private static let blockingCodes: Set<String> = ["IK101", "IK104", "IK108"]
}
