import InboxModel

/// `--quiet` in the text outputs: info findings are hidden (they are worth knowing, not
/// worth acting on); they still count in summaries, and machine formats keep them.
enum QuietFilter {
    static func shown(_ findings: [Diagnostic], quiet: Bool) -> [Diagnostic] {
        guard quiet, findings.contains(where: { $0.severity == .info }) else { return findings }
        return findings.filter { $0.severity != .info }
    }
}
