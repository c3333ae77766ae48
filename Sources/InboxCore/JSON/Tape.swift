/// Read helpers shared by the parser (for error pointers while the tape is still growing) and by
/// `JSONValue` (after parsing). They take the tape and bytes as arguments so neither side copies them.
package enum Tape {
    /// The decoded value of a string node.
    package static func string(_ node: TapeNode, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let from = Int(node.start) + 1
        let to = Int(node.end) - 1
        guard from < to else { return "" }
        // The parser validated the bytes, and decoding escapes only writes whole scalars.
        if node.flags & NodeFlag.hasEscapes == 0 {
            return ValidatedString.make(bytes, from: from, to: to)
        }
        return JSONStringDecoder.decodeString(bytes, from: from, to: to)
    }

    /// The decoded bytes of a string node (raw bytes when it has no escapes).
    package static func stringBytes(_ node: TapeNode, _ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        let from = Int(node.start) + 1
        let to = Int(node.end) - 1
        guard from <= to else { return [] }
        if node.flags & NodeFlag.hasEscapes == 0 {
            return Array(UnsafeBufferPointer(rebasing: bytes[from ..< to]))
        }
        return JSONStringDecoder.decode(bytes, from: from, to: to)
    }

    /// Full RFC 6901 pointer of the value node at `index`: walks parent links (member names come from
    /// the key node just before a member value; element indexes from `slot`), so it costs O(depth).
    /// Must not be called for key nodes.
    ///
    /// Every diagnostic carries a pointer, so it is written straight into the result's storage: a
    /// first walk up the tree measures it, a second one writes the tokens from the end backwards
    /// (no token strings, no concatenation).
    package static func pointer(of index: Int, nodes: NodeBuffer, bytes: UnsafeBufferPointer<UInt8>, prefix: String) -> String {
        let length = prefix.utf8.count + pointerLength(of: index, nodes: nodes, bytes: bytes)
        var prefix = prefix
        return prefix.withUTF8 { prefixBytes in
            // Short pointers ("/data", "/aps/alert") fit a small string: no allocation.
            if length <= 15 {
                var words: (UInt64, UInt64) = (0, 0)
                return withUnsafeMutableBytes(of: &words) { raw in
                    let out = raw.bindMemory(to: UInt8.self)
                    writePointer(of: index, length: length, prefix: prefixBytes, into: out, nodes: nodes, bytes: bytes)
                    return ValidatedString.make(UnsafeBufferPointer(out), from: 0, to: length)
                }
            }
            return String(unsafeUninitializedCapacity: length) { out in
                writePointer(of: index, length: length, prefix: prefixBytes, into: out, nodes: nodes, bytes: bytes)
                return length
            }
        }
    }

    /// Bytes of the pointer of `index` without the document's prefix (the first walk up the tree).
    @inline(__always)
    package static func pointerLength(of index: Int, nodes: NodeBuffer, bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var length = 0
        forEachToken(of: index, nodes: nodes) { token in
            length += 1 + tokenLength(token, nodes: nodes, bytes: bytes)
        }
        return length
    }

    /// Writes the pointer of `index` (`length` bytes with the prefix, measured beforehand) into `out`.
    @inline(__always)
    package static func writePointer(of index: Int, length: Int, prefix: UnsafeBufferPointer<UInt8>,
                                     into out: UnsafeMutableBufferPointer<UInt8>, nodes: NodeBuffer,
                                     bytes: UnsafeBufferPointer<UInt8>) {
        var end = length
        forEachToken(of: index, nodes: nodes) { token in
            end = writeToken(token, endingAt: end, in: out, nodes: nodes, bytes: bytes)
            end -= 1
            out[end] = ASCII.slash
        }
        _ = UnsafeMutableBufferPointer(rebasing: out[0 ..< prefix.count]).initialize(from: prefix)
    }

    /// One step of a pointer: the member name (the key node's index) or the element index.
    private enum PointerToken {
        case key(Int)
        case element(Int)
    }

    /// Calls `body` with the tokens of the pointer of `index`, last token first.
    @inline(__always)
    private static func forEachToken(of index: Int, nodes: NodeBuffer, _ body: (PointerToken) -> Void) {
        var i = index
        while i > 0, i < nodes.count {
            let parent = Int(nodes[i].parent)
            guard parent >= 0, parent < i else { break }
            body(nodes[parent].kind == .object ? .key(i - 1) : .element(Int(nodes[i].slot)))
            i = parent
        }
    }

    /// Bytes of the token once escaped ("~" and "/" take two bytes each).
    private static func tokenLength(_ token: PointerToken, nodes: NodeBuffer, bytes: UnsafeBufferPointer<UInt8>) -> Int {
        switch token {
        case .element(let slot):
            var digits = 1
            var rest = slot / 10
            while rest > 0 { digits += 1; rest /= 10 }
            return digits
        case .key(let keyIndex):
            return withKeyBytes(nodes[keyIndex], bytes) { key in
                key.count + escapedByteCount(key)
            }
        }
    }

    /// Number of "~" and "/" in `key` (each takes two bytes in a pointer), eight bytes at a time.
    @inline(__always)
    private static func escapedByteCount(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = key.baseAddress else { return 0 }
        var count = 0
        var i = 0
        while i + 8 <= key.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            count += (UTF8Validation.bytes(of: word, equalTo: 0x7E) | UTF8Validation.bytes(of: word, equalTo: ASCII.slash)).nonzeroBitCount
            i += 8
        }
        while i < key.count {
            if key[i] == 0x7E || key[i] == ASCII.slash { count += 1 }
            i += 1
        }
        return count
    }

    /// Writes the escaped token so that it ends just before `end`; returns where it starts.
    private static func writeToken(_ token: PointerToken, endingAt end: Int, in out: UnsafeMutableBufferPointer<UInt8>,
                                   nodes: NodeBuffer, bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var at = end
        switch token {
        case .element(let slot):
            var rest = slot
            repeat {
                at -= 1
                out[at] = ASCII.zero + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
        case .key(let keyIndex):
            withKeyBytes(nodes[keyIndex], bytes) { key in
                for byte in key.reversed() {
                    switch byte {
                    case 0x7E: at -= 2; out[at] = 0x7E; out[at + 1] = ASCII.zero  // "~" -> "~0"
                    case ASCII.slash: at -= 2; out[at] = 0x7E; out[at + 1] = ASCII.zero + 1  // "/" -> "~1"
                    default: at -= 1; out[at] = byte
                    }
                }
            }
        }
        return at
    }

    /// The decoded bytes of a key: its source bytes when it has no escapes (the usual case, no copy).
    private static func withKeyBytes<R>(_ node: TapeNode, _ bytes: UnsafeBufferPointer<UInt8>,
                                        _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let from = Int(node.start) + 1
        let to = Int(node.end) - 1
        guard from <= to else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        if node.flags & NodeFlag.hasEscapes == 0 {
            return body(UnsafeBufferPointer(rebasing: bytes[from ..< to]))
        }
        return JSONStringDecoder.decode(bytes, from: from, to: to).withUnsafeBufferPointer(body)
    }
}
