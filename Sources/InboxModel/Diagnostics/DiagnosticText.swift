/// The text of diagnostics: the code, message and pointer of each finding as UTF-8, one
/// after another in one block of memory, with the source they all share.
///
/// A `Diagnostic` holding four `String`s cost up to three allocations to build (message,
/// pointer, and the phrase they came from), four retains on every copy and four releases
/// with a `free` each at the end. The findings of one report share blocks instead:
/// building a finding copies its bytes into the block, a copy of it retains one object,
/// and the last release frees the whole block at once. Bytes once written are never moved
/// or changed (a full block is followed by a new one rather than grown), which is what
/// makes handing diagnostics to other threads sound (`SharedDiagnosticText`).
@usableFromInline
final class DiagnosticText: ManagedBuffer<String, UInt8> {
    /// A block of `capacity` bytes for findings of `source`.
    static func make(source: String, capacity: Int) -> DiagnosticText {
        let block = create(minimumCapacity: capacity) { _ in source }
        return unsafeDowncast(block, to: DiagnosticText.self)
    }

    /// The source every finding in the block is about.
    var source: String { header }

    /// Whether the block's source is `source` (the same `String`, usually: a comparison
    /// of two references).
    @inlinable
    func hasSource(_ source: String) -> Bool {
        withUnsafeMutablePointerToHeader { $0.pointee == source }
    }

    /// The first byte of the block (valid while the block is alive).
    @inlinable
    var base: UnsafeMutablePointer<UInt8> { withUnsafeMutablePointerToElements { $0 } }

    /// The bytes `from ..< to`, valid while the block is alive.
    @inlinable
    func bytes(from: Int, to: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + from, count: to - from)
    }

    /// A block holding one finding's texts (for diagnostics made from strings).
    static func single(code: String, message: String, pointer: String, source: String) -> DiagnosticText {
        let block = make(source: source, capacity: code.utf8.count + message.utf8.count + pointer.utf8.count)
        var at = block.base
        for text in [code, message, pointer] {
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

/// A `DiagnosticText` as diagnostics and reports hold it. `ManagedBuffer` cannot be
/// `Sendable` itself; a block can, because its bytes are written before any finding in
/// it is handed on and never change after.
/// Holds the block's first byte too, read once, so a finding's texts are reached without
/// a call into the block.
@usableFromInline
struct SharedDiagnosticText: @unchecked Sendable { // @unchecked: the block is written once, before it is shared
    @usableFromInline let block: DiagnosticText
    @usableFromInline let base: UnsafeMutablePointer<UInt8>

    @usableFromInline
    init(block: DiagnosticText) {
        self.block = block
        base = block.base
    }
}
