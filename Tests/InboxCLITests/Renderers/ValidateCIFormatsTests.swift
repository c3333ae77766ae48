import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import InboxCLI
import InboxModel

/// The machine formats of `validate`: GitHub workflow commands, SARIF 2.1.0 and JUnit XML.
final class ValidateCIFormatsTests: XCTestCase {
    private let payload = #"""
        {"request": {"notifications": [
          {"ios_title": "Hi", "content": "x", "inbox_days": 45, "platforms": [3]},
          {"ios_title": "Ok", "content": "y", "inbox_days": 3},
          {"ios_title": "Dates", "content": "z", "inbox_date": "<24/12> & 'x'"}
        ]}}
        """#

    private func run(_ format: String, _ extra: [String] = [], name: String = "campaign.json") -> (RunResult, String) {
        let path = temporaryFile(name, payload)
        return (runCLI(["validate", "--format", format, "--select", "IK1"] + extra + [path]), path)
    }

    func testGitHubWorkflowCommands() {
        let (result, path) = run("github", ["--config", temporaryFile("c.json", #"{"severity": {"IK104": "info"}}"#)],
                                 name: "q4: sale, final.json")
        XCTAssertEqual(result.status, 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        let file = path.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        XCTAssertTrue(lines[0].hasPrefix("::error file=\(file),line=2,col=53,title=IK102::inbox_days is 45"), lines[0])
        XCTAssertTrue(lines[1].hasPrefix("::notice file=\(file),line=2,col=70,title=IK104::platforms [3]"), lines[1])
        XCTAssertTrue(lines[2].hasPrefix("::error file="), lines[2])
        XCTAssertEqual(lines.last, "2 errors, 0 warnings, 1 info in 3 messages (1 file)")
    }

    func testGitHubEscaping() {
        XCTAssertEqual(ValidateGitHub.escapeData("50% off\r\nnow: a,b"), "50%25 off%0D%0Anow: a,b")
        XCTAssertEqual(ValidateGitHub.escapeProperty("a:b,c%\n"), "a%3Ab%2Cc%25%0A")
    }

    func testSARIF() throws {
        let (result, path) = run("sarif")
        let sarif = jsonObject(result.out)
        XCTAssertEqual(sarif["version"] as? String, "2.1.0")
        XCTAssertEqual(sarif["$schema"] as? String, ValidateSARIF.schema)
        let run = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "inbox-inspector")
        XCTAssertNil(driver["informationUri"], "no project URL exists to link to; SARIF makes it optional")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.compactMap { $0["id"] as? String }, RuleCatalogue.codes, "every rule, selected or not")
        for rule in rules {
            XCTAssertNotNil((rule["shortDescription"] as? [String: Any])?["text"] as? String)
            XCTAssertNotNil((rule["fullDescription"] as? [String: Any])?["text"] as? String)
            XCTAssertTrue(((rule["help"] as? [String: Any])?["text"] as? String)?.contains("inbox-inspector rules") ?? false)
            XCTAssertTrue(["error", "warning", "note"].contains((rule["defaultConfiguration"] as? [String: Any])?["level"] as? String ?? ""))
            XCTAssertNotNil(rule["name"] as? String)
        }
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.compactMap { $0["ruleId"] as? String }, ["IK102", "IK104", "IK103"])
        for result in results {
            let index = try XCTUnwrap(result["ruleIndex"] as? Int)
            XCTAssertEqual(rules[index]["id"] as? String, result["ruleId"] as? String)
            XCTAssertNotNil((result["message"] as? [String: Any])?["text"] as? String)
            let location = try XCTUnwrap((result["locations"] as? [[String: Any]])?.first)
            let physical = try XCTUnwrap(location["physicalLocation"] as? [String: Any])
            // Outside the working directory (the source root): an absolute file URI.
            XCTAssertEqual((physical["artifactLocation"] as? [String: Any])?["uri"] as? String, "file://" + path)
            let region = try XCTUnwrap(physical["region"] as? [String: Any])
            XCTAssertNotNil(region["startLine"] as? Int)
            XCTAssertNotNil(region["startColumn"] as? Int)
            let logical = (location["logicalLocations"] as? [[String: Any]])?.first?["fullyQualifiedName"] as? String
            XCTAssertEqual(logical, (result["properties"] as? [String: Any])?["pointer"] as? String)
        }
        XCTAssertEqual(results.map { $0["level"] as? String }, ["error", "warning", "error"])
        XCTAssertEqual(ValidateSARIF.uri("my campaigns/ä.json"), "my%20campaigns/%C3%A4.json")
    }

    func testJUnitIsWellFormedXML() throws {
        let (result, _) = run("junit", ["--fail-on", "warning"])
        let outline = try XCTUnwrap(JUnitOutline.parse(result.out), result.out)
        XCTAssertEqual(outline.elements.filter { $0 == "testsuite" }.count, 1)
        XCTAssertEqual(outline.testcases, ["/request/notifications/0 (line 2)", "/request/notifications/1 (line 3)",
                                           "/request/notifications/2 (line 4)"])
        XCTAssertEqual(outline.elements.filter { $0 == "failure" }.count, 2, "messages 0 and 2 fail; 1 is clean")
        XCTAssertTrue(outline.text.contains("inbox_date \"<24/12> & 'x'\" is not a real day"), "escaped and read back")
        XCTAssertEqual(outline.attributes["testsuites"]?["failures"], "2")
    }

    func testJUnitPutsFindingsBelowTheThresholdInSystemOut() throws {
        let (result, _) = run("junit")
        let outline = try XCTUnwrap(JUnitOutline.parse(result.out))
        XCTAssertEqual(outline.elements.filter { $0 == "system-out" }.count, 1, "IK104 is a warning under --fail-on error")
        XCTAssertEqual(outline.elements.filter { $0 == "failure" }.count, 2)
    }

    func testJUnitDocumentLevelFindingsAreATestcase() throws {
        let path = temporaryFile("broken.json", #"{"content": "x" "inbox_days": 3}"#)
        let result = runCLI(["validate", "--format", "junit", path])
        let outline = try XCTUnwrap(JUnitOutline.parse(result.out))
        XCTAssertEqual(outline.testcases, ["document at line 1"])
        XCTAssertEqual(outline.elements.filter { $0 == "failure" }.count, 1)
    }

    func testJUnitEscapesControlCharacters() {
        XCTAssertEqual(ValidateJUnit.escape("a<b>&\"c\" 'd'\u{1}"), "a&lt;b&gt;&amp;&quot;c&quot; &apos;d&apos;\u{FFFD}")
    }
}

/// What the XML parser saw: element names in order, testcase names, text, attributes.
private final class JUnitOutline: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var testcases: [String] = []
    var text = ""
    var attributes: [String: [String: String]] = [:]

    static func parse(_ xml: String) -> JUnitOutline? {
        let outline = JUnitOutline()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.delegate = outline
        return parser.parse() ? outline : nil
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        elements.append(elementName)
        attributes[elementName] = attributeDict
        if elementName == "testcase", let name = attributeDict["name"] { testcases.append(name) }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }
}
