/// One JSON value in a document's flat tape.
///
/// Nodes are stored in document order in a single array, so a value's subtree is the contiguous index
/// range `index ..< link`: walking, skipping and serialising need neither recursion nor pointers, and a
/// whole document costs one allocation instead of one per value. Object members are stored as a key
/// node (a string) immediately followed by the value's subtree. Offsets are Int32 to keep the node small;
/// documents that do not fit are rejected up front.
package struct TapeNode {
    /// Offset of the value's first byte (for strings: the opening quote).
    package var start: Int32
    /// Offset just past the value's last byte (for strings: past the closing quote).
    package var end: Int32
    /// Index of the first node after this value's subtree.
    package var link: Int32
    /// Elements of an array / members of an object (duplicates included); for a key, its
    /// signature (`KeySignature`: decoded length and first byte); 0 for other scalars.
    package var count: Int32
    /// Index of the enclosing array/object, -1 for the root.
    package var parent: Int32
    /// Element index or member index inside the parent; lets pointers be built without scanning siblings.
    package var slot: Int32
    package var kind: JSONKind
    /// Kind-specific bits, see `NodeFlag`.
    package var flags: UInt8
}

/// Bits of `TapeNode.flags`; their meaning depends on the node kind.
package enum NodeFlag {
    /// string: contains backslash escapes, so it must be decoded (otherwise the raw bytes are the value).
    package static let hasEscapes: UInt8 = 1
    /// bool: the literal was `true`.
    static let isTrue: UInt8 = 1
    /// number: has a fraction part.
    static let hasFraction: UInt8 = 1
    /// number: has an exponent part.
    static let hasExponent: UInt8 = 2
    /// number: does not fit a Double (a warning was recorded).
    static let outOfRange: UInt8 = 4
    /// object: some key occurs twice, so lookups must keep scanning for the last one.
    package static let hasDuplicateKeys: UInt8 = 1
}

/// Byte values the scanner compares against, named so the state machine reads like the grammar.
package enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    package static let slash: UInt8 = 0x2F
    package static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let openBracket: UInt8 = 0x5B
    package static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- zero < 10 }
}
