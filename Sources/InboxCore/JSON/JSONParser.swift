/// The problem a parse stopped at. Its position is resolved by the caller, which knows whether the
/// bytes are a top-level document or a nested one whose offsets must be mapped back.
struct ParseFailure: Error {
    @usableFromInline package var kind: JSONIssueKind
    var offset: Int
    package var pointer: String
    /// The message without any lead ("expected ... but found ..."); top-level and nested documents
    /// prefix it differently.
    var detail: String
    /// Where the comma is, when the failure is a trailing comma before `offset` (IK001's fix).
    var trailingComma: Int? = nil
    /// The usual mistake it looks like, when it does (see `JSONParser.mistake(at:site:)`).
    var mistake: RawMistake? = nil
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
///
/// The whole grammar runs in one loop (`run`) with the read position in a local, so the common
/// steps (a key, a string or a container) cost no calls; numbers, literals, whitespace runs,
/// escapes, non-ASCII text and every failure are handled out of line.
struct JSONParser {
    /// An open array or object.
    struct Frame {
        var node: Int32
        /// Elements / members seen so far.
        var count: Int32
        var isObject: Bool
        /// Objects: one bit per key signature seen so far (see `KeySignature`), so a key
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
    @usableFromInline package let end: Int
    let maxDepth: Int
    let recordsLines: Bool
    @usableFromInline package var nodes: NodeBuffer

    /// The read position, kept up to date for the out-of-line steps (`run` works on a local copy).
    var pos = 0
    var bomLength = 0
    /// Some string held a byte above 0x7F (only strings can, in a valid document); with the
    /// BOM this tells the line table whether columns need counting.
    var sawNonASCII = false
    /// Number of open containers; `top` is meaningful only when it is > 0.
    var depth = 0
    var top = Frame(node: -1, count: 0, isObject: false, keyBloom: 0)
    /// The lists a parse keeps only now and then (see `ParseRecords`); nil until one has
    /// a first element, which nearly every parse (an NDJSON line) never has.
    var records: ParseRecords?
    /// The key bits of every object closed so far: the document's `keySummary`.
    package var keySummary: UInt64 = 0

    /// `tapes`: where the tape's memory comes from when it is reused (see `TapeReuse`).
    ///
    /// The pointers of failures are the document's own ("" is its root): the caller puts
    /// the document's prefix in front. (Kept here, the prefix made the parser a value to
    /// retain when it was made and to release when it went, for every document.)
    package init(buf: UnsafeBufferPointer<UInt8>, maxDepth: Int, recordsLines: Bool, tapes: TapeReuse? = nil) {
        self.buf = buf
        self.end = buf.count
        self.maxDepth = max(0, maxDepth)
        self.recordsLines = recordsLines
        let capacity = Self.initialCapacity(forByteCount: buf.count, reusing: tapes != nil)
        nodes = tapes.map { $0.take(minimumCapacity: capacity) } ?? NodeBuffer(capacity: capacity)
    }

    /// Tape nodes to allocate up front (or to ask of a `TapeReuse`, whose spare is taken when
    /// it is at least this large).
    ///
    /// With a reuse (the input pipeline's parses), an input of fewer than
    /// `reservedTapeLimit` bytes gets more nodes than it has bytes, at least
    /// `reservedTapeNodes`: the fast pass then never tests the tape's room (see
    /// `parseFast`), and the kept tapes serve nearly every document and the one nested in
    /// it (on the bench sample the fast pass took 0.47M fewer instructions, 7%, without the
    /// tests and the registers they held).
    ///
    /// Without one, each parse allocates its tape and frees it: below 400 bytes of input
    /// always 36 nodes (1008 bytes, the largest size the allocator serves from its
    /// per-thread cache, so every document takes a block the previous one freed); that
    /// holds nearly all such notifications, which take 7 to 22 bytes per node. Above, a
    /// seventh of the length (a carousel of 700 bytes takes about 80 nodes): growing (a
    /// second allocation, a copy and a free) cost more than the larger block from the
    /// slow path.
    static func initialCapacity(forByteCount count: Int, reusing: Bool) -> Int {
        if reusing, count < reservedTapeLimit { return max(count + 1, reservedTapeNodes) }
        return count < 400 ? 36 : min(count / 7 + 8, 1 << 20)
    }

