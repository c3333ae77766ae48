/// Compact re-serialisation: no whitespace, keys in source order (duplicates kept), strings
/// re-escaped minimally, numbers as their original text. Used for APNs size estimates (the SDK's
/// "u" field carries custom data as a compact JSON string) and for printing custom payloads.
/// The tape is in document order, so this is one linear, non-recursive walk.
extension JSONValue {
    public var compactJSON: String { compactJSON(escapingSlashes: false) }

    /// `escapingSlashes: true` writes "/" as "\/" like NSJSONSerialization's default output.
    public func compactJSON(escapingSlashes: Bool) -> String {
        String(decoding: compactJSONBytes(escapingSlashes: escapingSlashes), as: UTF8.self)
    }

    /// Size in bytes of `compactJSON(escapingSlashes:)` (what a size estimate needs).
    public func compactJSONByteCount(escapingSlashes: Bool = false) -> Int {
        compactJSONBytes(escapingSlashes: escapingSlashes).count
    }

    private struct OpenContainer {
        var link: Int
        var isObject: Bool
        var written = 0
        var nextIsKey = true
    }

    func compactJSONBytes(escapingSlashes: Bool) -> [UInt8] {
        let nodes = self.nodes
        return withInputBytes { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(Int(nodes[index].end - nodes[index].start))
            var open: [OpenContainer] = []
            let stop = Int(nodes[index].link)
            var i = index
            while i < stop {
                while let top = open.last, i >= top.link {
                    out.append(top.isObject ? ASCII.closeBrace : ASCII.closeBracket)
                    open.removeLast()
                }
                let node = nodes[i]
                if let t = open.indices.last {
                    if open[t].isObject, open[t].nextIsKey {
                        if open[t].written > 0 { out.append(ASCII.comma) }
                        Self.appendString(node, bytes, to: &out, escapingSlashes: escapingSlashes)
                        out.append(ASCII.colon)
                        open[t].nextIsKey = false
                        i += 1
                        continue
                    }
                    if !open[t].isObject, open[t].written > 0 { out.append(ASCII.comma) }
                    open[t].written += 1
                    open[t].nextIsKey = true
                }
                switch node.kind {
                case .object, .array:
                    out.append(node.kind == .object ? ASCII.openBrace : ASCII.openBracket)
                    open.append(OpenContainer(link: Int(node.link), isObject: node.kind == .object))
                case .string:
                    Self.appendString(node, bytes, to: &out, escapingSlashes: escapingSlashes)
                case .number, .bool, .null:
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[Int(node.start) ..< Int(node.end)]))
                }
                i += 1
            }
            while let top = open.popLast() {
                out.append(top.isObject ? ASCII.closeBrace : ASCII.closeBracket)
            }
            return out
        }
    }

    /// Strings without escapes are already minimal JSON, so their source bytes are copied as is.
    private static func appendString(_ node: TapeNode, _ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], escapingSlashes: Bool) {
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(node.start) ..< Int(node.end)])
        if node.flags & NodeFlag.hasEscapes == 0, !(escapingSlashes && raw.contains(ASCII.slash)) {
            out.append(contentsOf: raw)
        } else {
            JSONText.appendQuoted(Tape.stringBytes(node, bytes), to: &out, escapingSlashes: escapingSlashes)
        }
    }
}
