import InboxModel
import XCTest
@testable import InboxCLI

/// `resolve`, `buttons` and `stories` write their JSON as messages are delivered; the
/// bytes must be those of serialising the whole envelope at once.
final class MessagesJSONWriterTests: XCTestCase {
    private func item(_ index: Int) -> JSONOut {
        .object([
            ("source", .string("a \"b\"\n.json")), ("line", .int(index)), ("empty", .array([])), ("none", .object([])),
            ("nested", .array([.object([("x", .array([.int(1), .null, .bool(true)]))]), .number("1e999")])),
        ])
    }

    private func finding(_ index: Int) -> Diagnostic {
        Diagnostic(code: "IK001", severity: .error, message: "JSON syntax error: é \(index)", source: "f.json",
                   pointer: "/\(index)", line: index, column: 3)
    }

    func testStreamedEnvelopeIsTheWholeEnvelope() {
        let profile = SDKProfile.guide
        for (items, findings, more) in [(0, 0, false), (1, 0, false), (0, 2, false), (3, 1, false), (2, 2, true), (0, 0, true)] {
            let out = OutputBuffer()
            var writer = MessagesJSONWriter(out: out, profile: profile, listKey: "stories")
            let extra: [(String, JSONOut)] = more ? [("extension", item(9))] : []
            for index in 0..<max(items, findings) {
                if index < items { writer.add(item(index)) }
                if index < findings { writer.addFinding(finding(index)) }
            }
            writer.finish(more: extra)
            out.flush()
            let whole = JSONOut.object(
                [("tool", .tool()), ("profile", .string(profile.name)), ("stories", .array((0..<items).map(item)))]
                    + extra + [("diagnostics", .array((0..<findings).map { JSONOut.diagnostic(finding($0)) }))]
            ).serialized() + "\n"
            XCTAssertEqual(out.capturedText, whole, "\(items) items, \(findings) findings, more: \(more)")
        }
    }

    /// `resolve --feed` holds each message rendered without its closing brace and adds
    /// `feedPosition` last, as the whole message object would have it.
    func testFeedMessageWithItsPositionIsTheWholeObject() {
        guard case .object(let keys) = item(4) else { return XCTFail() }
        var held: [UInt8] = []
        FeedQueue.renderOpen(item(4), to: &held)
        let out = OutputBuffer()
        var writer = MessagesJSONWriter(out: out, profile: .guide, listKey: "messages")
        writer.add { $0 += held + FeedQueue.closing(position: 7) }
        writer.finish()
        out.flush()
        let whole = JSONOut.object([
            ("tool", .tool()), ("profile", .string(SDKProfile.guide.name)),
            ("messages", .array([.object(keys + [("feedPosition", .int(7))])])), ("diagnostics", .array([])),
        ]).serialized() + "\n"
        XCTAssertEqual(out.capturedText, whole)
    }
}
