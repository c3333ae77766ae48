/// What a `RecordBuffer` keeps besides its records: how many there are, its room, and the
/// owner's own header (`extra`).
@usableFromInline package struct RecordBufferHeader<Extra> {
    @usableFromInline var count = 0
    @usableFromInline let capacity: Int
    @usableFromInline var extra: Extra

    @usableFromInline init(capacity: Int, extra: Extra) {
        self.capacity = capacity
        self.extra = extra
    }
}

/// A list of plain records and a header of the owner's in one allocation, filled by one
/// writer and read after: the analyzer's findings of a document (`FindingRecords`). Unlike
/// an array, it is reused in place once nothing else holds it (`removeAll`), and a full
/// one is replaced by a copy twice as large (`grown`) rather than growing where it is, so
/// records already handed on never move. Records are read and sorted through spans.
@usableFromInline
package final class RecordBuffer<Extra, Record>: ManagedBuffer<RecordBufferHeader<Extra>, Record> {
    /// An empty buffer with room for `capacity` records.
    @inlinable package static func make(capacity: Int, extra: Extra) -> RecordBuffer<Extra, Record> {
        let buffer = create(minimumCapacity: capacity) { _ in RecordBufferHeader(capacity: capacity, extra: extra) }
        return unsafeDowncast(buffer, to: RecordBuffer<Extra, Record>.self)
    }

    deinit {
        _ = withUnsafeMutablePointers { header, records in records.deinitialize(count: header.pointee.count) }
    }

    /// How many records there are.
    @inlinable package var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }

    /// How many records fit.
    @inlinable package var recordCapacity: Int { withUnsafeMutablePointerToHeader { $0.pointee.capacity } }

    /// Adds `record` and lets `update` change the header, when there is room (and returns
    /// true); false, changing nothing, when full. Through the pointers: the `header`
    /// property is checked for exclusive access at run time at every use.
    @inline(__always)
    @inlinable package func append(_ record: Record, updating update: (inout Extra) -> Void) -> Bool {
        withUnsafeMutablePointers { header, records in
            let count = header.pointee.count
            guard count < header.pointee.capacity else { return false }
            (records + count).initialize(to: record)
            header.pointee.count = count &+ 1
            update(&header.pointee.extra)
            return true
        }
    }

    /// Calls `body` with the owner's header, to read or change in place.
    @inline(__always)
    @inlinable package func withExtra<R>(_ body: (inout Extra) throws -> R) rethrows -> R {
        try withUnsafeMutablePointerToHeader { try body(&$0.pointee.extra) }
    }

    /// Calls `body` with the records, valid during the call.
    @inline(__always)
    @inlinable package func withRecords<R>(_ body: (Span<Record>) throws -> R) rethrows -> R {
        try withUnsafeMutablePointers { header, records in
            try body(UnsafeBufferPointer(start: records, count: header.pointee.count).span)
        }
    }

    /// Calls `body` with the records to change or move in place. Only the buffer's one
    /// writer may: records already read elsewhere would change under their readers.
    @inlinable package func withMutableRecords<R>(_ body: (inout MutableSpan<Record>) throws -> R) rethrows -> R {
        try withUnsafeMutablePointers { header, records in
            var span = UnsafeMutableBufferPointer(start: records, count: header.pointee.count).mutableSpan
            return try body(&span)
        }
    }

    /// Sorts the records of `range` stably by `isBefore`, in place: insertion for the few
    /// records of a short range (mostly in order already), the general sort for long ones.
    @inlinable package func sortStably(_ range: Range<Int>, by isBefore: (Record, Record) -> Bool) {
        withUnsafeMutablePointers { header, records in
            precondition(range.lowerBound >= 0 && range.upperBound <= header.pointee.count, "range outside the records")
            guard range.count > 1 else { return }
            let part = UnsafeMutableBufferPointer(start: records + range.lowerBound, count: range.count)
            guard part.count <= 32 else {
                let sorted = part.enumerated().sorted {
                    isBefore($0.element, $1.element) || (!isBefore($1.element, $0.element) && $0.offset < $1.offset)
                }
                for (index, pair) in sorted.enumerated() { part[index] = pair.element }
                return
            }
            for next in 1 ..< part.count {
                var index = next
                while index > 0, isBefore(part[index], part[index - 1]) {
                    part.swapAt(index, index - 1)
                    index -= 1
                }
            }
        }
    }

    /// A copy with room for twice as many records (at least `minimum`), its header made by
    /// `extra` from this one's (which it may move out, leaving what it likes).
    @inlinable package func grown(minimum: Int = 8, extra: (inout Extra) -> Extra) -> RecordBuffer<Extra, Record> {
        withUnsafeMutablePointers { header, records in
            let count = header.pointee.count
            let grown = RecordBuffer.make(capacity: Swift.max(2 * header.pointee.capacity, minimum),
                                          extra: extra(&header.pointee.extra))
            grown.withUnsafeMutablePointers { newHeader, newRecords in
                newRecords.initialize(from: records, count: count)
                newHeader.pointee.count = count
            }
            return grown
        }
    }

    /// Removes every record, keeping the room, and lets `reset` empty the header (what it
    /// returns is returned).
    @inlinable package func removeAll<R>(resetting reset: (inout Extra) -> R) -> R {
        withUnsafeMutablePointers { header, records in
            records.deinitialize(count: header.pointee.count)
            header.pointee.count = 0
            return reset(&header.pointee.extra)
        }
    }
}
