import XCTest
@testable import InboxModel

/// `.inbox-inspector.json`: parsing with positions, rule selection and path globs.
final class ConfigTests: XCTestCase {
    private func parse(_ text: String) -> Result<InspectorConfig, ConfigError> {
        ConfigParser.parse(Array(text.utf8))
    }

    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ConfigError? {
        guard case .failure(let error) = parse(text) else {
            XCTFail("expected an error", file: file, line: line)
            return nil
        }
        return error
    }

    /// A code is one value whatever case it is written in; a pattern matches the codes it
    /// is a prefix of (or all of them), keeps how it was written for messages, and is
    /// more specific the longer it is.
    func testRuleCodesAndPatterns() {
        XCTAssertEqual(RuleCode("ik203"), "IK203")
        XCTAssertEqual(RuleCode("ik203").text, "IK203")
        XCTAssertTrue(RuleSelection.alwaysOn.contains(RuleCode("ik001")))
        let family = RuleCodePattern("ik2")
        XCTAssertEqual(family.written, "ik2")
        XCTAssertEqual(family, "IK2")
        XCTAssertTrue(family.matches("IK203"))
        XCTAssertFalse(family.matches("IK301"))
        XCTAssertTrue(RuleCodePattern.all.matches("IK301"))
        XCTAssertLessThan(RuleCodePattern.all.specificity, family.specificity)
        XCTAssertLessThan(family.specificity, RuleCodePattern("IK20").specificity)
        XCTAssertEqual(RuleCatalogue.rule(RuleCode("ik601"))?.code, "IK601")
    }

    func testEveryKey() throws {
        let config = try parse("""
            {"sdk": "7.1", "minSdk": "7.0", "select": ["IK1", "IK901"], "ignore": ["IK104"],
             "severity": {"IK105": "error", "IK9": "info"}, "exclude": ["drafts/**"], "failOn": "warning",
             "maxWarnings": 10}
            """).get()
        XCTAssertEqual(config.profile, .v7_1)
        XCTAssertEqual(config.minProfile, .v7_0)
        XCTAssertEqual(config.select, ["IK1", "IK901"])
        XCTAssertEqual(config.ignore, ["IK104"])
        XCTAssertEqual(config.severities.map(\.pattern), ["IK105", "IK9"])
        XCTAssertEqual(config.exclude, [PathGlob("drafts/**")])
        XCTAssertEqual(config.failOn, .warning)
        XCTAssertEqual(config.maxWarnings, 10)
    }

    func testErrorsHaveTheirPosition() {
        XCTAssertEqual(error("{\n  \"ignor\": []\n}"),
                       ConfigError("unknown key \"ignor\" (did you mean \"ignore\"?)", line: 2, column: 3))
        XCTAssertEqual(error("{\"ignore\": [\"IK9O1\"]}")?.message, "unknown rule code 'IK9O1' (did you mean IK901?)")
        XCTAssertEqual(error("{\"ignore\": \"IK101\"}")?.column, 12)
        XCTAssertEqual(error("{\"severity\": {\"IK101\": \"fatal\"}}")?.message, "\"IK101\" must be one of info, warning, error")
        XCTAssertEqual(error("{\"severity\": {\"IK101\": \"eror\"}}")?.message,
                       "\"IK101\" must be one of info, warning, error (did you mean \"error\"?)")
        XCTAssertEqual(error("{\"sdk\": \"7.2\"}")?.message.hasPrefix("unknown profile \"7.2\""), true)
        XCTAssertEqual(error("{\"sdk\": \"7.0\", \"minSdk\": \"latest\"}")?.message, "\"minSdk\" guide is newer than \"sdk\" 7.0", "latest is the guide")
        XCTAssertEqual(error("{\"maxWarnings\": -1}")?.message, "\"maxWarnings\" must be a whole number ≥ 0")
        XCTAssertEqual(error("{\"ignore\": [\"IK001\"]}")?.message, RuleSelection.cannotIgnore("IK001"))
        XCTAssertEqual(error("{\"sdk\": \"7.0\", \"sdk\": \"7.1\"}")?.line, 1, "a duplicate key is an error, not a warning")
        XCTAssertEqual(error("{\n\"sdk\": \"7.0\",\n}")?.line, 3, "syntax errors come from our parser, with position")
        XCTAssertEqual(error("[]")?.message.hasPrefix("the config must be a JSON object"), true)
    }

