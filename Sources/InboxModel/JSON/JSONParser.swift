/// The problem a parse stopped at. Its position is resolved by the caller, which knows whether the
/// bytes are a top-level document or a nested one whose offsets must be mapped back.
struct ParseFailure: Error {
    var kind: JSONIssueKind
    var offset: Int
    var pointer: String
    /// The message without any lead ("expected ... but found ..."); top-level and nested documents
    /// prefix it differently.
    var detail: String
}

/// A non-fatal finding recorded during the scan by node index; turned into a `JSONIssue` once the
/// tape is complete (pointers, key text and positions are cheaper to compute then).
enum RawWarning {
    case duplicateKey(key: Int32, first: Int32)
    case numberOutOfRange(node: Int32, tooLarge: Bool)
}

/// Strict RFC 8259 scanner that fills the tape. Iterative, so depth is bounded by `maxDepth` and
/// never by the thread's stack. The innermost open container is kept in `top`, because almost every
/// step touches it; the ones around it are kept in the tape itself (see `closeContainer`), so a
/// parse needs no separate stack to allocate and free.
struct JSONParser {
    /// An open array or object.
    struct Frame {
        var node: Int32
        /// Elements / members seen so far.
        var count: Int32
        var isObject: Bool
        /// Key node of the member being parsed (objects only), for pointers and messages.
        var lastKey: Int32
        /// Objects: one bit per key fingerprint seen so far (see `checkDuplicate`), so a key
        /// whose bit is clear is known to be new without comparing it with the earlier keys.
        var keyBloom: UInt64
    }

    /// Lookup table of an object that outgrew linear duplicate-key scanning.
    struct KeyTable {
        var node: Int32
        var firstIndexByKey: [[UInt8]: Int32]
    }

    /// Keys of an object are compared linearly up to this many members, then hashed.
    static let linearKeyLimit = 16
    /// At most this many warnings are kept per document, so hostile input cannot grow them unboundedly.
    static let maxWarnings = 1000

    let buf: UnsafeBufferPointer<UInt8>
    let end: Int
    let maxDepth: Int
    let prefix: String
    let recordsLines: Bool
    var nodes: NodeBuffer

    var pos = 0
    var bomLength = 0
    /// Some string held a byte above 0x7F (only strings can, in a valid document); with the
    /// BOM this tells the line table whether columns need counting.
    var sawNonASCII = false
    /// Number of open containers; `top` is meaningful only when it is > 0.
    var depth = 0
    var top = Frame(node: -1, count: 0, isObject: false, lastKey: -1, keyBloom: 0)
    /// Offsets where lines 2, 3, ... start (line 1 starts at 0).
    var lineStarts: [Int32] = []
    var warnings: [RawWarning] = []
    var keyTables: [KeyTable] = []

    init(buf: UnsafeBufferPointer<UInt8>, maxDepth: Int, prefix: String, recordsLines: Bool) {
        self.buf = buf
        self.end = buf.count
        self.maxDepth = max(0, maxDepth)
        self.prefix = prefix
        self.recordsLines = recordsLines
        nodes = NodeBuffer(capacity: min(buf.count / 12 + 4, 1 << 16))
    }

    /// Parses the whole input. On success `nodes` holds the tape with the root at index 0.
    mutating func run() throws {
        guard end < Int(Int32.max) else {
            throw ParseFailure(
                kind: .syntax(expected: "a document smaller than 2 GB", found: "\(end) bytes"),
                offset: 0, pointer: prefix,
                detail: "the document is larger than 2 GB, which is more than can be inspected")
        }
        if end >= 3, buf[0] == 0xEF, buf[1] == 0xBB, buf[2] == 0xBF {
            pos = 3
            bomLength = 3
        }
        var expectingValue = true
        while true {
            if expectingValue {
                expectingValue = try beginValue()
            } else if depth == 0 {
                skipWhitespace()
                if pos < end {
                    throw unexpected(expected: "end of input", context: "after the top-level value", at: pos, pointer: prefix)
                }
                return
            } else {
                expectingValue = try continueContainer()
            }
        }
    }

