/// A value's RFC 6901 pointer as a finding writes it: measured in one walk up the tape,
/// then written forwards, each member name copied in one piece.
///
/// `Tape.pointerLength` and `Tape.writePointer` walk up the tape twice (once to measure,
/// once to write from the end backwards) and write names a byte at a time, testing each
/// for `~` and `/`; for a finding that was about 250 instructions. Here the walk records
/// each step (where its name is, or its element index, and the token's length once
/// escaped), and a name with no `~` or `/` (all of them, nearly) is copied as it is.
struct PointerPath {
    /// One step down from the root, as the write needs it (the write reads no node): a
    /// member name's first byte in the input and its bytes as written, or an element's
    /// index (`written` is -1), and the bytes of its token in the pointer.
    struct Step {
        var from: Int32
        var written: Int32
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
            if nodes[parent].kind == .object {
                let key = nodes[node - 1]
                guard let token = Self.nameLength(key, bytes) else { return nil }
                room[count] = Step(from: key.start &+ 1, written: key.end &- key.start &- 2,
                                   length: Int32(truncatingIfNeeded: token))
                length &+= 1 &+ token
            } else {
                let slot = nodes[node].slot
                let token = Self.digits(Int(slot))
                room[count] = Step(from: slot, written: -1, length: Int32(truncatingIfNeeded: token))
                length &+= 1 &+ token
            }
            count &+= 1
            node = parent
        }
        steps = room
        self.count = count
        self.length = length
    }

    /// Writes `prefix` and the pointer (`prefix.count + length` bytes) into `out`.
    @inline(__always)
    func write(prefix: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>,
               bytes: UnsafeBufferPointer<UInt8>) {
        precondition(out.count == prefix.count + length, "PointerPath: room for the pointer")
        guard var at = out.baseAddress else { return }
        if let start = prefix.baseAddress, prefix.count > 0 {
            Self.copy(start, to: at, count: prefix.count)
            at += prefix.count
        }
        var index = count
        while index > 0 {
            index &-= 1
            let step = steps[index]
            let token = Int(step.length)
            at.pointee = ASCII.slash
            at += 1
            if step.written >= 0 {
                let written = Int(step.written)
                if let source = bytes.baseAddress, written > 0 {
                    if written == token {
                        Self.copy(source + Int(step.from), to: at, count: written)
                    } else {
                        Self.writeEscaped(UnsafeBufferPointer(start: source + Int(step.from), count: written), at: at)
                    }
                }
            } else {
                var rest = Int(step.from)
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

    /// Copies `count` bytes: up to sixteen (a rule code, nearly every member name) in two
    /// loads and two stores that overlap rather than a call of `memcpy`, never touching a
    /// byte outside either range; more through `memcpy`.
    @inline(__always)
    static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        if count >= 8 {
            guard count <= 16 else {
                target.initialize(from: source, count: count)
                return
            }
            let head = from.loadUnaligned(as: UInt64.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            to.storeBytes(of: head, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        } else {
            var index = 0
            while index < count {
                target[index] = source[index]
                index &+= 1
            }
        }
    }

    /// Bytes of a member name in a pointer (`~` and `/` take two each), or nil when the
    /// name is written with JSON escapes. Eight bytes are tested at a time, all within the
    /// input: a name of eight bytes or more ends with the word of its last eight (bytes
    /// tested twice are the name's); a shorter one is the top of the word that ends with
    /// it, read from the input before it (its quote, at least), or byte by byte when the
    /// name is within the input's first eight bytes.
    @inline(__always)
    private static func nameLength(_ key: TapeNode, _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard key.flags & NodeFlag.hasEscapes == 0 else { return nil }
        let from = Int(key.start) + 1
        let count = Int(key.end) - 1 - from
        guard count > 0, let base = bytes.baseAddress else { return 0 }
        let source = UnsafeRawPointer(base + from)
        var marked: UInt64
        if count >= 8 {
            marked = tildesAndSlashes(source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
            var index = 0
            while index &+ 8 < count {
                marked |= tildesAndSlashes(source.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                index &+= 8
            }
        } else if from &+ count >= 8 {
            let word = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            marked = tildesAndSlashes(word >> UInt64(64 &- 8 &* count))
        } else {
            marked = tildesAndSlashes(ByteWriter.loadWord(base + from, count: count))
        }
        guard marked != 0 else { return count }
        var length = count
        for byte in UnsafeBufferPointer(start: base + from, count: count) where byte == 0x7E || byte == ASCII.slash {
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