    func testSelectionByPrefixAndSpecificity() {
        let family = RuleSelection(select: ["IK1"], ignore: ["IK105"])
        XCTAssertTrue(family.isEnabled("IK101"))
        XCTAssertFalse(family.isEnabled("IK105"))
        XCTAssertFalse(family.isEnabled("IK203"))
        XCTAssertTrue(family.isEnabled("IK001"), "IK001 always runs")
        let specific = RuleSelection(select: ["IK105"], ignore: ["IK1"])
        XCTAssertTrue(specific.isEnabled("IK105"), "the more specific pattern wins")
        XCTAssertFalse(specific.isEnabled("IK101"))
        XCTAssertFalse(RuleSelection(select: ["ik2"], ignore: ["IK2"]).isEnabled("IK203"), "ignore wins a tie; case-insensitive")
        XCTAssertTrue(RuleSelection(ignore: ["ALL"]).isEnabled("IK005"))
        XCTAssertFalse(RuleSelection(ignore: ["ALL"]).isEnabled("IK101"))
        XCTAssertTrue(RuleSelection().isEnabled("IK902"))
    }

    func testSeverityOverrides() {
        let selection = RuleSelection(severities: [("IK9", .info), ("ik901", .warning), ("ALL", .error)])
        XCTAssertEqual(selection.severity(of: "IK901", default: .error), .warning)
        XCTAssertEqual(selection.severity(of: "IK902", default: .warning), .info)
        XCTAssertEqual(selection.severity(of: "IK204", default: .info), .error)
        XCTAssertEqual(RuleSelection().severity(of: "IK204", default: .info), .info)
    }

    func testUnknownPatterns() {
        XCTAssertNil(RuleSelection.problem(with: "IK1"))
        XCTAssertNil(RuleSelection.problem(with: "IK6", codes: ["IK601", "IK602"]))
        XCTAssertNotNil(RuleSelection.problem(with: "IK6", codes: ["IK101"]))
        XCTAssertNil(RuleSelection.problem(with: "ik101"))
        XCTAssertNil(RuleSelection.problem(with: "ALL"))
        XCTAssertEqual(RuleSelection.problem(with: "IK1O1"), "unknown rule code 'IK1O1' (did you mean IK101?)")
        XCTAssertNotNil(RuleSelection.problem(with: ""))
    }

    func testGlobs() {
        let cases: [(String, String, Bool)] = [
            ("drafts/**", "drafts/a.json", true), ("drafts/**", "drafts/x/y/a.json", true),
            ("drafts", "drafts/x/a.json", true), ("drafts", "Examples/drafts/a.json", true),
            ("Examples/drafts", "Examples/drafts/a.json", true), ("Examples/drafts", "drafts/a.json", false),
            ("*.draft.json", "Examples/a.draft.json", true), ("*.draft.json", "Examples/a.json", false),
            ("Examples/*.json", "Examples/a.json", true), ("Examples/*.json", "Examples/x/a.json", false),
            ("Examples/*/a.json", "Examples/x/a.json", true), ("Examples/*/a.json", "Examples/x/y/a.json", false),
            ("**/old-?.json", "a/b/old-1.json", true), ("**/old-?.json", "old-12.json", false),
            ("./Examples/**/*.ndjson", "Examples/c/d.ndjson", true), ("Examples/**/*.ndjson", "./Examples/d.ndjson", true),
            ("a*b*c", "axxbyyc", true), ("a*b*c", "axxbyy", false),
            ("drafts/**", "campaigns/drafts/a.json", true), ("./drafts", "campaigns/drafts/a.json", false),
            ("./campaigns/drafts", "campaigns/drafts/a.json", true), ("/tmp/x", "/tmp/x/a.json", true),
        ]
        for (pattern, path, expected) in cases {
            XCTAssertEqual(PathGlob(pattern).matches(path), expected, "\(pattern) vs \(path)")
        }
    }

