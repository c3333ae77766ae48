import InboxCore

/// Builds a fix from changes to JSON values, wherever they are: in the file itself, or in a
/// document held in one of its strings (`data`, `u`, `action_params`). An edit inside such a
/// document is made on its decoded text, which is then written back as one JSON string in
/// place of the old one (so the escapes come out right whatever the edit holds); everything
/// outside the changed values and that string stays as written.
///
/// Each value's document must stay alive until `fix` is called (the caller keeps it).
public struct JSONEdits {
    /// The edits, in the coordinates of the document each is in.
    private var pending: [(document: JSONDocument, edit: TextEdit)] = []

    public init() {}

    public var isEmpty: Bool { pending.isEmpty }

    /// Replaces the value with `json` (JSON text: `true`, `"https://…"`, `{…}`).
    public mutating func replace(_ value: JSONValue, with json: String) {
        add(value, TextEdit(value.byteRange, json))
    }

    /// Replaces the value with the string `text`, quoted.
    public mutating func replace(_ value: JSONValue, withString text: String) {
        replace(value, with: JSONText.quote(text))
    }

    /// Gives this member's key the name `key` (its value stays as written).
    public mutating func renameKey(of value: JSONValue, to key: String) {
        guard let range = value.keyByteRange else { return }
        add(value, TextEdit(range, JSONText.quote(key)))
    }

    /// Removes the member (key and value) or the array element, with the comma that
    /// separated it from its neighbour.
    public mutating func remove(_ value: JSONValue) {
        guard let parent = value.parent else { return }
        let siblings = parent.elementsOrMemberValues
        guard let position = siblings.firstIndex(where: { $0.index == value.index }) else { return }
        let start = value.keyByteRange?.lowerBound ?? value.byteRange.lowerBound
        let range: Range<Int>
        if position + 1 < siblings.count {
            let next = siblings[position + 1]
            range = start ..< (next.keyByteRange?.lowerBound ?? next.byteRange.lowerBound)
        } else if position > 0 {
            range = siblings[position - 1].byteRange.upperBound ..< value.byteRange.upperBound
        } else {
            range = start ..< value.byteRange.upperBound
        }
        add(value, TextEdit(range, ""))
    }

    /// Removes the array's elements from `position` on.
    public mutating func removeElements(of array: JSONValue, from position: Int) {
        let elements = array.elements
        guard position < elements.count else { return }
        let start = position == 0 ? array.byteRange.lowerBound + 1 : elements[position - 1].byteRange.upperBound
        add(array, TextEdit(start ..< elements[elements.count - 1].byteRange.upperBound, ""))
    }

    /// Adds the member `"key": json` at the end of `object`, laid out like its other members
    /// (on a line of its own, indented as they are, when they are on lines of their own).
    public mutating func insert(key: String, json: String, into object: JSONValue) {
        let members = object.elementsOrMemberValues
        let member = JSONText.quote(key) + ": " + json
        guard let last = members.last else {
            add(object, TextEdit(object.byteRange.lowerBound + 1 ..< object.byteRange.lowerBound + 1, member))
            return
        }
        let end = last.byteRange.upperBound
        add(object, TextEdit(end ..< end, "," + Self.separator(before: members[0], in: object) + member))
    }

    /// The text between an object's `{` and its first key when that holds a line break
    /// (the line break and the indentation), else a space.
    private static func separator(before first: JSONValue, in object: JSONValue) -> String {
        guard let keyStart = first.keyByteRange?.lowerBound else { return " " }
        let bytes = object.withInputBytes { Array($0[object.byteRange.lowerBound + 1 ..< keyStart]) }
        guard let lineBreak = bytes.lastIndex(of: UInt8(ascii: "\n")) else { return " " }
        let indent = bytes[(lineBreak + 1)...]
        guard indent.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else { return " " }
        let crlf = lineBreak > 0 && bytes[lineBreak - 1] == UInt8(ascii: "\r")
        return (crlf ? "\r\n" : "\n") + String(decoding: indent, as: UTF8.self)
    }

    private mutating func add(_ value: JSONValue, _ edit: TextEdit) {
        pending.append((value.document, edit))
    }

    /// The edits as a fix of the outermost text; nil when two of them conflict.
    public func fix(_ safety: FixSafety) -> Fix? {
        var pending = self.pending
        var outermost: [TextEdit] = []
        while let document = pending.first?.document {
            let mine = pending.filter { $0.document === document }.map(\.edit)
            pending.removeAll { $0.document === document }
            guard !Self.conflict(mine) else { return nil }
            switch document.placement {
            case .outermost(let baseOffset):
                outermost += mine.map { TextEdit($0.range.lowerBound + baseOffset ..< $0.range.upperBound + baseOffset,
                                                  $0.replacement) }
            case .nested(let parent, let string):
                // The decoded text edited, then written back as one string in the parent.
                let edited = mine.applied(to: document.inputArray)
                let quoted = JSONText.quote(String(decoding: edited, as: UTF8.self))
                pending.append((parent, TextEdit(string, quoted)))
            }
        }
        guard !outermost.isEmpty, !Self.conflict(outermost) else { return nil }
        return Fix(safety, edits: outermost)
    }

    private static func conflict(_ edits: [TextEdit]) -> Bool {
        for (position, edit) in edits.enumerated() where edits[(position + 1)...].contains(where: edit.conflicts) {
            return true
        }
        return false
    }
}

extension JSONValue {
    /// An array's elements or an object's member values, in order.
    var elementsOrMemberValues: [JSONValue] {
        kind == .object ? members.map(\.value) : elements
    }
}
