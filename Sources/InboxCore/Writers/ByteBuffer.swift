/// A growable run of bytes written through a pointer: the output of the hot renderers.
///
/// `[UInt8].append(contentsOf:)` costs a uniqueness check, a capacity check and a generic
/// copy per call, and a finding is written in a dozen pieces (constant keys, quoted
/// strings, numbers); here a piece is a capacity check and a `memcpy`, and a string is
/// quoted straight into the buffer after reserving room for it once.
/// A value type: copies share storage until one of them is written (copy on write), so
/// it is as safe to send as an array.
public struct ByteBuffer: @unchecked Sendable {
    /// Owns the memory: the bytes are allocated with the object, in one allocation. The
    /// class holds nothing that changes: the count and the capacity are the struct's own,
    /// so writes need no runtime exclusivity checks.
    @usableFromInline
    package final class Storage: ManagedBuffer<Void, UInt8> {
        @usableFromInline
        package static func make(capacity: Int) -> Storage {
            unsafeDowncast(create(minimumCapacity: capacity) { _ in }, to: Storage.self)
        }

        @usableFromInline
        package var base: UnsafeMutablePointer<UInt8> { withUnsafeMutablePointerToElements { $0 } }
    }

    @usableFromInline package var storage: Storage
    @usableFromInline package var base: UnsafeMutablePointer<UInt8>
    /// Bytes written so far.
    @usableFromInline package var _count = 0
    public var count: Int { _count }
    @usableFromInline package var capacity: Int

    /// Shared by every empty buffer, so an empty one allocates nothing until written
    /// (being shared, it is never written in place). Unsafe only to the compiler: never written.
    nonisolated(unsafe) private static let empty = Storage.make(capacity: 1)

    public init(capacity: Int = 0) {
        if capacity > 0 {
            storage = Storage.make(capacity: capacity)
            self.capacity = capacity
        } else {
            storage = Self.empty
            self.capacity = 0
        }
        base = storage.base
    }

    /// The same bytes in memory of their own size, when the buffer has more than twice the
    /// room it used. A buffer reserved for the worst case (every byte of a message escaped,
    /// six times its text) and then kept, as a document's JSON fragment waits in its batch
    /// until it is joined, would otherwise hold that room: 2 048 documents a batch.
    public func trimmed() -> ByteBuffer {
        guard capacity > 2 &* _count &+ 64 else { return self }
        var copy = ByteBuffer(capacity: _count)
        withBytes { copy.append($0) }
        return copy
    }

    /// The bytes of a literal, read in place: a buffer that only names a constant (a
    /// finding's fixed phrase) allocates nothing. Its capacity is zero, so the first
    /// write copies the bytes into memory of its own.
    public init(literal: StaticString) {
        storage = Self.empty
        capacity = 0
        if literal.hasPointerRepresentation {
            base = UnsafeMutablePointer(mutating: literal.utf8Start)
            _count = literal.utf8CodeUnitCount
        } else {
            base = storage.base
            self.append(literal)
        }
    }

    public var isEmpty: Bool { count == 0 }

