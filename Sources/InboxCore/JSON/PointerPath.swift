/// A value's RFC 6901 pointer as a finding writes it: written backwards in one walk up the
/// tape, each member name copied in one piece, into a buffer on the stack, so the pointer is
/// complete when the walk reaches the root. A name with `~` or `/` (which must be escaped)
/// or JSON escapes (which must be decoded), and a pointer longer than the buffer, take the
/// tape's general path (`JSONValue.pointerByteCount`, `TextEntryWriter.appendPointer`).
@usableFromInline package enum PointerPath {
    /// Bytes of the buffer a pointer is written into: findings point a few levels deep
    /// (`/data/buttons/2/url`, 19 bytes); a longer pointer takes the general path.
    @usableFromInline package static let room = 256

    /// Writes the pointer of the value at `index` (without the document's prefix) so that
    /// it ends at `end`, taking at most `room` bytes before it, and returns where it starts;
    /// nil when it needs the general path (see the type).
    ///
    /// A level is a few loads, the name copied in one or two words and tested for `~` and
    /// `/` in the words the copy loaded (`copyPlainName`): testing a name apart, before
    /// copying it, loaded it twice and cost more than the rest of the level.
    @inline(__always)
    @inlinable static func writeBackwards(of index: Int, nodes: NodeBuffer, bytes: UnsafeBufferPointer<UInt8>,
                               endingAt end: UnsafeMutablePointer<UInt8>, room: Int) -> UnsafeMutablePointer<UInt8>? {
        var at = end
        guard index > 0, index < nodes.count else { return at }
        guard let input = bytes.baseAddress else { return nil }
        let tape = nodes.base
        let inputCount = bytes.count
        var left = room
        var node = index
        // Parents come before their children on the tape, so `node` only decreases and
        // stays within it.
        repeat {
            let parent = Int(tape[node].parent)
            guard parent >= 0, parent < node else { break }
            if tape[parent].kind == .object {
                let key = tape[node &- 1]
                let from = Int(key.start) &+ 1
                let count = Int(key.end) &- 1 &- from
                // The name's bytes, when it needs no decoding (no JSON escapes) and no escaping.
                guard key.flags & NodeFlag.hasEscapes == 0, count >= 0, count < left, from > 0,
                      from &+ count <= inputCount else { return nil }
                at -= count
                guard copyPlainName(input + from, to: at, count: count) else { return nil }
                left &-= count &+ 1
            } else {
                // An element index: at most ten digits (an Int32), written last digit first.
                guard left > 11 else { return nil }
                var rest = Int(tape[node].slot)
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
        } while node > 0
        return at
    }

    /// Copies a member name of `count` bytes and tells whether it is written in a pointer
    /// as it is (no `~` or `/`, which must be escaped): each word the copy loads is tested
    /// as it passes (bytes tested twice where two words overlap are the name's own). The
    /// target may hold anything once it returns false.
    @inline(__always)
    @inlinable static func copyPlainName(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>,
                                      count: Int) -> Bool {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(target)
        if count >= 8 {
            // Words up to the last, then the word that ends the name (it may overlap).
            var marked: UInt64 = 0
            var index = 0
            while index &+ 8 < count {
                let word = from.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                to.storeBytes(of: word, toByteOffset: index, as: UInt64.self)
                marked |= tildesAndSlashes(word)
                index &+= 8
            }
            let tail = from.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            to.storeBytes(of: tail, toByteOffset: count &- 8, as: UInt64.self)
            return (marked | tildesAndSlashes(tail)) == 0
        }
        if count >= 4 {
            let head = from.loadUnaligned(as: UInt32.self)
            let tail = from.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            to.storeBytes(of: head, as: UInt32.self)
            to.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
            // Both halves in one word (zero bytes are neither `~` nor `/`).
            return tildesAndSlashes(UInt64(head) | UInt64(tail) << 32) == 0
        }
        var plain = true
        var index = 0
        while index < count {
            let byte = source[index]
            target[index] = byte
            plain = plain && byte != 0x7E && byte != ASCII.slash
            index &+= 1
        }
        return plain
    }

    /// Marks the bytes of `word` that are `~` or `/` (exactly: zero bytes are neither).
    @inline(__always)
    @inlinable static func tildesAndSlashes(_ word: UInt64) -> UInt64 {
        UTF8Validation.bytes(of: word, equalTo: 0x7E) | UTF8Validation.bytes(of: word, equalTo: ASCII.slash)
    }
}

extension JSONValue {
    /// Calls `body` with this value's pointer (without the document's prefix) written
    /// backwards into `scratch` (`PointerPath`), or with nil when it needs the tape's general
    /// path; the bytes are valid during the call. Scratch memory the caller keeps rather than
    /// the stack: `body` is called here, not inside an allocation's closure, so it inlines.
    @inline(__always)
    @inlinable package func withPointerWrittenBackwards<R>(in scratch: ByteScratch, _ body: (Span<UInt8>?) -> R) -> R {
        let end = scratch.base + scratch.count
        let start = PointerPath.writeBackwards(of: index, nodes: nodes, bytes: inputBytes, endingAt: end,
                                               room: scratch.count)
        let written = UnsafeBufferPointer(start: start, count: start.map { end - $0 } ?? 0)
        // `scratch` is the caller's argument, alive for the whole call.
        return body(start == nil ? nil : written.span)
    }
}
