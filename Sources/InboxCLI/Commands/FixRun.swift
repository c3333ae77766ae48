import Foundation
import InboxModel
import InboxCore

/// `validate --fix` and `--diff`: fixes the inputs before they are validated. Files are
/// rewritten in place (`AtomicFile`), or, with `--diff`, shown as a unified diff and left
/// alone; standard input's fixed document goes to standard output. The model proposes and
/// applies the fixes (`Fixer`); this only reads, writes and counts.
struct FixRun {
    let fixer: Fixer
    let rules: [any Rule]
    let console: Console
    let arguments: ParsedArguments
    let settings: ValidateSettings

    /// What is left to do after fixing.
    enum Outcome {
        /// The run is over (a diff was printed, or standard input was fixed): its exit code.
        case finished(Int32)
        /// The files were fixed; the caller validates them. `writeFailed`: a file could not be rewritten.
        case fixed(count: Int, writeFailed: Bool)
    }

    init(invocation: Invocation, rules: [any Rule], settings: ValidateSettings, console: Console) throws {
        arguments = invocation.arguments
        guard FixOptions.requested(arguments) || !arguments.has(FixOptions.unsafeFixes.name) else {
            throw UsageError("--unsafe-fixes needs --fix or --diff", command: "validate")
        }
        fixer = Fixer(rules: rules, options: invocation.inspection, applying: arguments.has(FixOptions.unsafeFixes.name) ? .unsafe : .safe)
        self.rules = rules
        self.console = console
        self.settings = settings
    }

    private var diffOnly: Bool { arguments.has(FixOptions.diff.name) }

    /// A write made to fail on purpose (tests; see `AtomicFile.failureVariable`).
    private var injectedFailure: AtomicFile.Step? {
        console.environment[AtomicFile.failureVariable].flatMap(AtomicFile.Step.init(rawValue:))
    }

    func run() throws -> Outcome {
        var paths = arguments.paths
        if paths.isEmpty {
            guard !console.stdinIsTerminal else {
                throw UsageError("no input: give one or more paths, or pipe JSON on standard input (use - for stdin)")
            }
            paths = ["-"]
        }
        if paths.contains("-") {
            guard paths == ["-"] else { throw UsageError("--fix and --diff read standard input alone", command: "validate") }
            return .finished(try fixStandardInput())
        }
        let walked = InputWalker(forceNDJSON: arguments.has("--ndjson")).expand(paths)
        let (files, failures) = (walked.files, walked.failures)
        var fixedCount = 0
        var failed = false
        for file in files {
            // An unreadable file is reported by the validation that follows (or below, for --diff).
            guard let data = FileManager.default.contents(atPath: file.name) else {
                if diffOnly { console.problem("cannot read '\(file.name)'") }
                failed = true
                continue
            }
            let old = [UInt8](data)
            let outcome = fixed(old, ndjson: file.isNDJSON)
            guard outcome.changed else { continue }
            if diffOnly {
                printDiff(old, outcome.text, name: file.name)
            } else {
                do {
                    try AtomicFile.write(outcome.text, to: file.name, failing: injectedFailure)
                } catch let failure as AtomicFile.Failure {
                    console.problem("cannot write '\(file.name)': \(failure.reason); it was left as it was")
                    failed = true
                    continue
                }
            }
            fixedCount += outcome.fixed.count
        }
        guard diffOnly else { return .fixed(count: fixedCount, writeFailed: failed) }
        for failure in failures { console.problem("cannot read '\(failure.path)': \(failure.reason)") }
        console.err.line("Would fix \(Self.findings(fixedCount)).")
        if failed || !failures.isEmpty { return .finished(ExitCode.usage) }
        return .finished(fixedCount > 0 ? ExitCode.findings : ExitCode.success)
    }

    /// Everything on file descriptor 0 (not `FileHandle`: it links ICU's data into the
    /// static binary, docs/RELEASE.md).
    private static func readStandardInput() throws -> [UInt8] {
        do {
            return try DescriptorIO.readToEnd(0)
        } catch {
            throw UsageError("cannot read standard input: \(error.reason)")
        }
    }

    /// Standard input fixed: the document on standard output (or the diff), the counts on
    /// standard error, the exit code of what remains.
    private func fixStandardInput() throws -> Int32 {
        let old = try console.stdinBytes ?? Self.readStandardInput()
        let ndjson = arguments.has("--ndjson") || Self.looksLikeNDJSON(old)
        let outcome = fixed(old, ndjson: ndjson)
        if diffOnly {
            printDiff(old, outcome.text, name: "-")
            console.err.line("Would fix \(Self.findings(outcome.fixed.count)).")
            return outcome.changed ? ExitCode.findings : ExitCode.success
        }
        console.out.write(bytes: outcome.text)
        let counts = remaining(in: outcome.text, ndjson: ndjson)
        console.err.line("\(Self.findings(outcome.fixed.count)) fixed, \(counts.errors + counts.warnings + counts.infos) remaining")
        return settings.fails(counts) ? ExitCode.findings : ExitCode.success
    }

    /// The diff as a patch when piped; on a terminal, control characters of the payload
    /// (a C1 control in a string is valid JSON) are shown as spaces instead of obeyed.
    private func printDiff(_ old: [UInt8], _ new: [UInt8], name: String) {
        let diff = UnifiedDiff.diff(old, new, oldName: name, newName: name)
        console.out.write(console.stdoutIsTerminal ? TerminalText.clean(diff) : diff)
    }

    private func fixed(_ text: [UInt8], ndjson: Bool) -> Fixer.Outcome {
        ndjson ? fixer.fix(lines: text) : fixer.fix(text)
    }

    /// The findings of the fixed text, by severity (with the config's overrides).
    private func remaining(in text: [UInt8], ndjson: Bool) -> SeverityCounts {
        let inspector = Inspector(options: fixer.options)
        let analyzer = Analyzer(rules: rules)
        let documents = ndjson ? text.split(separator: UInt8(ascii: "\n")).map(Array.init) : [text]
        var counts = SeverityCounts()
        for document in documents where !(ndjson && document.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D })) {
            for finding in analyzer.diagnose(inspector.inspect(document, source: "-")).all {
                counts.add(settings.selection.severity(of: finding.ruleCode, default: finding.severity))
            }
        }
        return counts
    }

    /// Standard input read as NDJSON when validation would read it so (`DocumentReader`).
    private static func looksLikeNDJSON(_ bytes: [UInt8]) -> Bool {
        DocumentReader.looksLikeNDJSON(bytes)
    }

    static func findings(_ count: Int) -> String { count == 1 ? "1 finding" : "\(count) findings" }
}
