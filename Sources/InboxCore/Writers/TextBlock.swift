/// Texts as UTF-8, one after another in one block of memory, with the source they are all
/// about: the model keeps the code, message and pointer of its findings so
/// (`DiagnosticText`), a copy of a finding retaining one block rather than several
/// `String`s. Bytes once written are never moved or changed (a full block is followed by a
/// new one rather than grown), which is what makes sharing a block between threads sound
/// (`SharedTextBlock`).
@usableFromInline
package final class TextBlock: ManagedBuffer<String, UInt8> {
    /// A block of `capacity` bytes for texts about `source`.
    package static func make(source: String, capacity: Int) -> TextBlock {
        let block = create(minimumCapacity: capacity) { _ in source }
        return unsafeDowncast(block, to: TextBlock.self)
    }

    /// The source every text in the block is about.
    package var source: String { header }

    /// Whether the block's source is `source` (the same `String`, usually: a comparison
    /// of two references).
    @inlinable
    package func hasSource(_ source: String) -> Bool {
        withUnsafeMutablePointerToHeader { $0.pointee == source }
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
}
