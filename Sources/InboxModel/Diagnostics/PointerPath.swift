/// A value's RFC 6901 pointer as a finding writes it: measured in one walk up the tape,
/// then written forwards, each member name copied in one piece.
///
/// `Tape.pointerLength` and `Tape.writePointer` walk up the tape twice (once to measure,
/// once to write from the end backwards) and write names a byte at a time, testing each
/// for `~` and `/`; for a finding that was about 250 instructions. Here the walk records
/// each step (the node of the value it leads to, and the token's length once escaped),
/// and a name with no `~` or `/` (all of them, nearly) is copied as it is.
struct PointerPath {
    /// One step down from the root: the node the step leads to and the bytes of its token.
    struct Step {
        var node: Int32
        var length: Int32
    }

    /// Steps a path holds: findings point a few levels deep (`/data/buttons/2/url`); a
    /// deeper value (or a member name written with JSON escapes, which must be decoded)
    /// takes the tape's general path.
    static let capacity = 24

    /// The steps, the last one (the value's own) first.
    private let steps: UnsafeMutablePointer<Step>
    private let count: Int
    /// Bytes of the pointer, without the document's prefix.
    let length: Int

    /// The path of the value at `index`, its steps kept in `room` (at least `capacity`
    /// of them); nil when it needs more steps or has a name with JSON escapes.
    @inline(__always)
    init?(of index: Int, nodes: NodeBuffer, bytes: UnsafeBufferPointer<UInt8>, room: UnsafeMutablePointer<Step>) {
        var count = 0
        var length = 0
        var node = index
        while node > 0, node < nodes.count {
            let parent = Int(nodes[node].parent)
            guard parent >= 0, parent < node else { break }
            guard count < Self.capacity else { return nil }
            let token: Int
            if nodes[parent].kind == .object {
                guard let name = Self.nameLength(nodes[node - 1], bytes) else { return nil }
                token = name
            } else {
                token = Self.digits(Int(nodes[node].slot))
            }
            room[count] = Step(node: Int32(truncatingIfNeeded: node), length: Int32(truncatingIfNeeded: token))
            count &+= 1
            length &+= 1 &+ token
            node = parent
        }
        steps = room
        self.count = count
        self.length = length
    }

    /// Writes `prefix` and the pointer (`prefix.count + length` bytes) into `out`.
    @inline(__always)
    func write(prefix: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>, nodes: NodeBuffer,
               bytes: UnsafeBufferPointer<UInt8>) {
        precondition(out.count == prefix.count + length, "PointerPath: room for the pointer")
        guard var at = out.baseAddress else { return }
        if let start = prefix.baseAddress, prefix.count > 0 {
            at.initialize(from: start, count: prefix.count)
            at += prefix.count
        }
        var index = count
        while index > 0 {
            index &-= 1
            let step = steps[index]
            let node = Int(step.node)
            let token = Int(step.length)
            at.pointee = ASCII.slash
            at += 1
            if nodes[Int(nodes[node].parent)].kind == .object {
                let key = nodes[node - 1]
                let from = Int(key.start) + 1
                let written = Int(key.end) - 1 - from
                if let source = bytes.baseAddress, written > 0 {
                    if written == token {
                        at.initialize(from: source + from, count: written)
                    } else {
                        Self.writeEscaped(UnsafeBufferPointer(start: source + from, count: written), at: at)
                    }
                }
            } else {
                var rest = Int(nodes[node].slot)
                var digit = at + token
                repeat {
                    digit -= 1
                    digit.pointee = ASCII.zero &+ UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                } while rest > 0
            }
            at += token
        }
    }

    /// Bytes of a member name in a pointer (`~` and `/` take two each), or nil when the
    /// name is written with JSON escapes. Eight bytes are tested at a time; the last word
    /// is loaded without reading past the name.
    @inline(__always)
    private static func nameLength(_ key: TapeNode, _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard key.flags & NodeFlag.hasEscapes == 0 else { return nil }
        let from = Int(key.start) + 1
        let count = Int(key.end) - 1 - from
        guard count > 0, let base = bytes.baseAddress else { return 0 }
        let source = base + from
        var index = 0
        var marked: UInt64 = 0
        while index &+ 8 <= count {
            marked |= tildesAndSlashes(UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self))
            index &+= 8
        }
        if index < count {
            marked |= tildesAndSlashes(ByteWriter.loadWord(source + index, count: count &- index))
        }
        guard marked != 0 else { return count }
        var length = count
        for byte in UnsafeBufferPointer(start: source, count: count) where byte == 0x7E || byte == ASCII.slash {
            length += 1
        }
        return length
    }

    /// Marks the bytes of `word` that are `~` or `/` (exactly: zero bytes are neither).
    @inline(__always)
    private static func tildesAndSlashes(_ word: UInt64) -> UInt64 {
        UTF8Validation.bytes(of: word, equalTo: 0x7E) | UTF8Validation.bytes(of: word, equalTo: ASCII.slash)
    }

    /// Decimal digits of an element index.
    @inline(__always)
    private static func digits(_ slot: Int) -> Int {
        var digits = 1
        var rest = slot / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    /// A name with `~` or `/`: "~" as "~0", "/" as "~1" (RFC 6901).
    private static func writeEscaped(_ name: UnsafeBufferPointer<UInt8>, at start: UnsafeMutablePointer<UInt8>) {
        var at = start
        for byte in name {
            switch byte {
            case 0x7E:
                at[0] = 0x7E
                at[1] = ASCII.zero
                at += 2
            case ASCII.slash:
                at[0] = 0x7E
                at[1] = ASCII.zero + 1
                at += 2
            default:
                at.pointee = byte
                at += 1
            }
        }
    }
}