    func testGlobSetsEscapesAndSegments() {
        let cases: [(String, String, Bool)] = [
            ("old-[0-9].json", "old-1.json", true), ("old-[0-9].json", "old-a.json", false),
            ("old-[!0-9].json", "old-a.json", true), ("old-[!0-9].json", "old-1.json", false),
            ("[ab]*.json", "b.json", true), ("[ab]*.json", "c.json", false),
            ("a\\*.json", "a*.json", true), ("a\\*.json", "ab.json", false),
            // An escape makes the pattern differ from its text (found by make fuzz-config).
            ("{\")\\+", "{\")+", true), ("{\")\\+", "{\")\\+", false),
            ("[unclosed", "[unclosed", true), ("**/x/**/y", "a/x/b/c/y/z.json", true), ("**/x/**/y", "a/y/x/z.json", false),
            ("a/**/**/b", "a/b", true), ("a/**/b/**/c", "a/b/c", true), ("a/**/b/**/c", "a/c/b", false),
            ("old-*", "x/old-1.json", true), ("old-*", "x/new-1.json", false), ("*", "x/y.json", true),
            ("*.json", "x/y.jsonl", false), ("x/*/y", "x/y", false), ("é*", "éclair.json", true),
        ]
        for (pattern, path, expected) in cases {
            XCTAssertEqual(PathGlob(pattern).matches(path), expected, "\(pattern) vs \(path)")
        }
    }

    /// Repeated `**/` used to try every split of the path at every `**`: exponential in
    /// their number (`**/**/**/**/**/**/b` against a deep path ran for over a minute).
    func testRepeatedDoubleStarsAreLinear() {
        let deep = Array(repeating: "a", count: 400).joined(separator: "/") + "/c.json"
        let patterns = [String(repeating: "**/", count: 12) + "b", String(repeating: "**/a/", count: 40) + "b",
                        String(repeating: "*a", count: 30) + "b"]
        let start = ContinuousClock.now
        for pattern in patterns {
            XCTAssertFalse(PathGlob(pattern).matches(deep), pattern)
        }
        XCTAssertTrue(PathGlob(String(repeating: "**/", count: 12) + "c.json").matches(deep))
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5), "each match is pattern x path steps")
    }

    func testOverridesAndAlwaysOnSeverities() throws {
        let config = try parse("""
            {"overrides": [{"files": ["legacy/**"], "sdk": "7.0", "select": ["IK2"], "ignore": ["IK204"],
                            "severity": {"IK105": "info"}}]}
            """).get()
        XCTAssertEqual(config.overrides.count, 1)
        XCTAssertEqual(config.overrides[0].glob(matching: "legacy/a.json")?.pattern, "legacy/**")
        XCTAssertNil(config.overrides[0].glob(matching: "campaigns/a.json"))
        XCTAssertEqual(config.overrides[0].profile, .v7_0)
        XCTAssertEqual(error(#"{"overrides": [{"select": ["IK1"]}]}"#)?.message.hasPrefix("this override needs \"files\""), true)
        XCTAssertEqual(error(#"{"overrides": [{"files": ["a"], "exclud": []}]}"#)?.message,
                       "unknown key \"exclud\" in an override; known keys: files, select, ignore, severity, sdk")
        XCTAssertEqual(error(#"{"minSdk": "latest", "overrides": [{"files": ["a"], "sdk": "7.0"}]}"#)?.column, 60)
        for code in ["IK001", "ik005", "IK006"] {
            XCTAssertEqual(error(#"{"severity": {"\#(code)": "warning"}}"#)?.message,
                           RuleSelection.cannotDowngrade(RuleCode(code)))
            XCTAssertEqual(error(#"{"overrides": [{"files": ["a"], "severity": {"\#(code)": "info"}}]}"#)?.message,
                           RuleSelection.cannotDowngrade(RuleCode(code)))
        }
        let everything = RuleSelection(severities: [("ALL", .info), ("IK0", .warning)])
        XCTAssertEqual(everything.severity(of: "IK001", default: .error), .error, "a prefix leaves them errors")
        XCTAssertEqual(everything.severity(of: "IK002", default: .error), .warning)
    }
}
