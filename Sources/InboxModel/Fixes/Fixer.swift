import InboxCore

/// Applies the fixes rules propose (`validate --fix`): the document is inspected, every
/// check runs with a report that keeps fixes, the fixes allowed that do not conflict are
/// applied together, and the result is inspected again, until nothing changes or
/// `maxPasses` passes ran. A fix inside a `data` string rewrites the whole string, so
/// the fixes in one string take a pass each: the bound leaves room for a string with
/// many (a carousel of links without a scheme), and still ends a run that never settles.
///
/// The result always parses: a pass whose fixes together would not parse applies the first
/// fix that parses alone, and a document that does not parse gets only syntax fixes
/// (IK001: a trailing comma) and is left as it was when they do not make it parse.
public struct Fixer: Sendable {
    public static let maxPasses = 32

    private let checks: RuleChecks
    public var options: InspectionOptions
    /// The riskiest fixes applied: `.safe` applies only fixes that keep what the payload
    /// means, `.unsafe` the fixes that guess too (ruff's `--unsafe-fixes`).
    public var applying: FixSafety

    public init(rules: [any Rule] = RuleCatalogue.all, options: InspectionOptions, applying: FixSafety = .safe) {
        checks = RuleChecks(rules)
        self.options = options
        self.applying = applying
    }

    /// What fixing a text gave.
    public struct Outcome: Sendable {
        public var text: [UInt8]
        public var passes: [Pass] = []
        /// The codes of the findings fixed, one per fix applied.
        public var fixed: [String] { passes.flatMap(\.codes) }
        public var changed: Bool { !passes.isEmpty }
    }

    /// The fixes one pass applied: their rules' codes, and their edits in the text the pass
    /// before left (for the tests, which check that nothing else changed).
    public struct Pass: Sendable {
        public var codes: [String]
        /// The pointers of the findings fixed, one per code.
        public var pointers: [String]
        public var edits: [TextEdit]
    }

    /// `text` (a document: a file, or one NDJSON line) with the fixes applied.
    public func fix(_ text: [UInt8]) -> Outcome {
        let parsedAtFirst = parses(text)
        var current = text
        var passes: [Pass] = []
        for _ in 0 ..< Self.maxPasses {
            // A document that did not parse gets its syntax fixed and nothing else, even once
            // it parses: what it meant is less certain.
            let proposed = proposals(for: current, syntaxOnly: !parsedAtFirst)
            guard let step = bestStep(proposed, on: current, mustParse: parsedAtFirst), step.text != current else { break }
            current = step.text
            passes.append(Pass(codes: step.fixes.map(\.code), pointers: step.fixes.map(\.pointer), edits: step.edits))
        }
        // A document that did not parse is written only when its syntax fixes made it parse.
        guard parses(current) else { return Outcome(text: text) }
        return Outcome(text: current, passes: passes)
    }

    /// `text` read as NDJSON: each line fixed on its own, its line ending kept (a fix never
    /// writes a line break into a line: it inserts members on the line they join).
    public func fix(lines text: [UInt8]) -> Outcome {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var passes: [Pass] = []
        var start = 0
        while start < text.count {
            let lineFeed = text[start...].firstIndex(of: UInt8(ascii: "\n"))
            var end = lineFeed ?? text.count
            if end > start, text[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let line = Array(text[start ..< end])
            let outcome = line.allSatisfy { $0 == 0x20 || $0 == 0x09 } ? Outcome(text: line) : fix(line)
            // A line's passes, in the whole text as it is when they run: the lines before
            // fixed already, the lines after not yet.
            let offset = result.count
            passes += outcome.passes.map { pass in
                Pass(codes: pass.codes, pointers: pass.pointers, edits: pass.edits.map {
                    TextEdit($0.range.lowerBound + offset ..< $0.range.upperBound + offset, $0.replacement)
                })
            }
            result += outcome.text
            let next = lineFeed.map { $0 + 1 } ?? text.count
            result += text[end ..< next]
            start = next
        }
        return Outcome(text: passes.isEmpty ? text : result, passes: passes)
    }

    /// The fixes the checks propose for `text`, allowed by `applying`, in text order.
    func proposals(for text: [UInt8], syntaxOnly: Bool) -> [ProposedFix] {
        let inspected = Inspector(options: options).inspect(text, source: "")
        var report = Report(source: "")
        report.proposedFixes = []
        checks.check(document: inspected, into: &report)
        for index in inspected.messages.indices {
            checks.check(message: inspected.messages[index], into: &report)
        }
        let proposed = withExtendedLifetime(inspected) { report.proposedFixes ?? [] }
        return proposed
            .filter { $0.fix.safety <= applying && (!syntaxOnly || $0.code == "IK001") }
            .sorted { ($0.fix.edits.map(\.range.lowerBound).min() ?? 0) < ($1.fix.edits.map(\.range.lowerBound).min() ?? 0) }
    }

    /// The fixes of one pass applied: every one that conflicts with none before it, or,
    /// when their result does not parse, the first that parses alone. Nil when none applies.
    private func bestStep(_ proposed: [ProposedFix], on text: [UInt8],
                          mustParse: Bool) -> (text: [UInt8], fixes: [ProposedFix], edits: [TextEdit])? {
        var chosen: [ProposedFix] = []
        var taken = TakenRanges()
        for candidate in proposed where !candidate.fix.edits.contains(where: taken.conflicts) {
            chosen.append(candidate)
            for edit in candidate.fix.edits { taken.add(edit) }
        }
        guard !chosen.isEmpty else { return nil }
        let edits = chosen.flatMap(\.fix.edits)
        let together = edits.applied(to: text)
        if !mustParse || parses(together) { return (together, chosen, edits) }
        for candidate in chosen {
            let alone = candidate.fix.edits.applied(to: text)
            if parses(alone) { return (alone, [candidate], candidate.fix.edits) }
        }
        return nil
    }

    /// The edits of the fixes taken in a pass, sorted by start: a candidate's edit is
    /// compared with its two neighbours only (taken edits never overlap), so a batch file
    /// with thousands of fixes is not compared fix by fix.
    struct TakenRanges {
        private var edits: [TextEdit] = []

        /// The first taken edit starting at or after `start`.
        private func position(of start: Int) -> Int {
            var low = 0
            var high = edits.count
            while low < high {
                let middle = (low + high) / 2
                if edits[middle].range.lowerBound < start { low = middle + 1 } else { high = middle }
            }
            return low
        }

        func conflicts(_ edit: TextEdit) -> Bool {
            let next = position(of: edit.range.lowerBound)
            if next < edits.count, edits[next].conflicts(with: edit) { return true }
            return next > 0 && edits[next - 1].conflicts(with: edit)
        }

        mutating func add(_ edit: TextEdit) {
            edits.insert(edit, at: position(of: edit.range.lowerBound))
        }
    }

    private func parses(_ text: [UInt8]) -> Bool {
        if case .success = JSONDocument.parse(text, maxDepth: options.maxDepth) { return true }
        return false
    }
}

