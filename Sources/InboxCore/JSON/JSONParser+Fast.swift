/// The parse of a clean document: one pass over the bytes with the whole state (read
/// position, tape pointer, the innermost container's frame) in locals, which the compiler
/// can keep in registers. The general loop (`parse`) keeps it in the parser, and every
/// step loaded and stored it there again, since out-of-line steps could change it (on
/// the bench sample this pass takes about 7% fewer instructions).
///
/// Out-of-line steps here are static functions of their arguments. Whatever this pass
/// does not take on (any mistake, a key that repeats an earlier one, an object past
/// `linearKeyLimit` members, a number with an exponent or of more than 300 characters,
/// a container deeper than `maxDepth`) makes it give up: `run` then parses the input
/// again with the general loop from the start, which finds, words and places every such
/// case as before. A document that parses here gives the tape, key summary, line starts
/// and non-ASCII flag the general loop gives; `JSONParserPathTests` holds the two to that.
extension JSONParser {
    /// Where the fast pass goes next. Members and elements each have their own loop, which
    /// reads a key (for a member) and the usual values (a string or a plain integer) and
    /// goes on to the next one without leaving it; containers, the other scalars and the
    /// step after a closer take the way through `value` and `afterValue`.
    private enum FastStep {
        /// A value at `p` (or whitespace before it), as the `slot`th child of `parent`.
        case value
        /// The members of the innermost object, from the key at `p` (or whitespace before it).
        case member
        /// The elements of the innermost array, from the one at `p` (or whitespace before it).
        case element
        /// A value ended at `p`: its container continues or closes.
        case afterValue
    }

    /// Parses from `pos`; false when it gave up, with the tape emptied (its memory kept).
    ///
    /// Every node the pass writes starts at a byte of the input it has read, so a tape with
    /// room for more nodes than the input has bytes cannot fill up: such a tape (see
    /// `JSONParser.initialCapacity`) is written with no test of its room per node.
    mutating func parseFast(_ base: UnsafePointer<UInt8>) -> Bool {
        if nodes.capacity > end { return parseFast(base, room: ReservedRoom.self) }
        return parseFast(base, room: CheckedRoom.self)
    }