    /// Parses the start of a value. Returns true when a non-empty container was opened (so another
    /// value is expected next), false when a complete value was read.
    private mutating func beginValue() throws -> Bool {
        skipWhitespace()
        var parent: Int32 = -1
        var slot: Int32 = 0
        if depth > 0 {
            parent = top.node
            if top.isObject {
                slot = top.count - 1
            } else {
                slot = top.count
                top.count += 1
            }
        }
        guard pos < end else { throw expectedValue(at: pos) }
        let byte = buf[pos]
        switch byte {
        case 0x22:  // "
            let (stringEnd, flags) = try scanString(isKey: false)
            append(.string, start: pos, end: stringEnd, parent: parent, slot: slot, flags: flags)
            pos = stringEnd
            return false
        case 0x7B, 0x5B:  // { [
            guard depth < maxDepth else {
                throw ParseFailure(
                    kind: .tooDeep(limit: maxDepth), offset: pos, pointer: valuePointer(),
                    detail: "arrays and objects are nested more than \(maxDepth) levels deep")
            }
            let isObject = byte == ASCII.openBrace
            let index = Int32(nodes.count)
            append(isObject ? .object : .array, start: pos, end: pos, parent: parent, slot: slot, flags: 0)
            pos += 1
            if depth > 0 { saveTop() }
            top = Frame(node: index, count: 0, isObject: isObject, lastKey: -1, keyBloom: 0)
            depth += 1
            skipWhitespace()
            if pos < end, buf[pos] == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                pos += 1
                closeContainer()
                return false
            }
            if isObject { try parseKey(afterComma: false) }
            return true
        case 0x2D, 0x30 ... 0x39:  // - 0-9
            try scanNumber(parent: parent, slot: slot)
            return false
        case 0x74, 0x66, 0x6E:  // t f n
            try scanLiteral(parent: parent, slot: slot)
            return false
        default:
            throw expectedValue(at: pos)
        }
    }

    /// After a value inside a container: reads ',' (and, in objects, the next key and ':') or the
    /// closing bracket. Returns true when another value is expected.
    private mutating func continueContainer() throws -> Bool {
        skipWhitespace()
        let isObject = top.isObject
        if pos < end {
            let byte = buf[pos]
            if byte == ASCII.comma {
                pos += 1
                if isObject {
                    skipWhitespace()
                    try parseKey(afterComma: true)
                }
                return true
            }
            if byte == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                pos += 1
                closeContainer()
                return false
            }
        }
        throw unexpected(
            expected: isObject ? "',' or '}'" : "',' or ']'",
            context: isObject ? "after an object member" : "after an array element",
            at: pos, pointer: containerPointer())
    }

    /// Reads `"key"` and the following ':' of an object member.
    private mutating func parseKey(afterComma: Bool) throws {
        guard pos < end, buf[pos] == ASCII.quote else {
            let trailingComma = afterComma && pos < end && buf[pos] == ASCII.closeBrace
            throw unexpected(
                expected: afterComma ? "a key in double quotes" : "a key in double quotes or '}'",
                context: afterComma ? "after ',' in an object" : "after '{'",
                at: pos, pointer: containerPointer(),
                hint: trailingComma ? " (JSON does not allow a trailing comma)" : "")
        }
        let (keyEnd, flags) = try scanString(isKey: true)
        let keyIndex = Int32(nodes.count)
        append(.string, start: pos, end: keyEnd, parent: top.node, slot: top.count, flags: flags)
        top.count += 1
        top.lastKey = keyIndex
        pos = keyEnd
        checkDuplicate(keyIndex: keyIndex)
        skipWhitespace()
        guard pos < end, buf[pos] == ASCII.colon else {
            throw unexpected(expected: "':'", context: "after the key \(quotedKey(keyIndex))", at: pos, pointer: valuePointer())
        }
        pos += 1
    }

    /// Parks `top` in its own node while a container nested in it is parsed: `count` is
    /// final only at the close, and `end` and `link` are set then, so until then they can
    /// hold the member count and the key bloom.
    @inline(__always)
    private func saveTop() {
        let index = Int(top.node)
        nodes.base[index].count = top.count
        nodes.base[index].end = Int32(truncatingIfNeeded: top.keyBloom)
        nodes.base[index].link = Int32(truncatingIfNeeded: top.keyBloom >> 32)
    }

    /// Completes the innermost container's node and makes its parent the innermost again,
    /// restoring the parent's frame from its node (see `saveTop`). A member value's key is
    /// the node just before it.
    private mutating func closeContainer() {
        let index = Int(top.node)
        let parent = Int(nodes.base[index].parent)
        nodes.base[index].end = Int32(pos)
        nodes.base[index].link = Int32(nodes.count)
        nodes.base[index].count = top.count
        if top.isObject, let table = keyTables.last, table.node == top.node {
            keyTables.removeLast()
        }
        depth -= 1
        if depth > 0 {
            let saved = nodes.base[parent]
            let isObject = saved.kind == .object
            top = Frame(
                node: Int32(parent), count: saved.count, isObject: isObject, lastKey: isObject ? Int32(index - 1) : -1,
                keyBloom: UInt64(UInt32(bitPattern: saved.end)) | UInt64(UInt32(bitPattern: saved.link)) << 32)
        }
    }

    @inline(__always)
    mutating func append(_ kind: JSONKind, start: Int, end: Int, parent: Int32, slot: Int32, flags: UInt8) {
        let index = Int32(nodes.count)
        nodes.append(TapeNode(
            start: Int32(start), end: Int32(end), link: index + 1, count: 0,
            parent: parent, slot: slot, kind: kind, flags: flags))
    }

    /// Skips JSON whitespace, remembering where lines start (newlines only ever occur here).
    @inline(__always)
    mutating func skipWhitespace() {
        while pos < end {
            let byte = buf[pos]
            if byte > ASCII.space { return }
            if byte == ASCII.space || byte == ASCII.tab || byte == ASCII.carriageReturn {
                pos += 1
            } else if byte == ASCII.lineFeed {
                pos += 1
                if recordsLines { lineStarts.append(Int32(pos)) }
            } else {
                return
            }
        }
    }
}
