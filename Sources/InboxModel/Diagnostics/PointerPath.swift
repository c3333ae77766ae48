/// A value's RFC 6901 pointer as a finding writes it: written backwards in one walk up the
/// tape, each member name copied in one piece, into a buffer on the stack.
///
/// `Tape.pointerLength` and `Tape.writePointer` walk up the tape twice (once to measure,
/// once to write from the end backwards) and write names a byte at a time, testing each
/// for `~` and `/`; for a finding that was about 250 instructions. A walk that recorded
/// each step and then wrote them forwards still cost some 160. Here the one walk writes
/// each token where it ends, the last one first, so the pointer is complete when the walk
/// reaches the root and is then copied as it is. A name with `~` or `/` (which must be
/// escaped), or written with JSON escapes (which must be decoded), and a pointer longer
/// than the buffer take the tape's general path.
enum PointerPath {
    /// Bytes of the buffer a pointer is written into: findings point a few levels deep
    /// (`/data/buttons/2/url`, 19 bytes); a longer pointer takes the general path.
    static let room = 256

    /// Writes the pointer of the value at `index` (without the document's prefix) so that
    /// it ends at `end`, taking at most `room` bytes before it, and returns where it starts;
    /// nil when it needs the general path (see the type).
    @inline(__always)
    static func writeBackwards(of index: Int, nodes: NodeBuffer, bytes: UnsafeBufferPointer<UInt8>,
                               endingAt end: UnsafeMutablePointer<UInt8>, room: Int) -> UnsafeMutablePointer<UInt8>? {
        var at = end
        var left = room
        var node = index
        while node > 0, node < nodes.count {
            let parent = Int(nodes[node].parent)
            guard parent >= 0, parent < node else { break }
            if nodes[parent].kind == .object {
                let key = nodes[node - 1]
                // The name's bytes, when it needs neither decoding nor escaping.
                let count = Int(key.end) - 2 - Int(key.start)
                guard count >= 0, count < left, isPlainName(key, bytes) else { return nil }
                if count > 0 {
                    at -= count
                    copy(bytes.baseAddress.unsafelyUnwrapped + Int(key.start) + 1, to: at, count: count)
                }
                left &-= count &+ 1
            } else {
                // An element index: at most ten digits (an Int32), written last digit first.
                guard left > 11 else { return nil }
                var rest = Int(nodes[node].slot)
                let before = at
                repeat {
                    at -= 1
                    at.pointee = ASCII.zero &+ UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                } while rest > 0
                left &-= (before - at) &+ 1
            }
            at -= 1
            at.pointee = ASCII.slash
            node = parent
        }
        return at
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

    /// Whether a member name is written in a pointer as its bytes in the input: it has no
    /// JSON escapes (which must be decoded) and no `~` or `/` (which must be escaped).
    /// Eight bytes are tested at a time, all within the input: a name of eight bytes or
    /// more ends with the word of its last eight (bytes tested twice are the name's); a
    /// shorter one is the top of the word that ends with it, read from the input before it
    /// (its quote, at least), or byte by byte when the name is within the input's first
    /// eight bytes.
    @inline(__always)
    private static func isPlainName(_ key: TapeNode, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard key.flags & NodeFlag.hasEscapes == 0 else { return false }
        let from = Int(key.start) + 1
        let count = Int(key.end) - 1 - from
        guard count > 0 else { return true }
        guard let base = bytes.baseAddress, from >= 0, from + count <= bytes.count else { return false }
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
        return marked == 0
    }

    /// Marks the bytes of `word` that are `~` or `/` (exactly: zero bytes are neither).
    @inline(__always)
    private static func tildesAndSlashes(_ word: UInt64) -> UInt64 {
        UTF8Validation.bytes(of: word, equalTo: 0x7E) | UTF8Validation.bytes(of: word, equalTo: ASCII.slash)
    }
}
