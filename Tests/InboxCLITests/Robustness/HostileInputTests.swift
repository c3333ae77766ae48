import Foundation
import XCTest
@testable import InboxCLI
import InboxModel
@testable import InboxCore

/// Payloads, file names and config files written by an attacker (a pull request controls
/// all three): they cannot act on the terminal, leak a secret or flood a log.
final class HostileInputTests: XCTestCase {
    /// The characters no text output may pass through raw: C0 (ESC, BEL, BS, NUL, CR, TAB),
    /// DEL, the C1 CSI, bidi overrides and isolates, zero-width characters.
    static let forbidden: [Unicode.Scalar] = ["\u{1B}", "\u{07}", "\u{08}", "\u{00}", "\r", "\t", "\u{7F}", "\u{9B}",
                                              "\u{202E}", "\u{2066}", "\u{200B}", "\u{FEFF}"]
    /// The issue's repro: an OSC 8 hyperlink and a screen clear in a title.
    static let repro = #"{"ios_title":"a\u001b]8;;https://evil/\u0007X\u001b]8;;\u0007\u001b[2J","content":"x","inbox_days":99}"#

    private func assertNoControl(_ text: String, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        for scalar in Self.forbidden where text.unicodeScalars.contains(scalar) {
            XCTFail("\(context): U+\(String(scalar.value, radix: 16)) printed raw", file: file, line: line)
        }
    }

