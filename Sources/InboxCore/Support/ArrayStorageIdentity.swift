/// Where an array's elements are, to tell whether an append moved them (it was shared
/// with a copy, or it grew): equal identities before and after mean the same storage.
/// An address compared, never followed.
@usableFromInline package struct ArrayStorageIdentity: Equatable {
    @usableFromInline let address: UInt

    @inlinable package init<Element>(of array: [Element]) {
        address = array.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }
}
