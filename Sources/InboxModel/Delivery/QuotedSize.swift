extension JSONValue {
    /// Bytes of `JSONText.quote(compactJSON)`: the size this value takes when it is sent
    /// as a JSON string holding its compact JSON (a notification's `data` becomes the
    /// push's `u` this way). Counted from the tape, node by node, without writing the text:
    /// the size estimate runs on every message, and custom data can be kilobytes.
    func compactQuotedByteCount() -> Int {
        let nodes = document.nodes
        let stop = Int(nodes[index].link)
        return document.bytes.withUnsafeBufferPointer { bytes in
            var total = 2 // the quotes around the whole string
            var i = index
            while i < stop {
                let node = nodes[i]
                let count = Int(node.count)
                switch node.kind {
                case .object: total += 2 + max(count - 1, 0) + count // braces, commas, colons
                case .array: total += 2 + max(count - 1, 0)
                case .number, .bool, .null: total += Int(node.end - node.start)
                case .string:
                    if node.flags & NodeFlag.hasEscapes == 0 {
                        // Raw text is already minimal: only its two quotes gain a backslash.
                        total += Int(node.end - node.start) + 2
                    } else {
                        var compact: [UInt8] = []
                        JSONText.appendQuoted(Tape.stringBytes(node, bytes), to: &compact, escapingSlashes: false)
                        total += APNsSizeEstimate.quotedByteCount(sequence: compact) - 2
                    }
                }
                i += 1
            }
            return total
        }
    }
}
