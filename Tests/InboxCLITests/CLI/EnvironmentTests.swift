import Foundation
import XCTest
@testable import InboxCLI

/// `Environment` reads the process's variables one at a time with `getenv`, in place of
/// Foundation's dictionary of all of them: the same values, and the variables set later.
final class EnvironmentTests: XCTestCase {
    func testProcessVariablesAreFoundationsValues() {
        let all = ProcessInfo.processInfo.environment
        for name in all.keys.sorted().prefix(40) {
            XCTAssertEqual(Environment.process[name], all[name], name)
        }
        let name = "INBOX_INSPECTOR_ENVIRONMENT_TEST"
        XCTAssertNil(Environment.process[name])
        setenv(name, "é 1", 1)
        defer { unsetenv(name) }
        XCTAssertEqual(Environment.process[name], "é 1")
        setenv(name, "", 1)
        XCTAssertEqual(Environment.process[name], "")
    }

    func testFixedVariablesAreTheOnlyOnes() {
        let fixed = Environment(["NO_COLOR": "1"])
        XCTAssertEqual(fixed["NO_COLOR"], "1")
        XCTAssertNil(fixed["PATH"])
    }
}
