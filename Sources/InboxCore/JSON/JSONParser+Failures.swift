/// Building the failure a parse stops at: what was expected, what was found (quoted so a marketer can
/// see it), and the pointer of the value being parsed.
///
/// Pointer convention: while a value is being parsed (including "expected a value" errors and errors
/// inside a string, number or literal) the pointer names that value, e.g. "/a/b/2" for the missing
/// element in `[1, 2,]`; while between members (expecting ',' or a closer, or a key) it names the
/// enclosing container; errors after the top-level value name the root.
extension JSONParser {
    /// "Expected a value" with a context that says where: after '[' / ',' / ':' or at the top level.
    func expectedValue(at offset: Int) -> ParseFailure {
        let found = offset < end ? buf[offset] : 0
        var hint = ""
        if offset < end {
            switch found {
            case ASCII.dot, ASCII.plus: hint = " (a number must start with a digit or '-')"
            case 0x27: hint = " (JSON strings use double quotes)"
            default: break
            }
        }
        guard depth > 0 else {
            return unexpected(expected: "a value", context: "", at: offset, pointer: valuePointer(), hint: hint, site: .value)
        }
        if top.isObject {
            return unexpected(
                expected: "a value", context: "for the key \(quotedKey(lastKey()))", at: offset,
                pointer: valuePointer(), hint: hint, site: .value)
        }
        if top.count <= 1 {
            return unexpected(expected: "a value or ']'", context: "after '['", at: offset, pointer: valuePointer(), hint: hint,
                              site: .value)
        }
        let trailingComma = offset < end && found == ASCII.closeBracket
        var failure = unexpected(
            expected: "a value", context: "after ',' in an array", at: offset, pointer: valuePointer(),
            hint: trailingComma ? " (JSON does not allow a trailing comma)" : hint, site: .value)
        if trailingComma { failure.trailingComma = comma(before: offset) }
        return failure
    }

    /// A key (or, right after '{', the closing '}') was expected at `offset`.
    func keyExpected(at offset: Int) -> ParseFailure {
        let afterComma = top.count > 0
        let trailingComma = afterComma && offset < end && buf[offset] == ASCII.closeBrace
        var failure = unexpected(
            expected: afterComma ? "a key in double quotes" : "a key in double quotes or '}'",
            context: afterComma ? "after ',' in an object" : "after '{'",
            at: offset, pointer: containerPointer(),
            hint: trailingComma ? " (JSON does not allow a trailing comma)" : "", site: .key)
        if trailingComma { failure.trailingComma = comma(before: offset) }
        return failure
    }

    /// The offset of the comma before `offset`, past whitespace (nil when there is none).
    private func comma(before offset: Int) -> Int? {
        var index = offset - 1
        while index >= 0, buf[index] == ASCII.space || buf[index] == ASCII.tab || buf[index] == ASCII.lineFeed || buf[index] == ASCII.carriageReturn {
            index -= 1
        }
        return index >= 0 && buf[index] == ASCII.comma ? index : nil
    }

    /// The ':' after the key node `key` was expected at `offset`.
    func colonExpected(at offset: Int, key: Int32) -> ParseFailure {
        unexpected(expected: "':'", context: "after the key \(quotedKey(key))", at: offset, pointer: valuePointer())
    }

    /// A ',' or the closer of the innermost container was expected at `offset`.
    func afterMember(at offset: Int) -> ParseFailure {
        let isObject = top.isObject
        return unexpected(
            expected: isObject ? "',' or '}'" : "',' or ']'",
            context: isObject ? "after an object member" : "after an array element",
            at: offset, pointer: containerPointer(), site: .afterMember)
    }

    /// A container opened at `offset` would be nested deeper than `maxDepth`.
    func tooDeep(at offset: Int) -> ParseFailure {
        ParseFailure(
            kind: .tooDeep(limit: maxDepth), offset: offset, pointer: valuePointer(),
            detail: "arrays and objects are nested more than \(maxDepth) levels deep")
    }

    /// A syntax failure at `offset`, unless the byte there is not valid UTF-8 at all: then the real
    /// problem is the encoding (for example a Latin-1 or UTF-16 file), reported as such.
    func unexpected(expected: String, context: String, at offset: Int, pointer: String, hint: String = "",
                    site: FailureSite = .other) -> ParseFailure {
        if offset < end, buf[offset] >= 0x80, UTF8Validation.multiByteLength(buf, at: offset) == 0 {
            return invalidUTF8(at: offset, pointer: pointer)
        }
        let found = inSecretMember() ? Self.redacted(describeFound(at: offset)) : describeFound(at: offset)
        let place = context.isEmpty ? "" : " " + context
        return ParseFailure(
            kind: .syntax(expected: expected, found: found), offset: offset, pointer: pointer,
            detail: "expected \(expected)\(place) but found \(found)\(hint)", mistake: mistake(at: offset, site: site))
    }

    func invalidUTF8(at offset: Int, pointer: String) -> ParseFailure {
        let bytes = UTF8Validation.malformedBytes(buf, at: offset).map(Self.hexByte).joined(separator: " ")
        let subject = bytes.contains(" ") ? "the bytes \(bytes) are" : "the byte \(bytes) is"
        return ParseFailure(
            kind: .invalidUTF8, offset: offset, pointer: pointer,
            detail: "invalid UTF-8: \(subject) not valid UTF-8 text (save the file as UTF-8)")
    }

