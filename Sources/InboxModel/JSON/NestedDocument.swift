/// JSON documents held inside JSON strings: the Pushwoosh "u" custom data and the inbox
/// "action_params" arrive as JSON-encoded strings, and their contents are what the SDK acts on.
extension JSONValue {
    /// Parses this string value's contents as a JSON document.
    ///
    /// Positions of the nested document map back into the outer source, inside the string literal
    /// (a byte produced by an escape such as `\"`, `\n` or `\u00e9` maps to that escape's backslash).
    /// Pointers are prefixed with this value's pointer ("/data" + "/displayType"). A fatal problem
    /// keeps its kind but gets code IK007 and a message naming the string. Warnings of the nested
    /// document keep their own codes. Returns nil when the value is not a string.
    public func parseNested(maxDepth: Int = 512) -> Result<JSONDocument, JSONIssue>? {
        let node = self.node
        guard node.kind == .string else { return nil }
        let contentStart = Int(node.start) + 1
        let contentEnd = Int(node.end) - 1
        let hasEscapes = node.flags & NodeFlag.hasEscapes != 0
        var checkpoints: [Int32] = []
        let source = inputBytes
        let decoded = hasEscapes
            ? JSONStringDecoder.decode(source, from: contentStart, to: contentEnd, checkpoints: &checkpoints)
            : Array(source[contentStart ..< contentEnd])
        let map = OffsetMap(contentStart: contentStart, closingQuote: contentEnd,
                            hasEscapes: hasEscapes, checkpoints: checkpoints)
        let prefix = pointer
        // The nested document keeps its parent (positions map back through it), so values
        // of both stay valid while the nested one is owned.
        let parsed = withDocument { parent in
            JSONDocument.parseNestedTape(decoded, maxDepth: maxDepth, pointerPrefix: prefix, parent: parent, map: map)
        }
        switch parsed {
        case let .success(nested):
            return .success(nested)
        case let .failure(located):
            let place = prefix.isEmpty ? "the top-level string" : "the string at \(prefix)"
            return .failure(JSONIssue(
                kind: located.failure.kind, code: "IK007", position: located.position,
                pointer: located.failure.pointer,
                message: "the JSON inside \(place) is invalid: \(located.failure.detail)"))
        }
    }
}
