import XCTest
@testable import InboxModel

/// The static texts rules interpolate into findings spell what the values' `String`s do.
final class LayoutWordingTests: XCTestCase {
    func testCardKindNamesAreTheirRawValues() {
        for kind in CardKind.allCases {
            XCTAssertEqual(kind.staticName.description, kind.rawValue)
        }
    }

    /// Every role (a role added later makes `staticName`'s switch fail to compile until it
    /// has its texts, and is then to be listed here).
    func testURLRoleNamesAreTheirRawValues() {
        let roles: [URLSite.Role] = [.image, .slideImage, .slideLink, .video, .poster, .walletPass, .button]
        for role in roles {
            XCTAssertEqual(role.staticName.description, role.rawValue)
        }
    }
}