    /// `parseFast`, for a tape whose room is tested before each node (`CheckedRoom`, which
    /// grows it) or known to be enough (`ReservedRoom`): two copies of the loop, one without
    /// the tests.
    @inline(never)
    private mutating func parseFast<Room: FastPassRoom>(_ base: UnsafePointer<UInt8>, room: Room.Type) -> Bool {
        let end = self.end
        let maxDepth = self.maxDepth
        let recordsLines = self.recordsLines
        var tape = nodes
        // Where the next node goes, and the end of the tape's memory (`tape.base` changes
        // only when the tape grows, and is read where a container is opened or closed).
        var out = tape.base
        var limit = tape.base + tape.capacity
        var count = 0
        var lines: [Int32]? = nil
        // `sawNonASCIIFlag` once some string held non-ASCII text: set by the out-of-line
        // string steps only, so the usual string costs nothing here.
        var nonASCII: UInt8 = 0
        var summary: UInt64 = 0
        // The innermost container (meaningful when `depth` > 0); the ones around it are
        // parked in their nodes, as in the general loop (see `saveTop`).
        var topNode: Int32 = 0
        var topCount: Int32 = 0
        var topIsObject = false
        var topBloom: UInt64 = 0
        var depth = 0
        var p = pos
        var succeeded = false
        var step = FastStep.value
        // The parent and slot of the value `value` reads (the root's to begin with).
        var parent: Int32 = -1
        var slot: Int32 = 0

        parse: do throws(FastPassGaveUp) {
            machine: while true {
                switch step {
                case .member:
                    while true {
                        if p >= end || base[p] != ASCII.quote {
                            p = Self.skipWhitespace(base, from: p, end: end, recordsLines: recordsLines, lines: &lines)
                            guard p < end, base[p] == ASCII.quote else { break parse }
                        }
                        let (keyEnd, keyFlags) = try Self.stringEnd(base, quoteAt: p, end: end, nonASCII: &nonASCII)
                        let signature = keyFlags == 0
                            ? KeySignature.of(length: keyEnd &- p &- 2, first: base[p &+ 1])
                            : Self.escapedKeySignature(UnsafeBufferPointer(start: base, count: end), from: p &+ 1, to: keyEnd &- 1)
                        // Room for the key and its value at once.
                        if Room.checksRoom, out + 1 >= limit { (out, limit) = Self.grow(&tape, count: count) }
                        let memberSlot = topCount
                        out.initialize(to: Self.node(.string, from: p, to: keyEnd, index: count, count: Int32(bitPattern: signature),
                                                     parent: topNode, slot: memberSlot, flags: keyFlags))
                        out += 1
                        count &+= 1
                        topCount = memberSlot &+ 1
                        // A new bit is a new key; past `linearKeyLimit` members the general loop
                        // switches to a hash table, and a repeated key gets a warning there.
                        let bit = KeySignature.bit(signature)
                        let seen = topBloom & bit
                        topBloom |= bit
                        guard topCount <= Self.linearKeyLimit else { break parse }
                        if seen != 0,
                           Self.repeatsEarlierKey(tape.base, object: Int(topNode), key: count &- 1, in: UnsafeBufferPointer(start: base, count: end)) {
                            break parse
                        }
                        if keyEnd < end, base[keyEnd] == ASCII.colon {
                            p = keyEnd &+ 1
                        } else {
                            p = Self.skipWhitespace(base, from: keyEnd, end: end, recordsLines: recordsLines, lines: &lines)
                            guard p < end, base[p] == ASCII.colon else { break parse }
                            p &+= 1
                        }
                        guard p < end else { break parse }
                        var byte = base[p]
                        if byte <= ASCII.space {
                            p = Self.skipWhitespace(base, from: p, end: end, recordsLines: recordsLines, lines: &lines)
                            guard p < end else { break parse }
                            byte = base[p]
                        }
                        guard let after = try Self.scalarItem(base, at: p, byte: byte, end: end, index: count, parent: topNode,
                                                              slot: memberSlot, out: out, nonASCII: &nonASCII) else {
                            parent = topNode
                            slot = memberSlot
                            step = .value
                            continue machine
                        }
                        out += 1
                        count &+= 1
                        // The member is complete: the next one, or the object's end.
                        guard let (next, afterNext) = Self.separator(base, from: after, end: end, recordsLines: recordsLines,
                                                                    lines: &lines) else { break parse }
                        p = afterNext
                        if next == ASCII.comma { continue }
                        guard next == ASCII.closeBrace else { break parse }
                        Self.close(tape.base, count: count, at: p, topNode: &topNode, topCount: &topCount,
                                   topIsObject: &topIsObject, topBloom: &topBloom, depth: &depth, summary: &summary)
                        step = .afterValue
                        continue machine
                    }
                case .element:
                    while true {
                        let elementSlot = topCount
                        topCount = elementSlot &+ 1
                        guard p < end else { break parse }
                        var byte = base[p]
                        if byte <= ASCII.space {
                            p = Self.skipWhitespace(base, from: p, end: end, recordsLines: recordsLines, lines: &lines)
                            guard p < end else { break parse }
                            byte = base[p]
                        }
                        if Room.checksRoom, out == limit { (out, limit) = Self.grow(&tape, count: count) }
                        guard let after = try Self.scalarItem(base, at: p, byte: byte, end: end, index: count, parent: topNode,
                                                              slot: elementSlot, out: out, nonASCII: &nonASCII) else {
                            parent = topNode
                            slot = elementSlot
                            step = .value
                            continue machine
                        }
                        out += 1
                        count &+= 1
                        // The element is complete: the next one, or the array's end.
                        guard let (next, afterNext) = Self.separator(base, from: after, end: end, recordsLines: recordsLines,
                                                                    lines: &lines) else { break parse }
                        p = afterNext
                        if next == ASCII.comma { continue }
                        guard next == ASCII.closeBracket else { break parse }
                        Self.close(tape.base, count: count, at: p, topNode: &topNode, topCount: &topCount,
                                   topIsObject: &topIsObject, topBloom: &topBloom, depth: &depth, summary: &summary)
                        step = .afterValue
                        continue machine
                    }
                case .value:
                    guard p < end else { break parse }
                    var byte = base[p]
                    if byte <= ASCII.space {
                        p = Self.skipWhitespace(base, from: p, end: end, recordsLines: recordsLines, lines: &lines)
                        guard p < end else { break parse }
                        byte = base[p]
                    }
                    if Room.checksRoom, out == limit { (out, limit) = Self.grow(&tape, count: count) }
                    if byte | 0x20 == ASCII.openBrace {  // { or [
                        guard depth < maxDepth else { break parse }
                        let isObject = byte == ASCII.openBrace
                        out.initialize(to: Self.node(isObject ? .object : .array, from: p, to: p, index: count, parent: parent,
                                                     slot: slot, flags: 0))
                        if depth > 0 {
                            // Park the enclosing frame in its node (see `saveTop`).
                            let outer = tape.base + Int(topNode)
                            outer.pointee.count = topCount
                            outer.pointee.end = Int32(truncatingIfNeeded: topBloom)
                            outer.pointee.link = Int32(truncatingIfNeeded: topBloom >> 32)
                        }
                        topNode = Int32(truncatingIfNeeded: count)
                        topCount = 0
                        topIsObject = isObject
                        topBloom = 0
                        depth &+= 1
                        count &+= 1
                        out += 1
                        p &+= 1
                        if p < end, base[p] <= ASCII.space {
                            p = Self.skipWhitespace(base, from: p, end: end, recordsLines: recordsLines, lines: &lines)
                        }
                        // The closer is the opener + 2 in ASCII: '{' '}' and '[' ']'.
                        if p < end, base[p] == byte &+ 2 {
                            p &+= 1
                            // An empty container: closed like any other.
                            Self.close(tape.base, count: count, at: p, topNode: &topNode, topCount: &topCount,
                                       topIsObject: &topIsObject, topBloom: &topBloom, depth: &depth, summary: &summary)
                            step = .afterValue
                        } else {
                            step = isObject ? .member : .element
                        }
                        continue machine
                    }
                    if byte == ASCII.quote {
                        let (stringEnd, flags) = try Self.stringEnd(base, quoteAt: p, end: end, nonASCII: &nonASCII)
                        out.initialize(to: Self.node(.string, from: p, to: stringEnd, index: count, parent: parent, slot: slot,
                                                     flags: flags))
                        p = stringEnd
                    } else if ASCII.isDigit(byte), let numberEnd = Self.plainInteger(base, from: p, end: end) {
                        out.initialize(to: Self.node(.number, from: p, to: numberEnd, index: count, parent: parent, slot: slot,
                                                     flags: 0))
                        p = numberEnd
                    } else {
                        let (scalarEnd, kind, flags) = try Self.scalarEnd(base, at: p, end: end)
                        out.initialize(to: Self.node(kind, from: p, to: scalarEnd, index: count, parent: parent, slot: slot,
                                                     flags: flags))
                        p = scalarEnd
                    }
                    out += 1
                    count &+= 1
                    step = .afterValue
                case .afterValue:
                    guard depth > 0 else {
                        if p < end, base[p] <= ASCII.space {
                            p = Self.skipWhitespace(base, from: p, end: end, recordsLines: recordsLines, lines: &lines)
                        }
                        succeeded = p == end
                        break parse
                    }
                    guard p < end else { break parse }
                    var next = base[p]
                    if next <= ASCII.space {
                        p = Self.skipWhitespace(base, from: p, end: end, recordsLines: recordsLines, lines: &lines)
                        guard p < end else { break parse }
                        next = base[p]
                    }
                    p &+= 1
                    if next == ASCII.comma {
                        step = topIsObject ? .member : .element
                        continue machine
                    }
                    guard next == (topIsObject ? ASCII.closeBrace : ASCII.closeBracket) else { break parse }
                    Self.close(tape.base, count: count, at: p, topNode: &topNode, topCount: &topCount,
                               topIsObject: &topIsObject, topBloom: &topBloom, depth: &depth, summary: &summary)
                }
            }
        } catch {
            succeeded = false
        }
        guard succeeded else {
            nodes = tape.emptied()
            return false
        }
        tape.setCount(count)
        nodes = tape
        pos = p
        keySummary = summary
        sawNonASCII = nonASCII & Self.sawNonASCIIFlag != 0
        if let lines { madeRecords().lineStarts = lines }
        return true
    }

