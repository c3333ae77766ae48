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
    func testURLRoleNamesAndFailuresAreTheirStrings() {
        let roles: [URLSite.Role] = [.image, .slideImage, .slideLink, .video, .poster, .walletPass, .button]
        for role in roles {
            XCTAssertEqual(role.staticName.description, role.rawValue)
            XCTAssertEqual(role.staticFailure.description, role.failure)
        }
    }

    func testRequirementReasonsAreTheirStrings() {
        for requirement in CardRequirement.allCases {
            XCTAssertEqual(requirement.staticReason.description, requirement.reason)
        }
    }

    func testFieldNamesAreValueWordings() {
        for shape in Shape.allCases {
            XCTAssertEqual(FieldWording.title(shape).description, ValueWording.titleField(shape))
            XCTAssertEqual(FieldWording.body(shape).description, ValueWording.bodyField(shape))
            XCTAssertEqual(FieldWording.image(shape).description, ValueWording.imageField(shape))
        }
    }
}
