import InboxCore

/// IK002: the same key twice in one object; iOS keeps the last, which is easy to miss.
public struct DuplicateKey: DocumentRule, MessageRule {
    public init() {}
    /// Its document check looks only at documents with parser warnings.
    public static let documentNeeds: DocumentFacts = [.parseWarnings]
    /// Its message check looks only at the problems of nested JSON strings.
    public static let needs: MessageFacts = [.nestedIssues]
    public let description = RuleDescription(
        code: "IK002", severity: .warning, title: "Duplicate key",
        explanation: """
            An object holds the same key twice. On iOS the last occurrence wins and the first \
            is silently ignored, so an edit made to the first copy never shows. The finding is \
            at the winning (last) key and names where the ignored one is. Keys inside a `u` or \
            `action_params` JSON string are checked too.
            """,
        triggers: [RuleExample(#"{"ios_title": "Old", "content": "x", "ios_title": "New"}"#)],
        passes: [RuleExample(#"{"ios_title": "New", "content": "x"}"#)],
        fix: RuleFix(.safe, """
            Removes the ignored (first) member, so the file says what the phone reads. Not for \
            keys inside a JSON string.
            """,
            before: RuleExample(#"{"ios_title": "Old", "content": "x", "ios_title": "New"}"#),
            after: #"{"content": "x", "ios_title": "New"}"#))

    /// Found in the document, and in each message's nested JSON.
    public func register(in checks: inout RuleCheckRegistry) {
        checks.add(document: self)
        checks.add(message: self)
    }

    public func check(document: InspectedDocument, into report: inout Report) {
        guard document.document?.warnings.isEmpty == false else { return }
        for issue in document.parseWarnings {
            guard case .duplicateKey = issue.kind else { continue }
            report.add(description, issue: issue, fix: document.document.flatMap { Self.droppingIgnored(issue, in: $0) })
        }
    }

    /// The member a duplicate key's issue names as ignored, removed (in a document read
    /// from the file, where the issue's offsets are the file's).
    static func droppingIgnored(_ issue: JSONIssue, in document: JSONDocument) -> Fix? {
        guard case .duplicateKey(_, let first) = issue.kind, case .outermost(let base) = document.placement,
              let ignored = member(keyAt: first.offset - base, in: document.root) else { return nil }
        var edits = JSONEdits()
        edits.remove(ignored)
        return edits.fix(.safe)
    }

    /// The member value whose key starts at `offset`, searched in `value` and below: down
    /// through the child that holds the offset, found by halving (children are in text order).
    private static func member(keyAt offset: Int, in value: JSONValue) -> JSONValue? {
        let children = value.elementsOrMemberValues
        var low = 0
        var high = children.count
        while low < high { // the first child ending after `offset`
            let middle = (low + high) / 2
            if children[middle].byteRange.upperBound <= offset { low = middle + 1 } else { high = middle }
        }
        guard low < children.count else { return nil }
        let child = children[low]
        if child.keyByteRange?.lowerBound == offset { return child }
        return child.byteRange.contains(offset) ? member(keyAt: offset, in: child) : nil
    }

    public func check(message: InspectedMessage, into report: inout Report) {
        guard !message.actionParams.nestedWarnings.isEmpty else { return }
        for issue in message.actionParams.nestedWarnings {
            guard case .duplicateKey = issue.kind else { continue }
            report.add(description, issue: issue)
        }
    }
}
