import InboxCore

/// A list of a `Resolution` (URL sites, buttons, slides, elements dropped): a view of
/// elements kept in the resolution's one list buffer (`ListArena`).
///
/// Every list of a message is a region of one buffer, made once at its final size and
/// freed at once; elements are plain values (node indexes, borrowed document references,
/// small enums), so nothing is destroyed element by element. A view is a pointer and a
/// count.
///
/// ## Ownership: a list borrows its resolution
/// Like a `JSONValue` (see "Ownership" there), a list is valid while the `Resolution` it
/// was read from (or the `InspectedMessage` holding it) is alive: keep the resolution,
/// not only the list or the `ButtonList` / `Carousel` holding it.
public struct ResolvedList<Element>: RandomAccessCollection {
    /// The first element; nil for an empty list.
    private let base: UnsafePointer<Element>?
    public let count: Int

    /// An empty list.
    public init() {
        base = nil
        count = 0
    }

    init(base: UnsafePointer<Element>?, count: Int) {
        self.base = base
        self.count = count
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public var isEmpty: Bool { count == 0 }

    /// Bounds-checked like an array's.
    public subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "index out of range")
        // A list with an element has a base (`ListWriter` hands out nothing else).
        return base.unsafelyUnwrapped[position]
    }

    /// The elements from `start` on (the same storage).
    func dropping(first start: Int) -> ResolvedList {
        guard start < count, let base else { return ResolvedList() }
        return ResolvedList(base: base + start, count: count - start)
    }

    /// The first `length` elements (the same storage).
    func leading(_ length: Int) -> ResolvedList {
        ResolvedList(base: length > 0 ? base : nil, count: Swift.min(length, count))
    }
}

extension ResolvedList: Equatable where Element: Equatable {
    public static func == (lhs: ResolvedList, rhs: ResolvedList) -> Bool { lhs.elementsEqual(rhs) }
}

/// Read-only views of immutable storage, which the resolution keeps.
extension ResolvedList: @unchecked Sendable where Element: Sendable {}

/// The one buffer a resolution's lists are kept in, carved into regions while resolving:
/// each list's room is known before decoding (an array's element count bounds what is
/// decoded from it), so the buffer is allocated once, at its final size.
struct ListArena {
    /// Owns the elements (none need destroying); nil when every region is empty.
    let storage: ListStorage?
    /// Where the next region starts.
    private var next: UnsafeMutableRawPointer?
    /// Bytes left after `next` (checked: a region never overruns the buffer).
    private var room: Int

    /// Room for `byteCount` bytes of elements, whose strides are multiples of 8 (they
    /// hold pointers), so regions stay aligned. The room is taken from this thread's
    /// chunk (see `ListChunk`). Inlined into the resolver, which sets one up for every
    /// message.
    @inline(__always)
    init(byteCount: Int) {
        room = byteCount
        guard byteCount > 0 else {
            storage = nil
            next = nil
            return
        }
        let (buffer, start) = ListChunk.take(bytes: byteCount)
        storage = ListStorage(buffer: buffer)
        next = start
    }

    /// Bytes for `count` elements of `Element`.
    static func bytes<Element>(_: Element.Type, _ count: Int) -> Int {
        MemoryLayout<Element>.stride * count
    }

    /// The next `capacity` elements' room, to be filled by the writer (inlined: a message's
    /// resolution carves two to five regions).
    @inline(__always)
    mutating func region<Element>(_: Element.Type, capacity: Int) -> ListWriter<Element> {
        let byteCount = Self.bytes(Element.self, capacity)
        guard capacity > 0, let start = next else { return ListWriter(base: nil, capacity: 0) }
        precondition(byteCount <= room && MemoryLayout<Element>.alignment <= 8, "a region fits the buffer")
        // The buffer is freed without destroying its elements: an element type that came
        // to hold a String, an array or a class reference would leak (a constant test).
        precondition(_isPOD(Element.self), "a region's elements need no destroying")
        next = start + byteCount
        room -= byteCount
        return ListWriter(base: start.bindMemory(to: Element.self, capacity: capacity), capacity: capacity)
    }
}