    func testTheReproIsHarmlessInEveryTextOutput() {
        let path = temporaryFile("repro.json", Self.repro)
        for command in ["resolve", "buttons", "stories", "validate"] {
            let result = runCLI([command, path])
            assertNoControl(result.out, command)
        }
        let validate = runCLI(["validate", path]).out
        XCTAssertTrue(validate.contains(#"\u001b]8;;https://evil/\u0007X"#), validate)
    }

    func testEveryControlAndInvisibleCharacterOfAPayloadIsShownEscaped() {
        let hostile = #"t\u001b[2J\u0007\b\u0000\r\t\u007f\u009b\u202ex\u2066y\u200bz\ufeffw\nFORGED"#
        let story = #"{"aps":{"category":"PW_STORIES","mutable-content":1},"pw_stories":{"pages":[{"image":"https://x.com/a.jpg?\#(hostile)","title":"\#(hostile)","subtitle":"\#(hostile)","button_title":"\#(hostile)","link":"https://x.com/\#(hostile)"}]},"ios_title":"x"}"#
        let payload = #"{"ios_title":"\#(hostile)","content":"\#(hostile)","inbox_days":1,"data":{"displayType":"\#(hostile)","buttons":[{"title":"\#(hostile)","url":"https://x.com/\#(hostile)"},{"title":"\#(hostile)","k":"\#(hostile)"}]}}"#
        for (name, text) in [("story.json", story), ("payload.json", payload)] {
            let path = temporaryFile(name, text)
            for command in ["resolve", "buttons", "stories", "validate"] {
                let out = runCLI([command, path]).out
                assertNoControl(out, "\(command) \(name)")
                XCTAssertFalse(out.contains("\nFORGED"), "\(command) \(name): a payload forged a line\n\(out)")
            }
        }
        let stories = runCLI(["stories", temporaryFile("story.json", story)]).out
        XCTAssertTrue(stories.contains(#"\u202e"#) && stories.contains(#"\u009b"#), stories)
    }

    func testInfoPlistValuesAreShownEscaped() {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSExtension</key><dict><key>NSExtensionAttributes</key><dict>
            <key>UNNotificationExtensionCategory</key><string>PW&#9;STORIES&#10;FORGED&#13;</string>
            </dict></dict></dict></plist>
            """
        let path = temporaryFile("Info.plist", plist)
        let out = runCLI(["stories", "--plist", path, "Examples/stories/push.json"]).out
        assertNoControl(out, "stories --plist")
        XCTAssertFalse(out.contains("\nFORGED"), out)
        XCTAssertTrue(out.contains(#""PW\tSTORIES\nFORGED\r""#), out)
    }

    func testFileNamesAreShownEscapedInHeadersAndOnStderr() {
        let path = temporaryFile("a\u{1B}[2J\u{202E}b.json", Self.repro)
        for command in ["resolve", "validate", "buttons"] {
            let result = runCLI([command, path])
            assertNoControl(result.out, command)
            XCTAssertTrue(result.out.contains(#"a\u001b[2J\u202eb.json"#), "\(command): \(result.out)")
        }
        let missing = runCLI(["validate", "/nonexistent/\u{1B}]0;title\u{07}.json"])
        XCTAssertEqual(missing.status, 2)
        assertNoControl(missing.err, "stderr")
        XCTAssertTrue(missing.err.contains(#"\u001b]0;title\u0007"#), missing.err)
    }

    func testGitHubFormatEncodesEveryControlByte() {
        let path = temporaryFile("gh.json", #"{"ios_title":"x","content":"x","inbox_days":1,"data":{"displayType":"a\u001b[2J\b\u009bb"}}"#)
        let out = runCLI(["validate", "--format", "github", path]).out
        XCTAssertFalse(out.utf8.contains(0x1B) || out.utf8.contains(0x08), out)
        XCTAssertFalse(out.unicodeScalars.contains("\u{9B}"), out)
    }

    func testVisibleTextEscapesWhatTheIssueLists() {
        let text = "\u{1B}\u{07}\r\u{08}\u{00}\t\n\u{7F}\u{9B}\u{202A}\u{202E}\u{2066}\u{2069}\u{200B}\u{200D}\u{2060}\u{FEFF}ok é"
        XCTAssertEqual(VisibleText.escaped(text), #"\u001b\u0007\u000d\u0008\u0000\u0009\u000a\u007f\u009b\u202a\u202e\u2066\u2069\u200b\u200d\u2060\ufeffok é"#)
        XCTAssertEqual(VisibleText.escaped("plain text"), "plain text")
        XCTAssertEqual(VisibleText.escaped("a\nb", keepingNewlines: true), "a\nb")
    }

    // MARK: - Write errors

    /// A console whose stdout is `descriptor`, run through `CLI.finish` as `main` runs it.
    private func run(_ arguments: [String], stdout descriptor: Int32) -> (status: Int32, err: String) {
        FileManager.default.changeCurrentDirectoryPath(repositoryRoot.path)
        let console = Console(out: OutputBuffer(descriptor: descriptor), err: OutputBuffer(), environment: Environment([:]),
                              stdoutIsTerminal: false, stdinIsTerminal: true, stdinBytes: nil)
        let status = CLI.finish(CLI.run(arguments, console: console), console: console)
        return (status, console.err.capturedText)
    }

    func testAFullDiskFailsEveryCommandWithAMessage() throws {
        let full = open("/dev/full", O_WRONLY)
        try XCTSkipIf(full < 0, "no /dev/full")
        defer { close(full) }
        for arguments in [["validate", "Examples/notification.json"], ["validate", "--format", "sarif", "Examples"],
                          ["resolve", "--format", "json", "Examples/request.json"], ["buttons", "Examples"],
                          ["stories", "Examples/stories"], ["rules"], ["--version"]] {
            let result = run(arguments, stdout: full)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertTrue(result.err.contains("cannot write the output"), result.err)
        }
    }

    func testAClosedPipeEndsQuietlyEvenWhenSIGPIPEIsIgnored() {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        close(ends[0])
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous); close(ends[1]) }
        let result = run(["validate", "Examples"], stdout: ends[1])
        XCTAssertEqual(result.status, 1) // the findings' status, as if the reader had read them
        XCTAssertEqual(result.err, "")
    }

    func testDescriptorWriterTellsEachOutcome() {
        let full = open("/dev/full", O_WRONLY)
        defer { close(full) }
        let bytes: [UInt8] = Array("report".utf8)
        if full >= 0, case .failed = DescriptorWriter(descriptor: full).write(bytes.span) {} else if full >= 0 {
            XCTFail("a full disk is a failure")
        }
        XCTAssertEqual(DescriptorWriter(descriptor: -1).write(bytes.span), .failed(reason: String(cString: strerror(EBADF))))
    }

    // MARK: - The binary, for what only a process shows

    /// The built `inbox-inspector` next to the test bundle.
    private var binary: String {
        repositoryRoot.appendingPathComponent(".build/debug/inbox-inspector").path
    }

    /// Runs `script` with `sh -c` (the binary as `$BIN`), at most `timeout` seconds; its
    /// status, stderr and the peak memory of its largest process in kilobytes, measured by
    /// GNU time (nil without it).
    private func shell(_ script: String, timeout: Double = 60) throws -> (status: Int32, err: String, peakKB: Int?) {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: binary), "the binary is not built")
        let process = Process()
        let time = "/usr/bin/time"
        let peakFile = testRunDirectory.appendingPathComponent("peak-\(UUID().uuidString)").path
        if FileManager.default.isExecutableFile(atPath: time) {
            process.executableURL = URL(fileURLWithPath: time)
            process.arguments = ["-f", "%M", "-o", peakFile, "/bin/sh", "-c", script]
        } else {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
        }
        process.environment = ["BIN": binary, "SWIFT_BACKTRACE": "enable=no", "PATH": "/usr/bin:/bin"]
        process.currentDirectoryURL = repositoryRoot
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            XCTFail("still running after \(timeout) s: \(script)")
        }
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let peak = (try? String(contentsOfFile: peakFile, encoding: .utf8))?
            .split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        return (process.terminationStatus, err, peak)
    }

    func testAClosedStdoutAndAShortWriteAreFailures() throws {
        let closed = try shell(#""$BIN" validate Examples/notification.json >&-"#)
        XCTAssertEqual(closed.status, 2)
        XCTAssertTrue(closed.err.contains("standard output is closed"), closed.err)
        // A file size limit of one block: the report is cut short, then the write fails.
        let file = testRunDirectory.appendingPathComponent("short.sarif").path
        let short = try shell(#"ulimit -f 1; trap '' XFSZ; "$BIN" validate --format sarif Examples > '\#(file)'"#)
        XCTAssertEqual(short.status, 2)
        XCTAssertTrue(short.err.contains("cannot write the output"), short.err)
        let pipe = try shell(#"trap '' PIPE; "$BIN" validate --format json Examples | head -c 10 >/dev/null; exit 0"#)
        XCTAssertEqual(pipe.err, "")
    }

    func testDevZeroEndsAtOnceInBoundedMemory() throws {
        for script in [#""$BIN" validate /dev/zero"#, #""$BIN" validate < /dev/zero"#,
                       #"head -c 300000000 /dev/zero | "$BIN" resolve --format json"#] {
            let result = try shell(script + " >/dev/null", timeout: 60)
            XCTAssertEqual(result.status, 1, script)
            if let peak = result.peakKB { XCTAssertLessThan(peak, 100 * 1024, script) }
        }
    }

    /// A NUL that comes in a later read of a pipe than the first ends the document there,
    /// as one in the first read does (it was counted from the wrong place, past the bytes read).
    func testANulInALaterReadOfAPipeEndsTheDocument() throws {
        let file = temporaryFile("late-nul.txt", #"{"a": ""# + String(repeating: "x", count: 100_000) + "\u{0}rest")
        for script in [#"cat '\#(file)' | "$BIN" validate -"#, #""$BIN" validate - < '\#(file)'"#] {
            let result = try shell(script + " >/dev/null")
            XCTAssertEqual(result.status, 1, script) // IK001, not a crash
            XCTAssertEqual(result.err, "", script)
        }
    }

    // MARK: - Memory

    func testADocumentOverTheLimitIsIK009AndNotRead() throws {
        let big = #"{"content":""# + String(repeating: "x", count: 3000) + #"","inbox_days":1}"#
        let small = #"{"content":"y","inbox_days":1}"#
        let file = temporaryFile("big.json", big)
        let json = jsonObject(runCLI(["validate", "--format", "json", "--max-document-size", "2", file]).out)
        let codes = (json["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
        XCTAssertEqual(codes, ["IK009"])
        XCTAssertEqual(runCLI(["validate", "--max-document-size", "4", file]).status, 0)
        // One line of NDJSON over the limit; the next line is read as usual.
        let lines = temporaryFile("big.ndjson", big + "\n" + small + "\n")
        let text = runCLI(["validate", "--max-document-size", "2", lines]).out
        XCTAssertTrue(text.contains("1:1     error    IK009"), text)
        XCTAssertTrue(text.contains("in 1 message"), text) // line 2, read as usual (it has no finding)
        // The same from standard input.
        XCTAssertTrue(runCLI(["validate", "--max-document-size", "2", "-"], stdin: big).out.contains("IK009"))
    }

    func testABatchElementOverTheLimitIsNotHeldWhole() {
        let elements = (0 ..< 5).map { #"{"content":"m\#($0)","inbox_days":1}"# }
            + [#"{"content":""# + String(repeating: "x", count: 200_000) + #""}"#]
        let path = temporaryFile("elements.json", #"{"request":{"notifications":["# + elements.joined(separator: ",") + "]}}")
        let result = runCLI(["validate", "--max-document-size", "64", path], environment: [StreamedBatch.thresholdVariable: "0"])
        XCTAssertTrue(result.out.contains("1:1     error    IK009"), result.out)
    }

    func testStandardInputThatLooksLikeNDJSONStreamsPastTheLimit() {
        let lines = (0 ..< 400).map { #"{"content":"message \#($0)","inbox_days":1}"# }.joined(separator: "\n")
        XCTAssertGreaterThan(lines.utf8.count, 4 * 1024)
        let result = runCLI(["validate", "--format", "json", "--max-document-size", "1", "--select", "IK009"], stdin: lines)
        let summary = jsonObject(result.out)["summary"] as? [String: Any]
        XCTAssertEqual(summary?["messages"] as? Int, 400)
        XCTAssertEqual(summary?["error"] as? Int, 0)
    }

    func testARequestWithAuthAfterNotificationsStreamsWithTheSameOutput() {
        let notifications = (0 ..< 5).map { #"{"content":"m\#($0)","inbox_days":1}"# }.joined(separator: ",\n  ")
        let request = "{\"request\": {\"notifications\": [\n  \(notifications)],\n \"auth\": \"k7Qm2XvB9pL4sT8wZ1yC6nR3dF5gH0jK\"}}\n"
        let path = temporaryFile("request.json", request)
        // The file's findings stand first, as in the whole file's text; JSON lists them by
        // position, so there the one finding after the batch moves (the same findings).
        for command in [["validate"], ["resolve", "--format", "json"], ["validate", "--format", "json"]] {
            let whole = runCLI(command + [path], environment: [StreamedBatch.thresholdVariable: "1000000000"])
            let streamed = runCLI(command + [path], environment: [StreamedBatch.thresholdVariable: "0"])
            XCTAssertTrue(whole.out.contains("IK106"), whole.out)
            if command.contains("json") && command[0] == "validate" {
                XCTAssertEqual(streamed.out.split(separator: "\n").sorted(), whole.out.split(separator: "\n").sorted())
            } else {
                XCTAssertEqual(streamed.out, whole.out, command.joined(separator: " "))
            }
        }
    }

    // MARK: - No quadratic paths

    private func seconds(_ body: () -> Void) -> Double {
        let start = Date()
        body()
        return Date().timeIntervalSince(start)
    }

    func testPayloadCommandsOnBrokenLinesTakeAboutWhatValidateTakes() {
        let lines = (0 ..< 5_000).map { #"{"content": x\#($0)}"# }.joined(separator: "\n")
        let path = temporaryFile("broken.ndjson", lines)
        let validate = seconds { _ = runCLI(["validate", "--format", "json", path]) }
        for command in ["resolve", "buttons", "stories"] {
            var result = RunResult(status: 0, out: "", err: "")
            let time = seconds { result = runCLI([command, "--format", "json", path]) }
            XCTAssertEqual((jsonObject(result.out)["diagnostics"] as? [Any])?.count, 5_000)
            XCTAssertLessThan(time, 5 * validate + 2, "\(command): \(time) s, validate \(validate) s")
        }
    }

    func testADeepCustomPayloadPrintsInLinearSpace() {
        let depth = 500
        let deep = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        let path = temporaryFile("deep.json", #"{"content":"x","inbox_days":1,"data":{"buttons":[{"title":"t","k":\#(deep)}]}}"#)
        for command in ["buttons", "resolve"] {
            let out = runCLI([command, "--format", "json", path]).out
            XCTAssertLessThan(out.utf8.count, 100 * depth, command)
            XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(out.utf8)), command)
        }
    }

    func testASuggestionForAHugeNonASCIIDisplayTypeIsBounded() {
        let marks = "e" + String(repeating: "\u{301}", count: 3000)
        let ascii = String(repeating: "e", count: 3001)
        let hostile = temporaryFile("marks.json", #"{"content":"x","inbox_days":1,"data":{"displayType":"\#(marks)"}}"#)
        let plain = temporaryFile("plain.json", #"{"content":"x","inbox_days":1,"data":{"displayType":"\#(ascii)"}}"#)
        let base = seconds { for _ in 0 ..< 20 { _ = runCLI(["validate", plain]) } }
        let time = seconds { for _ in 0 ..< 20 { _ = runCLI(["validate", hostile]) } }
        XCTAssertLessThan(time, 5 * base + 1, "combining marks: \(time) s, ASCII: \(base) s")
    }

    // MARK: - Nothing capped silently

    func testParserWarningsPastTheCapSayHowManyMoreOnEveryPath() {
        let keys = (0 ..< 1500).map { #""a":\#($0)"# }.joined(separator: ",")
        let document = "{\(keys),\"content\":\"x\",\"inbox_days\":1}"
        for path in [temporaryFile("dups.json", document), temporaryFile("dups.ndjson", document + "\n")] {
            let findings = jsonObject(runCLI(["validate", "--format", "json", "--select", "IK002", path]).out)["diagnostics"]
                as? [[String: Any]] ?? []
            XCTAssertEqual(findings.count, 1001, path)
            XCTAssertTrue((findings.last?["message"] as? String)?.hasPrefix("499 more duplicate keys") == true, path)
        }
    }

    // MARK: - Secrets

    func testAuthValuesAreNeverQuotedInFindings() {
        let token = "k7Qm2XvB9pL4sT8wZ1yC6nR3dF5gH0jK"
        let payloads = [
            #"{"request":{"auth":\#(token),"notifications":[{"content":"x","inbox_days":1}]}}"#,
            #"{"request":{"auth":"k7Q"\#(token.dropFirst(3)),"notifications":[]}}"#,
            #"{"request":{"AUTH":\#(token.dropFirst(3))x,"notifications":[]}}"#,
            #"{"request":{"auth":123456789012345678e999999,"notifications":[{"content":"x","inbox_days":1}]}}"#,
        ]
        for payload in payloads {
            let path = temporaryFile("auth.json", payload)
            for arguments in [["validate"], ["validate", "--format", "json"], ["resolve", "--format", "json"]] {
                let out = runCLI(arguments + [path]).out
                XCTAssertFalse(out.contains("m2XvB9") || out.contains("5678e9"), "\(arguments): \(out)")
            }
        }
    }

    func testCredentialKeysAndQueryParametersAreMasked() {
        let payload = #"{"content":"x","inbox_days":1,"data":{"buttons":[{"title":"t","AUTH":"s3cr3tA","Api-Key":"s3cr3tB","x":{"Access_Token":"s3cr3tC"}},{"title":"u","url":"https://x.com/?auth=s3cr3tD&v=1"}],"image":"http://x.com/a b.jpg?token=s3cr3tE&api_key=s3cr3tF"}}"#
        let path = temporaryFile("creds.json", payload)
        for arguments in [["validate"], ["validate", "--format", "json"], ["resolve"], ["resolve", "--format", "json"],
                          ["buttons"], ["buttons", "--format", "json"], ["validate", "--format", "sarif"]] {
            let out = runCLI(arguments + [path]).out
            XCTAssertFalse(out.contains("s3cr3t"), "\(arguments): \(out)")
        }
        XCTAssertTrue(runCLI(["resolve", "--format", "json", path]).out.contains("token=***&api_key=***"))
        XCTAssertEqual(Redaction.maskingCredentials("https://x.com/p?a=1&Token=abc#sig=zz"), "https://x.com/p?a=1&Token=***#sig=***")
    }

    // MARK: - Echoes

    func testLongInputIsQuotedALineAtMost() {
        let key = String(repeating: "k", count: 100_000)
        let config = temporaryFile("config.json", "{\"\(key)\": 1}")
        let result = runCLI(["validate", "--config", config, "Examples/notification.json"])
        XCTAssertEqual(result.status, 2)
        XCTAssertLessThan(result.err.utf8.count, 400, result.err)
        XCTAssertTrue(result.err.contains("(100000 characters)"), result.err)
        let option = runCLI(["validate", "--ignore", String(repeating: "Z", count: 5000), "Examples/notification.json"])
        XCTAssertLessThan(option.err.utf8.count, 400, option.err)
    }
}
