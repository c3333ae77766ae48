/// JSON documents held inside JSON strings: the Pushwoosh "u" custom data and the inbox
/// "action_params" arrive as JSON-encoded strings, and their contents are what the SDK acts on.
extension JSONValue {
    /// Parses this string value's contents as a JSON document.
    ///
    /// Positions of the nested document map back into the outer source, inside the string literal
    /// (a byte produced by an escape such as `\"`, `\n` or `\u00e9` maps to that escape's backslash).
    /// Pointers are prefixed with this value's pointer ("/data" + "/displayType"). A fatal problem
    /// keeps its kind and names the string it is in (`nestedIn`). Warnings of the nested
    /// document keep their own codes. Returns nil when the value is not a string.
    public func parseNested(maxDepth: Int = 512) -> Result<JSONDocument, JSONIssue>? {
        let node = self.node
        guard node.kind == .string else { return nil }
        let contentStart = Int(node.start) + 1
        let contentEnd = Int(node.end) - 1
        let source = inputBytes
        // Decoded into memory the nested document then owns, from the parent's tape reuse
        // when it has one (decoding never makes a string longer); the decoder's steps for
        // the offset map go there too, after the decoded bytes (8-byte aligned).
        let tapes = withDocument { $0.tapes?.takeUnretainedValue() }
        let length = max(contentEnd - contentStart, 0)
        let hasEscapes = node.flags & NodeFlag.hasEscapes != 0
        let stepsAt = (length &+ 7) & ~7
        let owned = tapes.takeBytes(minimumCount: hasEscapes ? stepsAt + OffsetMap.stepsByteCount(forLength: length) : length)
        let count: Int
        let map: OffsetMap
        if hasEscapes {
            let out = owned.baseAddress.unsafelyUnwrapped
            (count, map) = JSONStringDecoder.decodeNested(source, from: contentStart, to: contentEnd, into: out,
                                                         steps: UnsafeMutableRawPointer(out) + stepsAt)
        } else {
            count = max(contentEnd - contentStart, 0)
            if count > 0, let from = source.baseAddress, let to = owned.baseAddress {
                to.update(from: from + contentStart, count: count)
            }
            map = OffsetMap(contentStart: contentStart, closingQuote: contentEnd, hasEscapes: false)
        }
        let prefix = nestedPointerPrefix
        // The nested document keeps its parent (positions map back through it), so values
        // of both stay valid while the nested one is owned.
        let parsed = withDocument { parent in
            JSONDocument.parseNestedTape(owned, count: count, maxDepth: maxDepth, pointerPrefix: prefix, parent: parent,
                                         map: map, tapes: tapes)
        }
        switch parsed {
        case let .success(nested):
            return .success(nested)
        case let .failure(located):
            return .failure(JSONIssue(kind: located.failure.kind, position: located.position,
                                      pointer: located.failure.pointer, detail: located.failure.detail, nestedIn: prefix))
        }
    }

    /// `pointer`, as the prefix of the document nested in this string. A nested document is
    /// nearly always a member of the root of a document without a prefix (`/data`, `/u`):
    /// that pointer is "/" and the key's bytes, which are the key's opening quote and bytes
    /// with a slash for the quote, read as two words into a small string (the walk up the
    /// tape that `pointer` takes cost some 390 instructions per nested document, a copy
    /// byte by byte some 200). Keys with escapes, "~" or "/", or longer than 14 bytes, and
    /// deeper values take `pointer`.
    var nestedPointerPrefix: String {
        let nodes = self.nodes
        guard index >= 2, nodes[index].parent == 0, nodes[0].kind == .object else { return pointer }
        let key = nodes[index - 1]
        guard key.kind == .string, key.flags & NodeFlag.hasEscapes == 0, withDocument({ $0.pointerPrefix.isEmpty }),
              let token = ValidatedString.slashedToken(inputBytes, from: Int(key.start), to: Int(key.end) - 1) else {
            return pointer
        }
        return token
    }
}
