import XCTest
@testable import InboxModel
@testable import InboxCore

/// Numbers keep their source text; values come from an exact fast path or strtod. Out-of-range
/// numbers are accepted with an IK008 warning rather than silently changed.
final class JSONNumberTests: JSONTestCase {
    func testCommonValues() throws {
        let document = try jtParse("[0, -0, 1.5e3, 0.1, 1.50, -12.25, 30, 1E2, 2e-3, 123456789012345]")
        let values = document.root.elements.compactMap(\.number)
        XCTAssertEqual(values, [0, 0, 1500, 0.1, 1.5, -12.25, 30, 100, 0.002, 123_456_789_012_345])
        XCTAssertEqual(document.root[1]?.number?.sign, .minus)
        XCTAssertEqual(document.root[0]?.number?.sign, .plus)
        XCTAssertEqual(document.root[4]?.numberText, "1.50")
        XCTAssertEqual(document.root[1]?.numberText, "-0")
        XCTAssertTrue(document.warnings.isEmpty)
    }

    func testSlowPathMatchesStandardLibrary() throws {
        let texts = ["12345678901234567890", "0.30000000000000004", "1.7976931348623157e308", "4.9e-324",
                     "3.141592653589793238462643383279", "1e23", "-2.2250738585072014e-308", "9007199254740993"]
        let document = try jtParse("[" + texts.joined(separator: ",") + "]")
        for (value, text) in zip(document.root.elements, texts) {
            XCTAssertEqual(value.number, Double(text), text)
            XCTAssertEqual(value.numberText, text)
        }
        XCTAssertTrue(document.warnings.isEmpty)
    }

    func testOverflowIsAWarningAndInfinity() throws {
        let document = try jtParse(#"{"big": 1e999, "neg": [-1e999]}"#)
        XCTAssertEqual(document.root["big"]?.number, .infinity)
        XCTAssertEqual(document.root["neg"]?[0]?.number, -.infinity)
        XCTAssertEqual(document.root["big"]?.numberText, "1e999")
        XCTAssertEqual(document.warnings.count, 2)
        let first = document.warnings[0]
        XCTAssertEqual(first.kind, .numberOutOfRange(text: "1e999"))
        XCTAssertEqual(first.code, "IK008")
        XCTAssertEqual(first.pointer, "/big")
        XCTAssertEqual(first.position, SourcePosition(offset: 8, line: 1, column: 9))
        XCTAssertEqual(first.message, "the number 1e999 is too large for a 64-bit floating-point number and becomes infinity")
        XCTAssertEqual(document.warnings[1].pointer, "/neg/0")
    }

    func testUnderflowOfNonZeroIsAWarningButZeroIsNot() throws {
        let document = try jtParse("[1e-999, 0e999, 0.0e-999]")
        XCTAssertEqual(document.root[0]?.number, 0)
        XCTAssertEqual(document.warnings.map(\.kind), [.numberOutOfRange(text: "1e-999")])
        XCTAssertEqual(document.warnings.first?.message, "the number 1e-999 is too small for a 64-bit floating-point number and becomes 0")
    }

    func testHugeIntegerWithoutExponentOverflows() throws {
        let digits = "1" + String(repeating: "0", count: 400)
        let document = try jtParse("[\(digits)]")
        XCTAssertEqual(document.root[0]?.number, .infinity)
        XCTAssertEqual(document.warnings.count, 1)
        XCTAssertTrue(document.warnings[0].message.contains("…"), "long number text is shortened in the message")
    }

    func testNonNumbersHaveNoNumber() throws {
        let document = try jtParse(#"["1", true, null]"#)
        XCTAssertNil(document.root[0]?.number)
        XCTAssertNil(document.root[0]?.numberText)
        XCTAssertNil(document.root[1]?.number)
        XCTAssertNil(document.root[2]?.number)
    }
}