    /// The bytes written so far, valid while the buffer is alive and unchanged.
    @inlinable
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: base, count: count)) }
    }

    /// Room for `more` bytes after the current end, in memory this buffer alone owns;
    /// grows geometrically.
    @inlinable
    package mutating func reserve(_ more: Int) {
        if capacity - count < more || !isKnownUniquelyReferenced(&storage) {
            grow(to: count + more)
        }
    }

    @usableFromInline
    mutating func grow(to needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2, 32)
        let bigger = Storage.make(capacity: newCapacity)
        bigger.base.initialize(from: base, count: count)
        storage = bigger
        base = bigger.base
        capacity = newCapacity
    }

    /// Forgets the bytes written, keeping the memory for the next ones (when this buffer
    /// alone owns it; otherwise the next write moves to memory of its own).
    @inlinable
    public mutating func removeAll() {
        _count = 0
    }

    @inlinable
    public mutating func append(_ byte: UInt8) {
        reserve(1)
        base[_count] = byte
        _count += 1
    }

    @inlinable
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + _count).initialize(from: source, count: bytes.count)
        _count += bytes.count
    }

    /// A literal's bytes, read from its pointer (no closure call: every piece of a
    /// finding's wording comes this way).
    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        guard text.hasPointerRepresentation else {
            text.withUTF8Buffer { append($0) }
            return
        }
        let count = text.utf8CodeUnitCount
        guard count > 0 else { return }
        reserve(count)
        (base + _count).initialize(from: text.utf8Start, count: count)
        _count += count
    }

    /// `append(_:)` for a buffer whose storage no copy shares (a phrase while it is being
    /// interpolated, see `Phrase.StringInterpolation`): only the room is checked, not the
    /// uniqueness (a call into the runtime per piece). Inlined into the rules, a literal's
    /// length is a constant there, so its bytes are copied by a few moves, not a call.
    /// A buffer with no storage of its own (empty, or a literal's) has no room, so its
    /// first write moves to memory of its own as with `append`.
    @inlinable @inline(__always)
    package mutating func appendOwned(_ text: StaticString) {
        guard text.hasPointerRepresentation else { return text.withUTF8Buffer { appendOwned($0) } }
        let count = text.utf8CodeUnitCount
        if capacity &- _count < count { grow(to: _count + count) }
        (base + _count).initialize(from: text.utf8Start, count: count)
        _count &+= count
    }

    /// `value` in decimal (`append(decimal:)`) into a buffer that owns its storage alone.
    @inline(__always)
    package mutating func appendOwned(decimal value: Int) {
        if capacity &- _count < ByteWriter.decimalRoom { grow(to: _count + ByteWriter.decimalRoom) }
        var writer = ByteWriter(origin: base, at: base + _count, limit: base + _count + ByteWriter.decimalRoom)
        writer.append(decimal: value)
        _count = writer.at - base
    }

    /// Bytes known to need no escape, as a JSON string literal (`appendQuoted` gives the
    /// same): the quotes and the bytes as they are, into a buffer that owns its storage alone.
    @inline(__always)
    package mutating func appendOwnedQuoted(plain bytes: UnsafeBufferPointer<UInt8>) {
        if capacity &- _count < bytes.count &+ 2 { grow(to: _count + bytes.count + 2) }
        base[_count] = ASCII.quote
        if let source = bytes.baseAddress { (base + (_count &+ 1)).initialize(from: source, count: bytes.count) }
        base[_count &+ 1 &+ bytes.count] = ASCII.quote
        _count &+= bytes.count &+ 2
    }

    /// `appendOwned` for bytes.
    @inlinable @inline(__always)
    package mutating func appendOwned(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if capacity &- _count < bytes.count { grow(to: _count + bytes.count) }
        (base + _count).initialize(from: source, count: bytes.count)
        _count &+= bytes.count
    }

    @inlinable
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    public mutating func append(contentsOf text: String) {
        text.withUTF8Bytes { append($0) }
    }

    /// `bytes` on one line: each line feed or carriage return becomes a space (a line
    /// break in a payload's text would start what a reader of lines takes for another).
    public mutating func append(oneLine bytes: UnsafeBufferPointer<UInt8>) {
        var run = 0
        for index in bytes.indices where bytes[index] == ASCII.lineFeed || bytes[index] == ASCII.carriageReturn {
            append(UnsafeBufferPointer(rebasing: bytes[run ..< index]))
            append(ASCII.space)
            run = index + 1
        }
        append(UnsafeBufferPointer(rebasing: bytes[run...]))
    }

    /// `value` in decimal, as `String(value)` writes it.
    public mutating func append(decimal value: Int) {
        write(reserving: ByteWriter.decimalRoom) { $0.append(decimal: value) }
    }

    /// `text` as a JSON string literal, byte for byte what `JSONText.appendQuoted` writes.
    public mutating func appendQuoted(_ text: String) {
        text.withUTF8Bytes { appendQuoted($0) }
    }

    /// Bytes as a JSON string literal, escaped by `ByteWriter` (the one escaper). The room
    /// for the worst case (every byte escaped, six times the text) is reserved only for a
    /// text with a byte to escape: a phrase's kept buffer fits plain text, the usual case.
    public mutating func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>) {
        if ByteWriter.needsEscape(bytes) {
            write(reserving: ByteWriter.quotedRoom(bytes.count)) { $0.appendQuoted(bytes) }
            return
        }
        let count = bytes.count
        reserve(count + 2)
        let out = base + _count
        out.pointee = ASCII.quote
        if let source = bytes.baseAddress { (out + 1).update(from: source, count: count) }
        out[count + 1] = ASCII.quote
        _count += count + 2
    }
}
