import InboxModel
import InboxCore

/// Bytes held for later output, in chunks allocated at their final size: a buffer that
/// grows by doubling copies everything at each step, holding the old and the new copy
/// at once (twice the bytes at the peak) and up to twice what it needs after. Here a
/// chunk is filled and never moved; chunks grow from 4 KiB to 1 MiB, so a small run of
/// bytes takes little room and a large one wastes at most 1 MiB.
struct ChunkedBytes {
    /// The chunks filled so far, then the one being filled.
    private(set) var chunks: [ByteBuffer] = []
    /// Room left in the last chunk.
    private var room = 0
    private var lastCapacity = 0

    static let smallestChunk = 1 << 12
    static let largestChunk = 1 << 20

    var isEmpty: Bool { chunks.isEmpty }

    mutating func append(_ bytes: Span<UInt8>) {
        var rest = bytes
        while !rest.isEmpty {
            if room == 0 {
                let capacity = min(Self.largestChunk, max(Self.smallestChunk, 2 * lastCapacity, rest.count))
                chunks.append(ByteBuffer(capacity: capacity))
                room = capacity
                lastCapacity = capacity
            }
            let taken = min(room, rest.count)
            chunks[chunks.count - 1].append(rest.extracting(first: taken))
            room -= taken
            rest = rest.extracting(droppingFirst: taken)
        }
    }
}
