/// A list of a `Resolution` (URL sites, buttons, slides, elements dropped): a view of
/// elements kept in the resolution's one list buffer (`ListArena`).
///
/// The lists were arrays: one to five allocations for every message, regrown while
/// decoding, each freed with the message (a release, a deallocation, a free). Now every
/// list of a message is a region of one buffer, allocated once at its final size and
/// freed at once; elements are plain values (node indexes, borrowed document references,
/// small enums), so nothing is destroyed element by element. A view is a pointer and a
/// count: copying one retains nothing.
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
    /// hold pointers), so regions stay aligned.
    init(byteCount: Int) {
        room = byteCount
        guard byteCount > 0 else {
            storage = nil
            next = nil
            return
        }
        let buffer = ManagedBuffer<Void, UInt64>.create(minimumCapacity: (byteCount + 7) / 8) { _ in () }
        storage = ListStorage(buffer: buffer)
        // Tail-allocated elements stay where they are for the buffer's life.
        next = buffer.withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) }
    }

    /// Bytes for `count` elements of `Element`.
    static func bytes<Element>(_: Element.Type, _ count: Int) -> Int {
        MemoryLayout<Element>.stride * count
    }

    /// The next `capacity` elements' room, to be filled by the writer.
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

/// Holds the buffer of a `ListArena`, in 8-byte words. Written only while the resolution
/// is built, then read-only: shared between threads like the resolution's other values.
struct ListStorage: @unchecked Sendable {
    let buffer: ManagedBuffer<Void, UInt64>
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