    func loneSurrogate(at offset: Int, isKey: Bool) -> ParseFailure {
        let text = String(decoding: UnsafeBufferPointer(rebasing: buf[offset ..< min(offset + 6, end)]), as: UTF8.self)
        return ParseFailure(
            kind: .loneSurrogate(text), offset: offset, pointer: stringPointer(isKey),
            detail: "the escape \(text) is half of a surrogate pair without its other half, which is not valid text")
    }

    func controlCharacterInString(at offset: Int, isKey: Bool) -> ParseFailure {
        let found = describeFound(at: offset)
        let detail = buf[offset] == ASCII.lineFeed || buf[offset] == ASCII.carriageReturn
            ? "a string is not closed before the end of the line (a line break inside a string must be written as \\n)"
            : "\(found) inside a string must be written as an escape such as \\t or \\u0001"
        return ParseFailure(
            kind: .syntax(expected: "'\"' or an escape sequence", found: found), offset: offset,
            pointer: stringPointer(isKey), detail: detail)
    }

    /// Short description of what is at `offset`: "end of input", "'x'", the whole word for letters
    /// ("'tru'", "'NaN'"), a name for whitespace controls, or "byte 0x00" for other non-printables.
    func describeFound(at offset: Int) -> String {
        guard offset < end else { return "end of input" }
        let byte = buf[offset]
        switch byte {
        case 0x41 ... 0x5A, 0x61 ... 0x7A:
            let stop = wordEnd(from: offset)
            let capped = min(stop, offset + 24)
            let text = String(decoding: UnsafeBufferPointer(rebasing: buf[offset ..< capped]), as: UTF8.self)
            return "'" + text + (capped < stop ? "…" : "") + "'"
        case 0x27: return "\"'\""
        case 0x21 ... 0x7E: return "'" + String(UnicodeScalar(byte)) + "'"
        case ASCII.space: return "a space"
        case ASCII.lineFeed: return "a line break"
        case ASCII.carriageReturn: return "a carriage return"
        case ASCII.tab: return "a tab"
        case 0x80 ... 0xFF:
            let length = UTF8Validation.multiByteLength(buf, at: offset)
            guard length > 0 else { return "byte " + Self.hexByte(byte) }
            return "'" + String(decoding: UnsafeBufferPointer(rebasing: buf[offset ..< offset + length]), as: UTF8.self) + "'"
        default: return "byte " + Self.hexByte(byte)
        }
    }

    /// Whether the parse stopped in or right after the value of a credential member
    /// (`auth`...): what is found there may be the token, unquoted or cut by a stray quote.
    func inSecretMember() -> Bool {
        let key = lastKey()
        guard key >= 0 else { return false }
        return Redaction.isSecret(key: Tape.string(nodes[Int(key)], buf))
    }

    /// A found text of a credential shortened to its first three characters (`'abc…'`).
    static func redacted(_ found: String) -> String {
        guard found.hasPrefix("'"), found.count > 6 else { return found }
        return "'" + found.dropFirst().prefix(3) + "…'"
    }

    static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return "0x" + String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
    }

    @inline(__always)
    func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30 ... 0x39, 0x41 ... 0x5A, 0x61 ... 0x7A, 0x5F: return true
        default: return false
        }
    }

    func wordEnd(from offset: Int) -> Int {
        var i = offset
        while i < end, isWordByte(buf[i]) { i += 1 }
        return i
    }

    /// Key node of the member being parsed in the innermost object (-1 before its first key):
    /// the last of its `top.count` keys, found by stepping over the members before it (only
    /// failures ask, so the parse does not keep track of it).
    func lastKey() -> Int32 {
        guard depth > 0, top.isObject, top.count > 0 else { return -1 }
        var key = Int(top.node) + 1
        for _ in 1 ..< Int(top.count) { key = Int(nodes[key + 1].link) }
        return Int32(key)
    }

    /// `"key"` of a key node as it would be written in JSON, for messages.
    func quotedKey(_ keyIndex: Int32) -> String {
        guard keyIndex >= 0, Int(keyIndex) < nodes.count else { return "\"\"" }
        let key = Tape.string(nodes[Int(keyIndex)], buf)
        // At most a line's worth: a hostile key must not flood a terminal or a log.
        let scalars = key.unicodeScalars
        guard scalars.count > Self.quotedKeyLimit else { return JSONText.quote(key) }
        let head = String(String.UnicodeScalarView(scalars.prefix(Self.quotedKeyLimit - 1)))
        return JSONText.quote(head + "…") + " (\(scalars.count) characters)"
    }

    /// Characters of a key quoted in a message at most (as `Excerpt.limit` in the model).
    static let quotedKeyLimit = 60

    /// Pointer of the innermost open container (the root prefix at the top level).
    func containerPointer() -> String {
        guard depth > 0 else { return "" }
        return Tape.pointer(of: Int(top.node), nodes: nodes, bytes: buf, prefix: "")
    }

    /// Pointer of the value currently being parsed: the container's pointer plus the current member
    /// name or element index.
    func valuePointer() -> String {
        guard depth > 0 else { return "" }
        let container = containerPointer()
        if top.isObject {
            let key = lastKey()
            guard key >= 0 else { return container }
            return JSONPointer.appending(container, Tape.string(nodes[Int(key)], buf))
        }
        return JSONPointer.appending(container, Int(max(0, top.count - 1)))
    }

    /// A key's own problems are reported at its object (the key text is not known yet); a string
    /// value's at the value.
    func stringPointer(_ isKey: Bool) -> String {
        isKey ? containerPointer() : valuePointer()
    }
}
