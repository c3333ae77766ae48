#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import InboxModel

/// The start of findings' JSON objects as written before, from the comma to the end of
/// the escaped message (`,\n    {\n      "code": "IK301", … "message": "<escaped>`),
/// kept by code, severity and message: most findings repeat a wording another finding
/// had (in the sample, 326 messages among 5 551 findings), and escaping a message, a
/// hundred-odd bytes tested for quotes, backslashes and controls, was the largest part
/// of writing a finding. A finding found here is one comparison of its message and one
/// copy; one that is not is written as before and kept (over what its slot held).
///
/// A direct-mapped table of `slotCount` slots of `slotBytes` bytes each (the message as
/// it is, then the bytes written for it), made once per run: a message too long for its
/// slot is not kept. Used by one thread only: the renderer that writes documents in turn
/// (`ValidateJSON`, `--jobs 1`) keeps it.
final class FindingMemo {
    /// A slot: the code-and-severity key of its finding (`FindingHeads.key`, never 0; 0 for
    /// an empty slot), and the sizes of its message and of the bytes written for it.
    struct Slot {
        var codeKey: UInt64 = 0
        var messageCount: Int32 = 0
        var prefixCount: Int32 = 0
    }

    static let slotCount = 256
    static let slotBytes = 768

    private let slots: UnsafeMutablePointer<Slot>
    private let bytes: UnsafeMutablePointer<UInt8>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Slot(), count: Self.slotCount)
        bytes = .allocate(capacity: Self.slotCount * Self.slotBytes)
    }

    deinit {
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
        bytes.deallocate()
    }

    /// What the writer reads and writes, as plain pointers: valid while the memo is alive
    /// (the renderer keeps it), held without a retain and a release per document.
    var table: Table { Table(slots: slots, bytes: bytes) }

    struct Table {
        let slots: UnsafeMutablePointer<Slot>
        let bytes: UnsafeMutablePointer<UInt8>

        /// The slot of a finding of `codeKey` whose message is `message` (eight bytes or more).
        @inline(__always)
        func slot(codeKey: UInt64, message: UnsafeBufferPointer<UInt8>) -> Int {
            let start = UnsafeRawPointer(message.baseAddress.unsafelyUnwrapped)
            let first = start.loadUnaligned(as: UInt64.self)
            let last = start.loadUnaligned(fromByteOffset: message.count &- 8, as: UInt64.self)
            let mixed = (codeKey ^ first &* 0x9E37_79B9_7F4A_7C15) &+ (last ^ UInt64(truncatingIfNeeded: message.count))
                &* 0xC2B2_AE3D_27D4_EB4F
            // The top eight bits: 0 to 255 (`slotCount`).
            return Int(truncatingIfNeeded: ((mixed ^ mixed &>> 31) &* 0x9E37_79B9_7F4A_7C15) &>> 56)
        }

        /// The bytes kept in `slot` for a finding of `codeKey` and `message`, or nil.
        @inline(__always)
        func prefix(at slot: Int, codeKey: UInt64, message: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
            let kept = slots[slot]
            guard kept.codeKey == codeKey, Int(kept.messageCount) == message.count else { return nil }
            let region = bytes + slot &* FindingMemo.slotBytes
            guard memcmp(region, message.baseAddress.unsafelyUnwrapped, message.count) == 0 else { return nil }
            return UnsafeBufferPointer(start: region + message.count, count: Int(kept.prefixCount))
        }

        /// Keeps `prefix`, the bytes written for a finding of `codeKey` and `message`, in
        /// `slot` (when they fit).
        func keep(_ prefix: UnsafeBufferPointer<UInt8>, at slot: Int, codeKey: UInt64,
                  message: UnsafeBufferPointer<UInt8>) {
            guard message.count &+ prefix.count <= FindingMemo.slotBytes, let messageStart = message.baseAddress,
                  let prefixStart = prefix.baseAddress else { return }
            let region = bytes + slot &* FindingMemo.slotBytes
            region.update(from: messageStart, count: message.count)
            (region + message.count).update(from: prefixStart, count: prefix.count)
            slots[slot] = Slot(codeKey: codeKey, messageCount: Int32(truncatingIfNeeded: message.count),
                               prefixCount: Int32(truncatingIfNeeded: prefix.count))
        }
    }
}