    /// Inputs shorter than this get a tape of more nodes than their bytes when the tape is
    /// reused: at most 114 KB, below the size the allocator maps and unmaps for every block.
    static let reservedTapeLimit = 4096
    /// The least tape a reused input shorter than `reservedTapeLimit` gets (28 KB), so that
    /// the kept tapes fit nearly every document and the one nested in it.
    static let reservedTapeNodes = 1024

    /// Parses the whole input. On success `nodes` holds the tape with the root at index 0.
    /// `allowsFastPath`: false parses with the general loop alone (for the tests that hold
    /// the two to the same results).
    mutating func run(allowsFastPath: Bool = true) throws {
        guard end < Int(Int32.max) else {
            throw ParseFailure(
                kind: .syntax(expected: "a document smaller than 2 GB", found: "\(end) bytes"),
                offset: 0, pointer: "",
                detail: "the document is larger than 2 GB, which is more than can be inspected")
        }
        if end >= 3, buf[0] == 0xEF, buf[1] == 0xBB, buf[2] == 0xBF {
            pos = 3
            bomLength = 3
        }
        guard let base = buf.baseAddress else { throw expectedValue(at: pos) }
        if allowsFastPath, parseFast(base) { return }
        // Anything the fast pass gave up on, from the start: it left no state behind but
        // the tape's memory.
        pos = bomLength
        try parse(base)
    }

    /// The grammar, as a loop over two states: a value is expected (`value`; in an object,
    /// `needsKey` first reads the member's key and ':'), or a value was completed and the
    /// container it is in continues or closes (the inner loop).
    ///
    /// Compact input (an NDJSON line) has no whitespace, so each step tests the byte it
    /// expects (a key's quote, the ':', a value's first byte, ',' or a closer) first and
    /// looks for whitespace only when that byte is one; whitespace around keys, and every
    /// mistake, is handled out of line.
    @inline(__always)
    private mutating func parse(_ base: UnsafePointer<UInt8>) throws {
        var p = pos
        var needsKey = false
        value: while true {
            // The parent and slot of the value: in an object, those of its key (which is
            // read here, with its ':'); in an array, the next element.
            var parent: Int32 = -1
            var slot: Int32 = 0
            if needsKey {
                if p >= end || base[p] != ASCII.quote { p = try keyQuote(base, from: p) }
                let (keyEnd, flags) = try scanString(base, from: p, isKey: true)
                let keyIndex = Int32(truncatingIfNeeded: nodes.count)
                parent = top.node
                slot = top.count
                // The key's signature (see `KeySignature`) is kept in its node's otherwise
                // unused `count`, for the duplicate checks of later keys of the object.
                let signature = flags == 0
                    ? KeySignature.of(length: keyEnd &- p &- 2, first: base[p &+ 1])
                    : Self.escapedKeySignature(buf, from: p &+ 1, to: keyEnd &- 1)
                append(.string, start: p, end: keyEnd, parent: parent, slot: slot, flags: flags,
                       count: Int32(bitPattern: signature))
                top.count = slot &+ 1
                checkDuplicate(keyIndex: keyIndex, signature: signature)
                if keyEnd < end, base[keyEnd] == ASCII.colon {
                    p = keyEnd &+ 1
                } else {
                    p = try afterColon(base, from: keyEnd, key: keyIndex)
                }
                needsKey = false
            } else if depth > 0 {
                // Only arrays get here: in an object a value always follows a key.
                parent = top.node
                slot = top.count
                top.count = slot &+ 1
            }
            guard p < end else { throw expectedValue(at: p) }
            var byte = base[p]
            if byte <= ASCII.space {
                p = skipWhitespaceRun(from: p)
                guard p < end else { throw expectedValue(at: p) }
                byte = base[p]
            }
            if byte == ASCII.quote {
                let (stringEnd, flags) = try scanString(base, from: p, isKey: false)
                append(.string, start: p, end: stringEnd, parent: parent, slot: slot, flags: flags)
                p = stringEnd
            } else if byte | 0x20 == ASCII.openBrace {  // { or [
                guard depth < maxDepth else { throw tooDeep(at: p) }
                let isObject = byte == ASCII.openBrace
                let index = Int32(truncatingIfNeeded: nodes.count)
                append(isObject ? .object : .array, start: p, end: p, parent: parent, slot: slot, flags: 0)
                p = skipWhitespace(base, from: p &+ 1)
                if depth > 0 { saveTop() }
                top = Frame(node: index, count: 0, isObject: isObject, keyBloom: 0)
                depth &+= 1
                // The closer is the opener + 2 in ASCII: '{' '}' and '[' ']'.
                guard p < end, base[p] == byte &+ 2 else {
                    needsKey = isObject
                    continue value
                }
                p &+= 1
                closeContainer(endingAt: p)
            } else if ASCII.isDigit(byte), let numberEnd = Self.plainInteger(base, from: p, end: end) {
                append(.number, start: p, end: numberEnd, parent: parent, slot: slot, flags: 0)
                p = numberEnd
            } else {
                pos = p
                try scanScalar(byte, parent: parent, slot: slot)
                p = pos
            }
            // A value is complete: continue or close its container.
            while true {
                guard depth > 0 else {
                    p = skipWhitespace(base, from: p)
                    pos = p
                    if p < end {
                        throw unexpected(expected: "end of input", context: "after the top-level value", at: p, pointer: "")
                    }
                    return
                }
                if p < end {
                    var next = base[p]
                    if next <= ASCII.space {
                        p = skipWhitespaceRun(from: p)
                        next = p < end ? base[p] : 0
                    }
                    if next == ASCII.comma {
                        p &+= 1
                        needsKey = top.isObject
                        continue value
                    }
                    if next == (top.isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                        p &+= 1
                        closeContainer(endingAt: p)
                        continue
                    }
                }
                throw afterMember(at: p)
            }
        }
    }

