import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `validate --format junit` read the way Jenkins and GitLab read it: `testsuites` /
/// `testsuite` / `testcase` with `failure`, `error` or `skipped`, counts on every suite
/// that add up to what it holds and to the root's, `time` everywhere, and a `classname`
/// without dots (Jenkins splits it at the last one into package and class).
final class JUnitStructureTests: XCTestCase {
    func testReportsAddUp() throws {
        let runs = [
            ["Examples"],
            ["--fail-on", "info", "Examples/campaigns"],
            ["Examples/campaigns/spring-launch.json", "/nonexistent-dir/a.json"],
            [temporaryFile("v1.2 campaign.json", #"{"ios_title": "Hi", "content": "x", "inbox_days": 45}"#)],
        ]
        for arguments in runs {
            let result = runCLI(["validate", "--format", "junit"] + arguments)
            let root = try XCTUnwrap(XMLTree.parse(result.out), "not XML: \(arguments)")
            try check(root, arguments.joined(separator: " "))
        }
    }

    private func check(_ root: XMLTree, _ run: String) throws {
        XCTAssertEqual(root.name, "testsuites", run)
        var totals = (tests: 0, failures: 0, errors: 0, skipped: 0)
        XCTAssertFalse(root.children.isEmpty, run)
        for suite in root.children {
            XCTAssertEqual(suite.name, "testsuite", run)
            XCTAssertNotNil(suite.attributes["name"], run)
            XCTAssertNotNil(suite.attributes["time"].flatMap(Double.init), "time on \(suite.attributes["name"] ?? "")")
            let cases = suite.children.filter { $0.name == "testcase" }
            XCTAssertEqual(cases.count, suite.children.count, "a suite holds test cases only")
            func count(_ element: String) -> Int { cases.filter { $0.children.contains { $0.name == element } }.count }
            XCTAssertEqual(suite.attributes["tests"], String(cases.count), run)
            XCTAssertEqual(suite.attributes["failures"], String(count("failure")), run)
            XCTAssertEqual(suite.attributes["errors"], String(count("error")), run)
            XCTAssertEqual(suite.attributes["skipped"], String(count("skipped")), run)
            for testcase in cases {
                let classname = try XCTUnwrap(testcase.attributes["classname"], run)
                XCTAssertFalse(classname.contains("."), "\(classname): Jenkins would split it")
                XCTAssertNotNil(testcase.attributes["name"], run)
                XCTAssertNotNil(testcase.attributes["time"].flatMap(Double.init), run)
                for outcome in testcase.children where ["failure", "error"].contains(outcome.name) {
                    XCTAssertNotNil(outcome.attributes["message"], run)
                }
            }
            totals.tests += cases.count
            totals.failures += count("failure")
            totals.errors += count("error")
            totals.skipped += count("skipped")
        }
        XCTAssertEqual(root.attributes["tests"], String(totals.tests), run)
        XCTAssertEqual(root.attributes["failures"], String(totals.failures), run)
        XCTAssertEqual(root.attributes["errors"], String(totals.errors), run)
        XCTAssertNotNil(root.attributes["time"].flatMap(Double.init), run)
    }
}

/// An XML document as a tree of elements (names, attributes, children).
private final class XMLTree: NSObject, XMLParserDelegate {
    var name = ""
    var attributes: [String: String] = [:]
    var children: [XMLTree] = []
    private var stack: [XMLTree] = []

    static func parse(_ text: String) -> XMLTree? {
        let builder = XMLTree()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = builder
        guard parser.parse() else { return nil }
        return builder.children.first
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        let element = XMLTree()
        element.name = elementName
        element.attributes = attributes
        (stack.last ?? self).children.append(element)
        stack.append(element)
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
    }
}