    /// The node of a value (or key) at `start ..< end` that is the tape's `index`th node.
    @inline(__always)
    private static func node(_ kind: JSONKind, from start: Int, to end: Int, index: Int, count: Int32 = 0, parent: Int32,
                             slot: Int32, flags: UInt8) -> TapeNode {
        TapeNode(start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end),
                 link: Int32(truncatingIfNeeded: index &+ 1), count: count, parent: parent, slot: slot, kind: kind, flags: flags)
    }

    /// A member's or element's value when it is a string or a plain integer (nearly every
    /// one), written to `out` as the tape's `index`th node: the read position after it; nil
    /// for any other value, which the `.value` step reads. `byte` is the one at `p`.
    @inline(__always)
    private static func scalarItem(_ base: UnsafePointer<UInt8>, at p: Int, byte: UInt8, end: Int, index: Int,
                                   parent: Int32, slot: Int32, out: UnsafeMutablePointer<TapeNode>,
                                   nonASCII: inout UInt8) throws(FastPassGaveUp) -> Int? {
        if byte == ASCII.quote {
            let (stringEnd, flags) = try stringEnd(base, quoteAt: p, end: end, nonASCII: &nonASCII)
            out.initialize(to: node(.string, from: p, to: stringEnd, index: index, parent: parent, slot: slot, flags: flags))
            return stringEnd
        }
        if ASCII.isDigit(byte), let numberEnd = plainInteger(base, from: p, end: end) {
            out.initialize(to: node(.number, from: p, to: numberEnd, index: index, parent: parent, slot: slot, flags: 0))
            return numberEnd
        }
        return nil
    }

    /// The byte that follows an item from `p` on, past whitespace (a comma or the
    /// container's closer, if the input is right), and the position after it; nil at the
    /// input's end.
    @inline(__always)
    private static func separator(_ base: UnsafePointer<UInt8>, from p: Int, end: Int, recordsLines: Bool,
                                  lines: inout [Int32]?) -> (UInt8, Int)? {
        guard p < end else { return nil }
        if base[p] > ASCII.space { return (base[p], p &+ 1) }
        let next = skipWhitespace(base, from: p, end: end, recordsLines: recordsLines, lines: &lines)
        guard next < end else { return nil }
        return (base[next], next &+ 1)
    }

    /// Whether the fast pass tests the tape's room before each node (see `parseFast`).
    protocol FastPassRoom {
        static var checksRoom: Bool { get }
    }

    /// A tape that may fill up: tested before each node, and grown.
    enum CheckedRoom: FastPassRoom {
        static var checksRoom: Bool { true }
    }

    /// A tape with room for more nodes than the input has bytes: never tested.
    enum ReservedRoom: FastPassRoom {
        static var checksRoom: Bool { false }
    }

    /// `stringEnd`'s flag for a string with a byte above 0x7F (never a node flag).
    static let sawNonASCIIFlag: UInt8 = 0x80

    /// What the fast pass's steps throw when they give up: a typed error, so that giving
    /// up is a branch, and the steps inlined into the loop check nothing on their way out.
    struct FastPassGaveUp: Error {}

    /// Completes the innermost container (as `closeContainer` does) and makes its parent
    /// the innermost again.
    @inline(__always)
    private static func close(
        _ nodeBase: UnsafeMutablePointer<TapeNode>, count: Int, at p: Int, topNode: inout Int32, topCount: inout Int32,
        topIsObject: inout Bool, topBloom: inout UInt64, depth: inout Int, summary: inout UInt64
    ) {
        let node = nodeBase + Int(topNode)
        node.pointee.end = Int32(truncatingIfNeeded: p)
        node.pointee.link = Int32(truncatingIfNeeded: count)
        node.pointee.count = topCount
        summary |= topBloom
        depth &-= 1
        if depth > 0 {
            let parentIndex = node.pointee.parent
            let saved = nodeBase[Int(parentIndex)]
            topNode = parentIndex
            topCount = saved.count
            topIsObject = saved.kind == .object
            topBloom = UInt64(UInt32(bitPattern: saved.end)) | UInt64(UInt32(bitPattern: saved.link)) << 32
        }
    }

    /// Doubles the tape holding `count` nodes: where the next node goes in the new memory,
    /// and its end (returned, so that the loop's copies need no address and stay in registers).
    @inline(never)
    private static func grow(_ tape: inout NodeBuffer, count: Int) -> (UnsafeMutablePointer<TapeNode>, UnsafeMutablePointer<TapeNode>) {
        tape.setCount(count)
        tape.grow()
        return (tape.base + count, tape.base + tape.capacity)
    }

    /// The offset after the string whose opening quote is at `quote`, with its
    /// `hasEscapes` flag; `sawNonASCIIFlag` goes into `nonASCII` (only the out-of-line
    /// steps find non-ASCII text, so the usual string does not touch it).
    ///
    /// Inlined: the usual string (ASCII, no escapes) is a sixteen-byte step or two to its
    /// closing quote, each a few byte compares and a move of their sixteen bits
    /// (`ByteVector.stringBits`). The rest (escapes, non-ASCII text, the last sixteen bytes
    /// of the input) is out of line, so the loop does not hold their constants.
    @inline(__always)
    static func stringEnd(_ base: UnsafePointer<UInt8>, quoteAt quote: Int, end: Int,
                          nonASCII: inout UInt8) throws(FastPassGaveUp) -> (Int, UInt8) {
        var i = quote &+ 1
        while i <= end &- 16 {
            // A bit above the sixteen: 16 when none of them is special.
            let found = (ByteVector.stringBits(UnsafeRawPointer(base), at: i) | 0x1_0000).trailingZeroBitCount
            i &+= found
            if found < 16 {
                if base[i] == ASCII.quote { return (i &+ 1, 0) }
                let (stringEnd, flags) = try stringRest(base, from: i, end: end)
                nonASCII |= flags
                return (stringEnd, flags & NodeFlag.hasEscapes)
            }
        }
        let (stringEnd, flags) = try stringTail(base, from: i, end: end)
        nonASCII |= flags
        return (stringEnd, flags & NodeFlag.hasEscapes)
    }

    /// A string's last bytes, less than sixteen from the end of the input: the sixteen bytes
    /// that end at `end`, their bits for the bytes before `start` shifted out (an input
    /// shorter than that takes eight-byte steps, the last read as the eight bytes ending at
    /// `end`, shifted down, as in `scanString`), then `stringRest` from the first special
    /// byte; with none, the string is not closed.
    @inline(never)
    static func stringTail(_ base: UnsafePointer<UInt8>, from start: Int, end: Int) throws(FastPassGaveUp) -> (Int, UInt8) {
        var i = start
        let lastVector = end &- 16
        if lastVector >= 0 {
            // `start` is past `lastVector` and at most `end`: a shift of 1 to 16.
            let special = ByteVector.stringBits(UnsafeRawPointer(base), at: lastVector) &>> UInt32(truncatingIfNeeded: i &- lastVector)
            guard special != 0 else { throw FastPassGaveUp() }
            i &+= special.trailingZeroBitCount
            if base[i] == ASCII.quote { return (i &+ 1, 0) }
            return try stringRest(base, from: i, end: end)
        }
        let lastWord = end &- 8
        var special: UInt64 = 0
        while i <= lastWord {
            special = UTF8Validation.firstSpecialBytes(load(base + i))
            if special != 0 { break }
            i &+= 8
        }
        if special == 0 {
            guard lastWord >= 0, i < end else { return try stringRest(base, from: i, end: end) }
            special = UTF8Validation.firstSpecialBytes(load(base + lastWord) >> (8 &* UInt64(truncatingIfNeeded: i &- lastWord)))
        }
        i &+= special.trailingZeroBitCount &>> 3
        if i < end, base[i] == ASCII.quote { return (i &+ 1, 0) }
        return try stringRest(base, from: i, end: end)
    }

    /// The rest of a string from `start`, where `stringEnd`'s steps stopped: the steps of
    /// `scanStringRest` (which also pass over `\"` pairs a word at a time), giving up at
    /// every mistake.
    @inline(never)
    static func stringRest(_ base: UnsafePointer<UInt8>, from start: Int, end: Int) throws(FastPassGaveUp) -> (Int, UInt8) {
        var i = start
        var flags: UInt8 = 0
        let lastWord = end &- 8
        // A sixteen-byte step also reads the byte after it.
        let lastVector = end &- 17
        let raw = UnsafeRawPointer(base)
        while true {
            words: do {
                while i <= lastVector {
                    let (quotes, backslashes, others) = ByteVector.stringKindBits(raw, at: i)
                    let special = quotes | backslashes | others
                    if special == 0 {
                        i &+= 16
                        continue
                    }
                    // Only `\"` pairs: every backslash's bit moved onto the byte after it
                    // (`<< 1`) is a quote's, and they are all the quotes (a pair split by
                    // the step's end has its quote in the byte after it, and is stepped
                    // over whole, so a step never starts at a pair's quote).
                    if others == 0, backslashes &<< 1 & 0xFFFF == quotes,
                       backslashes & 0x8000 == 0 || base[i &+ 16] == ASCII.quote {
                        flags |= NodeFlag.hasEscapes
                        i &+= 16 &+ Int(truncatingIfNeeded: backslashes &>> 15)
                        continue
                    }
                    i &+= special.trailingZeroBitCount
                    break words
                }
                while i <= lastWord {
                    let step = pairWordStep(load(base + i))
                    i &+= step.advance
                    if step.pairs { flags |= NodeFlag.hasEscapes }
                    if step.stops { break words }
                }
            }
            guard i < end else { throw FastPassGaveUp() }
            let byte = base[i]
            if byte == ASCII.quote { return (i &+ 1, flags) }
            if byte == ASCII.backslash {
                flags |= NodeFlag.hasEscapes
                if i &+ 1 < end, isSimpleEscape(base[i &+ 1]) {
                    i &+= 2
                } else {
                    i = unicodeEscapeEnd(base, at: i, end: end)
                    if i == 0 { throw FastPassGaveUp() }
                }
            } else if byte < 0x20 {
                throw FastPassGaveUp()
            } else if byte < 0x80 {
                i &+= 1
            } else {
                flags |= sawNonASCIIFlag
                let buf = UnsafeBufferPointer(start: base, count: end)
                repeat {
                    let length = UTF8Validation.multiByteLength(buf, at: i)
                    if length == 0 { throw FastPassGaveUp() }
                    i &+= length
                } while i < end && base[i] >= 0x80
            }
        }
    }

    /// The offset after the `\u` escape whose backslash is at `i` (with its low surrogate
    /// when it is a high one), or 0 when it is not valid (see `scanEscape`).
    private static func unicodeEscapeEnd(_ base: UnsafePointer<UInt8>, at i: Int, end: Int) -> Int {
        guard i &+ 6 <= end, base[i &+ 1] == 0x75, let first = hex4(base, at: i &+ 2) else { return 0 }
        if (0xDC00 ... 0xDFFF).contains(first) { return 0 }
        guard (0xD800 ... 0xDBFF).contains(first) else { return i &+ 6 }
        guard i &+ 12 <= end, base[i &+ 6] == ASCII.backslash, base[i &+ 7] == 0x75,
              let second = hex4(base, at: i &+ 8), (0xDC00 ... 0xDFFF).contains(second) else { return 0 }
        return i &+ 12
    }

    private static func hex4(_ base: UnsafePointer<UInt8>, at start: Int) -> UInt32? {
        var value: UInt32 = 0
        for k in 0 ..< 4 {
            guard let digit = JSONStringDecoder.hexValue(base[start &+ k]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    /// A number other than a plain integer, or a literal, at `start`: its end, kind and
    /// flags. Gives up at a mistake and where the general loop is needed (an exponent, or
    /// more than 300 characters: the range check and its warning).
    @inline(never)
    static func scalarEnd(_ base: UnsafePointer<UInt8>, at start: Int, end: Int) throws(FastPassGaveUp) -> (Int, JSONKind, UInt8) {
        let byte = base[start]
        if byte == ASCII.minus || ASCII.isDigit(byte) {
            var i = start
            if byte == ASCII.minus { i &+= 1 }
            guard i < end, ASCII.isDigit(base[i]) else { throw FastPassGaveUp() }
            if base[i] == ASCII.zero {
                i &+= 1
                if i < end, ASCII.isDigit(base[i]) { throw FastPassGaveUp() }
            } else {
                while i < end, ASCII.isDigit(base[i]) { i &+= 1 }
            }
            var flags: UInt8 = 0
            if i < end, base[i] == ASCII.dot {
                i &+= 1
                guard i < end, ASCII.isDigit(base[i]) else { throw FastPassGaveUp() }
                while i < end, ASCII.isDigit(base[i]) { i &+= 1 }
                flags = NodeFlag.hasFraction
            }
            if i < end, base[i] | 0x20 == 0x65 { throw FastPassGaveUp() }  // e or E
            guard i &- start <= 300 else { throw FastPassGaveUp() }
            return (i, .number, flags)
        }
        let kind: JSONKind
        let length: Int
        let flags: UInt8
        let matched: Bool
        switch byte {
        case 0x74:  // "true"
            (kind, length, flags) = (.bool, 4, NodeFlag.isTrue)
            matched = start &+ 4 <= end && fourBytes(base, at: start) == 0x6575_7274
        case 0x66:  // "false": 'f' then "alse"
            (kind, length, flags) = (.bool, 5, 0)
            matched = start &+ 5 <= end && fourBytes(base, at: start &+ 1) == 0x6573_6C61
        case 0x6E:  // "null"
            (kind, length, flags) = (.null, 4, 0)
            matched = start &+ 4 <= end && fourBytes(base, at: start) == 0x6C6C_756E
        default:
            throw FastPassGaveUp()
        }
        let after = start &+ length
        guard matched, after == end || !isWordCharacter(base[after]) else { throw FastPassGaveUp() }
        return (after, kind, flags)
    }

    @inline(__always)
    private static func fourBytes(_ base: UnsafePointer<UInt8>, at offset: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt32.self))
    }

    /// What `isWordByte` tests: a letter, digit or '_'.
    @inline(__always)
    private static func isWordCharacter(_ byte: UInt8) -> Bool {
        ASCII.isDigit(byte) || (byte | 0x20) &- 0x61 < 26 || byte == 0x5F
    }

    /// JSON whitespace from `start` (as `skipWhitespaceRun`, recording line starts in `lines`).
    @inline(never)
    static func skipWhitespace(_ base: UnsafePointer<UInt8>, from start: Int, end: Int, recordsLines: Bool,
                               lines: inout [Int32]?) -> Int {
        var p = start
        while p < end {
            let byte = base[p]
            if byte == ASCII.space || byte == ASCII.tab || byte == ASCII.carriageReturn {
                p &+= 1
            } else if byte == ASCII.lineFeed {
                p &+= 1
                if recordsLines {
                    if lines == nil { lines = [] }
                    lines?.append(Int32(truncatingIfNeeded: p))
                }
            } else {
                return p
            }
        }
        return p
    }

    /// Whether the key node `key` of the object node `object` repeats an earlier key of it
    /// (which the general loop reports): the earlier keys of the same signature are compared.
    @inline(never)
    static func repeatsEarlierKey(_ nodes: UnsafeMutablePointer<TapeNode>, object: Int, key: Int,
                                  in buf: UnsafeBufferPointer<UInt8>) -> Bool {
        let right = nodes[key]
        var candidate = object &+ 1
        while candidate < key {
            let left = nodes[candidate]
            if left.count == right.count, keysEqual(left, right, buf) { return true }
            candidate = Int(nodes[candidate &+ 1].link)
        }
        return false
    }
}