/// Holds the buffer a `ListArena` took its room from, in 8-byte words: a thread's chunk
/// (shared by the resolutions of the messages it resolved in turn) or a buffer of its own.
/// A region is written only while its resolution is built, by the thread building it,
/// then read-only: shared between threads like the resolution's other values.
struct ListStorage: @unchecked Sendable {
    let buffer: ManagedBuffer<Void, UInt64>
}

/// The buffer the resolutions a thread builds take their lists' room from, one after the
/// other, kept in the thread's slot (`ThreadLocal`; no lock, nothing shared while
/// room is handed out). A resolution keeps the chunk it took room from, and a chunk is
/// freed when its last resolution goes, so a message's lists need no buffer of their
/// own. Room is never reused: a chunk is only written ahead of what it has handed out,
/// so what any resolution holds never changes. A full chunk is
/// dropped by the thread (its resolutions keep it) for a new one; a request larger than
/// `largestShared` takes a buffer of its own, so a chunk is not dropped for one.
struct ListChunk {
    /// The chunk room is taken from (nil until the thread's first list).
    var buffer: ManagedBuffer<Void, UInt64>?
    /// Its first free byte, and the bytes after it.
    var next: UnsafeMutableRawPointer?
    var room = 0

    /// A chunk's size in 8-byte words (16 KB: a message's lists take some 100 to 600 bytes).
    static let chunkWords = 2048
    /// Requests above this many bytes get a buffer of their own.
    static let largestShared = 2048

    /// The buffer holding `byteCount` bytes of room for one arena (8-byte aligned), and
    /// where the room starts.
    @inline(__always)
    static func take(bytes byteCount: Int) -> (ManagedBuffer<Void, UInt64>, UnsafeMutableRawPointer) {
        let rounded = (byteCount + 7) & ~7
        guard rounded <= largestShared else { return ownBuffer(bytes: rounded) }
        let slot = Self.slot
        if slot.pointee.room < rounded { slot.pointee.renew() }
        guard let buffer = slot.pointee.buffer, let start = slot.pointee.next else { return ownBuffer(bytes: rounded) }
        slot.pointee.next = start + rounded
        slot.pointee.room -= rounded
        return (buffer, start)
    }

    /// A buffer of `byteCount` bytes for one arena alone.
    @inline(never)
    static func ownBuffer(bytes byteCount: Int) -> (ManagedBuffer<Void, UInt64>, UnsafeMutableRawPointer) {
        let buffer = ManagedBuffer<Void, UInt64>.create(minimumCapacity: (byteCount + 7) / 8) { _ in () }
        // Tail-allocated elements stay where they are for the buffer's life.
        return (buffer, buffer.withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) })
    }

    /// Drops the full chunk (its resolutions keep it) for a new one.
    @inline(never)
    private mutating func renew() {
        let buffer = ManagedBuffer<Void, UInt64>.create(minimumCapacity: Self.chunkWords) { _ in () }
        next = buffer.withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) }
        room = Self.chunkWords * 8
        self.buffer = buffer
    }

    private static let slots = ThreadLocal<ListChunk> { _ in ListChunk() }

    /// This thread's slot, made at its first list.
    private static var slot: UnsafeMutablePointer<ListChunk> {
        @inline(__always) get { slots.pointer }
    }
}

/// Fills one region of a `ListArena`.
struct ListWriter<Element> {
    let base: UnsafeMutablePointer<Element>?
    let capacity: Int
    private(set) var count = 0

    init(base: UnsafeMutablePointer<Element>?, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    mutating func append(_ element: Element) {
        precondition(count < capacity, "a region holds what was counted for it")
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    /// The elements written.
    var list: ResolvedList<Element> {
        ResolvedList(base: count > 0 ? base.map { UnsafePointer($0) } : nil, count: count)
    }
}
