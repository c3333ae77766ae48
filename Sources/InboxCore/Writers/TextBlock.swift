/// Texts as UTF-8, one after another in one block of memory, with the source they are all
/// about: the model keeps the code, message and pointer of its findings so
/// (`DiagnosticText`), a copy of a finding retaining one block rather than several
/// `String`s. Bytes once written are never moved or changed (a full block is followed by a
/// new one rather than grown), which is what makes sharing a block between threads sound
/// (`SharedTextBlock`).
@usableFromInline
package final class TextBlock: ManagedBuffer<TextBlock.Header, UInt8> {
    /// What a block keeps besides its bytes.
    @usableFromInline package struct Header {
        /// The source every text in the block is about.
        @usableFromInline let source: String
        /// The bytes asked for (what reads are checked against).
        @usableFromInline let capacity: Int
    }

    /// A block of `capacity` bytes for texts about `source`.
    package static func make(source: String, capacity: Int) -> TextBlock {
        let block = create(minimumCapacity: capacity) { _ in Header(source: source, capacity: capacity) }
        return unsafeDowncast(block, to: TextBlock.self)
    }

    /// The source every text in the block is about.
    package var source: String { header.source }

    /// The bytes the block was made with room for.
    @inlinable
    package var byteCapacity: Int { withUnsafeMutablePointerToHeader { $0.pointee.capacity } }

    /// Whether the block's source is `source` (the same `String`, usually: a comparison
    /// of two references).
    @inlinable
    package func hasSource(_ source: String) -> Bool {
        withUnsafeMutablePointerToHeader { $0.pointee.source == source }
    }

    /// The first byte of the block (valid while the block is alive).
    @inlinable
    package var base: UnsafeMutablePointer<UInt8> { withUnsafeMutablePointerToElements { $0 } }

    /// The bytes `from ..< to`, valid while the block is alive.
    @inlinable
    package func bytes(from: Int, to: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + from, count: to - from)
    }

    /// A block holding `texts`' UTF-8, one after another.
    package static func holding(_ texts: [String], source: String) -> TextBlock {
        let block = make(source: source, capacity: texts.reduce(0) { $0 + $1.utf8.count })
        var at = block.base
        for text in texts {
            var text = text
            text.withUTF8 { bytes in
                guard let start = bytes.baseAddress, bytes.count > 0 else { return }
                at.initialize(from: start, count: bytes.count)
                at += bytes.count
            }
        }
        return block
    }
}

/// A `TextBlock` as values that cross threads hold it. `ManagedBuffer` cannot be
/// `Sendable` itself; a block can, because its bytes are written before any text in it is
/// handed on and never change after. Holds the block's first byte too, read once, so a
/// text is reached without a call into the block.
@usableFromInline
package struct SharedTextBlock: @unchecked Sendable { // @unchecked: the block is written once, before it is shared
    @usableFromInline package let block: TextBlock
    @usableFromInline package let base: UnsafeMutablePointer<UInt8>

    @inlinable
    package init(block: TextBlock) {
        self.block = block
        base = block.base
    }

    /// Calls `body` with the bytes `from ..< to` of the block, which must lie in it.
    @inline(__always)
    @inlinable package func withBytes<R>(from: Int, to: Int, _ body: (Span<UInt8>) throws -> R) rethrows -> R {
        precondition(from >= 0 && from <= to && to <= block.byteCapacity, "text outside its block")
        return try withExtendedLifetime(block) {
            try body(UnsafeBufferPointer(start: base + from, count: to &- from).span)
        }
    }
}

extension SharedTextBlock {
    /// Where the block's bytes start, for a record that its holder keeps (see `TextBlockAddress`).
    @inlinable package var address: TextBlockAddress { TextBlockAddress(base: UnsafePointer(base)) }

    /// Whether the block's bytes start at `address`.
    @inline(__always)
    @inlinable package func starts(at address: TextBlockAddress) -> Bool { UnsafePointer(base) == address.base }
}

/// Where a block's bytes start, kept by a plain record whose owner holds the block (the
/// analyzer's `FindingRecord`s and their `FindingRecords`): the record holds no reference.
/// Only the owner's readers follow it, while the owner is alive.
@usableFromInline
package struct TextBlockAddress: @unchecked Sendable { // @unchecked: an address; its block is held elsewhere
    @usableFromInline package let base: UnsafePointer<UInt8>

    @usableFromInline init(base: UnsafePointer<UInt8>) { self.base = base }

    /// Whether this is where `block`'s bytes start.
    @inlinable package func isStart(of block: SharedTextBlock) -> Bool { base == UnsafePointer(block.base) }

    /// Calls `body` with bytes `from ..< to` of the block, valid only during the call: for
    /// the owner's readers, while the owner holds the block (the record that keeps this
    /// address was written into it within these bounds).
    @inlinable @inline(__always)
    package func withBytes<R>(from: Int, to: Int, _ body: (Span<UInt8>) throws -> R) rethrows -> R {
        precondition(from >= 0 && from <= to, "text outside its block")
        return try body(UnsafeBufferPointer(start: base + from, count: to &- from).span)
    }
}
