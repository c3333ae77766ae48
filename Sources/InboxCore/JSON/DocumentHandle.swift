/// The document the values of one holder borrow, kept once: a holder of many values of a
/// document (a message's fields, its custom data) stores node indexes and this handle, and
/// makes each `JSONValue` when asked. Like a value, it holds the document without a
/// reference count, under the same rule (see `JSONValue`): the holder keeps the document
/// alive by a strong reference of its own for as long as it hands values out.
@frozen @usableFromInline package struct DocumentHandle: Equatable, @unchecked Sendable { // @unchecked: the document is immutable and Sendable
    @usableFromInline let reference: Unmanaged<JSONDocument>

    /// A handle on `document`, which the caller's holder keeps alive.
    @inlinable package init(_ document: JSONDocument) {
        reference = .passUnretained(document)
    }

    @inlinable init(reference: Unmanaged<JSONDocument>) {
        self.reference = reference
    }

    /// The document, as a strong reference.
    @inlinable package var document: JSONDocument { reference.takeUnretainedValue() }

    /// The value at node `index` of the document.
    @inlinable package func value(at index: Int) -> JSONValue {
        JSONValue(owner: reference, index: index)
    }

    /// Whether both handles are on the same document.
    @inlinable package static func == (lhs: DocumentHandle, rhs: DocumentHandle) -> Bool {
        lhs.reference.toOpaque() == rhs.reference.toOpaque()
    }
}

extension JSONValue {
    /// The handle on the document this value borrows.
    @inlinable package var handle: DocumentHandle { DocumentHandle(reference: owner) }
}
