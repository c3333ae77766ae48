/// Turns the parser's raw warnings into `JSONIssue`s once the tape is complete: only then are the
/// pointers, the key text and the *last* occurrence of a duplicated key known.
struct WarningBuilder {
    @usableFromInline package let nodes: NodeBuffer
    package let bytes: UnsafeBufferPointer<UInt8>
    let prefix: String
    let resolver: PositionResolver

    /// The issues of the warnings kept, then, for each kind of which some were left out
    /// (`JSONParser.maxWarnings`), the last of them saying how many more there were.
    func issues(for raw: [RawWarning], leftOut: LeftOutWarnings = LeftOutWarnings()) -> [JSONIssue] {
        var issues = kept(raw)
        for (count, last, noun) in [(leftOut.duplicates, leftOut.lastDuplicate, "duplicate keys"),
                                    (leftOut.numbers, leftOut.lastNumber, "numbers out of range")] {
            guard count > 0, let last, var issue = kept([last]).first else { continue }
            issue.detail = "\(count) more \(noun) than the \(JSONParser.maxWarnings) findings listed for this document; "
                + "the last one: " + issue.detail
            issues.append(issue)
        }
        return issues
    }

    private func kept(_ raw: [RawWarning]) -> [JSONIssue] {
        guard !raw.isEmpty else { return [] }
        var lastOccurrence: [Int32: Int32] = [:]
        for case let .duplicateKey(key, first) in raw {
            lastOccurrence[first] = max(lastOccurrence[first] ?? key, key)
        }
        return raw.map { warning in
            switch warning {
            case let .duplicateKey(key, first):
                return duplicateKey(key: Int(key), first: Int(first), last: Int(lastOccurrence[first] ?? key))
            case let .numberOutOfRange(node, tooLarge):
                return numberOutOfRange(node: Int(node), tooLarge: tooLarge)
            }
        }
    }

    private func duplicateKey(key: Int, first: Int, last: Int) -> JSONIssue {
        let name = Tape.string(nodes[key], bytes)
        let here = resolver.position(ofOffset: Int(nodes[key].start), in: bytes)
        let firstPosition = resolver.position(ofOffset: Int(nodes[first].start), in: bytes)
        let lastPosition = last == key ? here : resolver.position(ofOffset: Int(nodes[last].start), in: bytes)
        let lastPlace = lastPosition.line == firstPosition.line
            ? "line \(lastPosition.line), column \(lastPosition.column)"
            : "line \(lastPosition.line)"
        let kind = JSONIssueKind.duplicateKey(key: name, first: firstPosition)
        return JSONIssue(
            kind: kind, position: here,
            pointer: Tape.pointer(of: key + 1, nodes: nodes, bytes: bytes, prefix: prefix),
            detail: "duplicate key \(JSONText.quote(name)): the last one (\(lastPlace)) wins, as on iOS; "
                + "the first is at line \(firstPosition.line), column \(firstPosition.column)")
    }

    private func numberOutOfRange(node: Int, tooLarge: Bool) -> JSONIssue {
        let start = Int(nodes[node].start)
        let end = Int(nodes[node].end)
        let fullText = String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< end]), as: UTF8.self)
        let pointer = Tape.pointer(of: node, nodes: nodes, bytes: bytes, prefix: prefix)
        // The value of an `auth` member is never shown, not even when it is a number.
        let key = JSONPointer.lastToken(of: pointer)
        let shown = key.map(Redaction.isSecret(key:)) == true ? Redaction.mask
            : fullText.utf8.count > 40 ? String(fullText.prefix(37)) + "…" : fullText
        let kind = JSONIssueKind.numberOutOfRange(text: shown)
        let effect = tooLarge
            ? "is too large for a 64-bit floating-point number and becomes infinity"
            : "is too small for a 64-bit floating-point number and becomes 0"
        return JSONIssue(
            kind: kind, position: resolver.position(ofOffset: start, in: bytes),
            pointer: pointer, detail: "the number \(shown) \(effect)")
    }
}