    /// The offset of a key's opening quote, after whitespace from `start`.
    @inline(never)
    private mutating func keyQuote(_ base: UnsafePointer<UInt8>, from start: Int) throws -> Int {
        let p = skipWhitespace(base, from: start)
        guard p < end, base[p] == ASCII.quote else { throw keyExpected(at: p) }
        return p
    }

    /// The offset after the ':' that follows the key node `key`, after whitespace from `start`.
    @inline(never)
    private mutating func afterColon(_ base: UnsafePointer<UInt8>, from start: Int, key: Int32) throws -> Int {
        let colon = skipWhitespace(base, from: start)
        guard colon < end, base[colon] == ASCII.colon else { throw colonExpected(at: colon, key: key) }
        return colon &+ 1
    }

    /// The end of the number at `start` (a digit) when it is a plain integer, which is what
    /// `scanNumber` would find without any further check: no sign, fraction or exponent, no
    /// leading zero, and short enough to need no range check. Anything else is nil and goes
    /// to `scanNumber`, which also words every mistake.
    @inline(__always)
    package static func plainInteger(_ base: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int? {
        var i = start &+ 1
        if base[start] != ASCII.zero {
            while i < end, ASCII.isDigit(base[i]) { i &+= 1 }
        }
        if i < end {
            let next = base[i]
            if next == ASCII.dot || next | 0x20 == 0x65 || ASCII.isDigit(next) { return nil }
        }
        return i &- start <= 300 ? i : nil
    }

    /// Numbers and the literals, out of line (strings and containers are most values).
    @inline(never)
    private mutating func scanScalar(_ byte: UInt8, parent: Int32, slot: Int32) throws {
        switch byte {
        case 0x2D, 0x30 ... 0x39:  // - 0-9
            try scanNumber(parent: parent, slot: slot)
        case 0x74, 0x66, 0x6E:  // t f n
            try scanLiteral(parent: parent, slot: slot)
        default:
            throw expectedValue(at: pos)
        }
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

    /// Completes the innermost container's node (`end` is the offset after its closer) and
    /// makes its parent the innermost again, restoring the parent's frame from its node (see
    /// `saveTop`).
    @inline(__always)
    private mutating func closeContainer(endingAt end: Int) {
        let index = Int(top.node)
        let node = nodes.base + index
        node.pointee.end = Int32(truncatingIfNeeded: end)
        node.pointee.link = Int32(truncatingIfNeeded: nodes.count)
        node.pointee.count = top.count
        keySummary |= top.keyBloom
        if records != nil { dropKeyTable() }
        depth &-= 1
        if depth > 0 {
            let saved = nodes.base[Int(node.pointee.parent)]
            top = Frame(
                node: node.pointee.parent, count: saved.count, isObject: saved.kind == .object,
                keyBloom: UInt64(UInt32(bitPattern: saved.end)) | UInt64(UInt32(bitPattern: saved.link)) << 32)
        }
    }

    /// Forgets the key table of the object being closed, if it had one.
    @inline(never)
    private mutating func dropKeyTable() {
        if top.isObject, let records, let table = records.keyTables.last, table.node == top.node {
            records.keyTables.removeLast()
        }
    }

    @inline(__always)
    mutating func append(_ kind: JSONKind, start: Int, end: Int, parent: Int32, slot: Int32, flags: UInt8, count: Int32 = 0) {
        let index = Int32(truncatingIfNeeded: nodes.count)
        nodes.append(TapeNode(
            start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end), link: index &+ 1, count: count,
            parent: parent, slot: slot, kind: kind, flags: flags))
    }

    /// The offset of the first byte from `p` that is not JSON whitespace. Compact documents
    /// (NDJSON lines) have none, so only the first test is inline.
    @inline(__always)
    mutating func skipWhitespace(_ base: UnsafePointer<UInt8>, from p: Int) -> Int {
        guard p < end, base[p] <= ASCII.space else { return p }
        return skipWhitespaceRun(from: p)
    }

    /// Offsets where lines 2, 3, ... start (line 1 starts at 0); nil while there is none.
    var lineStarts: [Int32]? { records?.lineStarts }
    /// The warnings found, in source order; nil while there is none.
    var warnings: [RawWarning]? { records?.warnings }
    /// The warnings past `maxWarnings`, counted.
    var leftOutWarnings: LeftOutWarnings { records?.left ?? LeftOutWarnings() }

    /// `records`, made on first use.
    mutating func madeRecords() -> ParseRecords {
        if let records { return records }
        let made = ParseRecords()
        records = made
        return made
    }

    /// Adds the start of a line to `lineStarts`.
    private mutating func recordLineStart(_ offset: Int) {
        let records = madeRecords()
        if records.lineStarts == nil { records.lineStarts = [] }
        records.lineStarts?.append(Int32(truncatingIfNeeded: offset))
    }

    /// Adds a warning, up to `maxWarnings`; past them, the warnings left out are counted
    /// (`ParseRecords.left`), so that the findings say how many more there were.
    mutating func recordWarning(_ warning: RawWarning) {
        let records = madeRecords()
        if records.warnings == nil { records.warnings = [] }
        if let count = records.warnings?.count, count < Self.maxWarnings {
            records.warnings?.append(warning)
        } else {
            records.leaveOut(warning)
        }
    }

    /// Skips JSON whitespace, remembering where lines start (newlines only ever occur here).
    @inline(never)
    private mutating func skipWhitespaceRun(from start: Int) -> Int {
        var p = start
        while p < end {
            let byte = buf[p]
            if byte > ASCII.space { return p }
            if byte == ASCII.space || byte == ASCII.tab || byte == ASCII.carriageReturn {
                p &+= 1
            } else if byte == ASCII.lineFeed {
                p &+= 1
                if recordsLines { recordLineStart(p) }
            } else {
                return p
            }
        }
        return p
    }
}

/// The lists a parse keeps only now and then: line starts (a document of several lines),
/// warnings, and the key tables of objects past `JSONParser.linearKeyLimit` members.
///
/// One optional reference in the parser instead of three optional lists: the parser is
/// made, copied into the document's result and freed for every document, and three lists
/// (nil or not) made it a type whose copy and destroy went through its metadata, about a
/// hundred instructions per parse.
final class ParseRecords {
    var lineStarts: [Int32]?
    var warnings: [RawWarning]?
    var keyTables: [JSONParser.KeyTable] = []
    /// Warnings past `JSONParser.maxWarnings`, of each kind: how many, and the last one.
    var left = LeftOutWarnings()

    func leaveOut(_ warning: RawWarning) {
        switch warning {
        case .duplicateKey:
            left.duplicates += 1
            left.lastDuplicate = warning
        case .numberOutOfRange:
            left.numbers += 1
            left.lastNumber = warning
        }
    }
}

/// The warnings of a document that were not kept one by one.
struct LeftOutWarnings {
    var duplicates = 0
    var lastDuplicate: RawWarning?
    var numbers = 0
    var lastNumber: RawWarning?
}
