import XCTest
@testable import InboxModel

/// The content extension's Info.plist check (IK812) on plain plist values.
final class StoryExtensionTests: XCTestCase {
    static let rightAttributes: [String: PlistValue] = [
        "UNNotificationExtensionCategory": .string("PW_STORIES"),
        "UNNotificationExtensionUserInteractionEnabled": .bool(true),
        "UNNotificationExtensionDefaultContentHidden": .bool(true),
        "UNNotificationExtensionInitialContentSizeRatio": .number(1.5),
    ]

    func nested(_ attributes: [String: PlistValue]) -> PlistValue {
        .dictionary(["NSExtension": .dictionary(["NSExtensionAttributes": .dictionary(attributes),
                                                 "NSExtensionPointIdentifier": .string("com.apple.usernotifications.content-extension")])])
    }

    func check(_ root: PlistValue, ratio: Double = 1.5, positions: [String: PlistPosition] = [:]) -> [Diagnostic] {
        InfoPlistMismatch().diagnostics(for: ExtensionInfo(plist: InfoPlist(source: "Info.plist", root: root, keyPositions: positions),
                                                             aspectRatio: ratio))
    }

    func testARightPlistHasNoFinding() {
        XCTAssertEqual(check(nested(Self.rightAttributes)), [])
        XCTAssertTrue(ExtensionInfo(plist: InfoPlist(source: "p", root: nested(Self.rightAttributes))).isRight)
    }

    func testKeysAtTheTopLevelAreAccepted() throws {
        XCTAssertEqual(check(.dictionary(Self.rightAttributes)), [])
        let info = ExtensionInfo(plist: InfoPlist(source: "p", root: .dictionary(Self.rightAttributes)))
        XCTAssertEqual(try XCTUnwrap(info.setting(.category)).pointer, "/UNNotificationExtensionCategory")
    }

    func testEachMistakeIsOneFindingWithItsKeyPath() {
        let mistakes: [(ExtensionKey, PlistValue?)] = [
            (.category, .string("MAIN")), (.category, .array([.string("MAIN")])), (.category, nil),
            (.userInteractionEnabled, .bool(false)), (.userInteractionEnabled, .number(1)), (.userInteractionEnabled, nil),
            (.defaultContentHidden, .bool(false)), (.defaultContentHidden, .string("YES")), (.defaultContentHidden, nil),
            (.initialContentSizeRatio, .number(1)), (.initialContentSizeRatio, .string("1.5")), (.initialContentSizeRatio, nil),
        ]
        for (key, value) in mistakes {
            var attributes = Self.rightAttributes
            attributes[key.rawValue] = value
            let findings = check(nested(attributes))
            XCTAssertEqual(findings.map(\.code), ["IK812"], "\(key) \(String(describing: value))")
            XCTAssertEqual(findings.first?.pointer, "/NSExtension/NSExtensionAttributes/\(key.rawValue)")
            XCTAssertEqual(findings.first?.source, "Info.plist")
            XCTAssertEqual(findings.first?.severity, .error)
            XCTAssertTrue(findings.first?.message.hasPrefix(key.rawValue) ?? false)
        }
    }

    func testACategoryArrayContainingPW_STORIESIsRight() {
        var attributes = Self.rightAttributes
        attributes["UNNotificationExtensionCategory"] = .array([.string("ORDER"), .string("PW_STORIES")])
        XCTAssertEqual(check(nested(attributes)), [])
    }

    func testTheRatioIsComparedWithTheGivenAspectRatio() {
        var attributes = Self.rightAttributes
        attributes["UNNotificationExtensionInitialContentSizeRatio"] = .number(1.7777777)
        XCTAssertEqual(check(nested(attributes), ratio: 1.7777777).count, 0)
        let findings = check(nested(attributes), ratio: 1.5)
        XCTAssertEqual(findings.count, 1)
        XCTAssertTrue(findings[0].message.contains("not the story aspect ratio 1.5"), findings[0].message)
    }

    func testPositionsComeFromTheKeyOrItsDictionary() {
        let findings = check(nested([:]), positions: ["UNNotificationExtensionCategory": PlistPosition(line: 9, column: 4),
                                                      "NSExtensionAttributes": PlistPosition(line: 6, column: 3)])
        XCTAssertEqual(findings.count, 4)
        XCTAssertEqual(findings.map(\.line), [9, 6, 6, 6])
        XCTAssertEqual(check(.dictionary([:])).map(\.line), [1, 1, 1, 1])
    }

    func testSummaries() {
        XCTAssertEqual(PlistValue.string("MAIN").summary, "\"MAIN\"")
        XCTAssertEqual(PlistValue.number(1.5).summary, "1.5")
        XCTAssertEqual(PlistValue.bool(false).summary, "false")
        XCTAssertEqual(PlistValue.array([.string("A")]).summary, "[\"A\"]")
        XCTAssertEqual(PlistValue.other("date").summary, "a date")
    }
}
