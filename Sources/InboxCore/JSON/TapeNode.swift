/// One JSON value in a document's flat tape.
///
/// Nodes are stored in document order in a single array, so a value's subtree is the contiguous index
/// range `index ..< link`: walking, skipping and serialising need neither recursion nor pointers, and a
/// whole document costs one allocation instead of one per value. Object members are stored as a key
/// node (a string) immediately followed by the value's subtree. Offsets are Int32 to keep the node small;
/// documents that do not fit are rejected up front.
@usableFromInline package struct TapeNode {
    /// Offset of the value's first byte (for strings: the opening quote).
    @usableFromInline package var start: Int32
    /// Offset just past the value's last byte (for strings: past the closing quote).
    @usableFromInline package var end: Int32
    /// Index of the first node after this value's subtree.
    @usableFromInline package var link: Int32
    /// Elements of an array / members of an object (duplicates included); for a key, its
    /// signature (`KeySignature`: decoded length and first byte); 0 for other scalars.
    @usableFromInline package var count: Int32
    /// Index of the enclosing array/object, -1 for the root.
    @usableFromInline package var parent: Int32
    /// Element index or member index inside the parent; lets pointers be built without scanning siblings.
    @usableFromInline package var slot: Int32
    @usableFromInline package var kind: JSONKind
    /// Kind-specific bits, see `NodeFlag`.
    @usableFromInline package var flags: UInt8
}

/// Bits of `TapeNode.flags`; their meaning depends on the node kind.
@usableFromInline package enum NodeFlag {
    /// string: contains backslash escapes, so it must be decoded (otherwise the raw bytes are the value).
    @inlinable package static var hasEscapes: UInt8 { 1 }
    /// bool: the literal was `true`.
    @inlinable package static var isTrue: UInt8 { 1 }
    /// number: has a fraction part.
    @inlinable package static var hasFraction: UInt8 { 1 }
    /// number: has an exponent part.
    @inlinable package static var hasExponent: UInt8 { 2 }
    /// number: does not fit a Double (a warning was recorded).
    @inlinable package static var outOfRange: UInt8 { 4 }
    /// object: some key occurs twice, so lookups must keep scanning for the last one.
    @inlinable package static var hasDuplicateKeys: UInt8 { 1 }
}

/// Byte values the scanner compares against, named so the state machine reads like the grammar.
@usableFromInline package enum ASCII {
    @inlinable package static var tab: UInt8 { 0x09 }
    @inlinable package static var lineFeed: UInt8 { 0x0A }
    @inlinable package static var carriageReturn: UInt8 { 0x0D }
    @inlinable package static var space: UInt8 { 0x20 }
    @inlinable package static var quote: UInt8 { 0x22 }
    @inlinable package static var plus: UInt8 { 0x2B }
    @inlinable package static var comma: UInt8 { 0x2C }
    @inlinable package static var minus: UInt8 { 0x2D }
    @inlinable package static var dot: UInt8 { 0x2E }
    @inlinable package static var slash: UInt8 { 0x2F }
    @inlinable package static var zero: UInt8 { 0x30 }
    @inlinable package static var nine: UInt8 { 0x39 }
    @inlinable package static var colon: UInt8 { 0x3A }
    @inlinable package static var openBracket: UInt8 { 0x5B }
    @inlinable package static var backslash: UInt8 { 0x5C }
    @inlinable package static var closeBracket: UInt8 { 0x5D }
    @inlinable package static var openBrace: UInt8 { 0x7B }
    @inlinable package static var closeBrace: UInt8 { 0x7D }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- zero < 10 }
}
