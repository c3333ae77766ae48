import InboxCore

/// IDNA host conversion (UTS #46 ToASCII) with the choices Foundation makes through ICU:
/// nontransitional (`ß` stays `ß`, so `faß.de` is `xn--fa-hia.de`), no STD3 rules, the
/// bidi (RFC 5893) and joiner (CONTEXTJ) checks on, and any error rejects the host.
enum InternationalHost {
    /// The ASCII form of `host` (its UTF-8), or nil when IDNA refuses it.
    static func asciiForm(of host: ArraySlice<UInt8>) -> [UInt8]? {
        guard host.count <= 2048 else { return nil }
        let data = IDNAData.shared
        // Map: drop ignored code points, replace mapped ones; a disallowed one is an error.
        var mapped = String.UnicodeScalarView()
        for scalar in String(decoding: host, as: UTF8.self).unicodeScalars {
            switch data.status(of: scalar.value) {
            case .valid: mapped.append(scalar)
            case .mapped(let target): for value in target { if let s = Unicode.Scalar(value) { mapped.append(s) } }
            case .ignored: continue
            case .disallowed: return nil
            }
        }
        let normalized = String(decoding: String(mapped)._nfcCodeUnits, as: UTF8.self)
        let labels = normalized.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false).map { Array($0) }
        var output: [UInt8] = []
        var bidi = BidiState()
        for (index, label) in labels.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ".")) }
            if label.isEmpty {
                // Only the root label after a final dot may be empty.
                guard index == labels.count - 1, index > 0 else { return nil }
                continue
            }
            guard let ascii = asciiLabel(label, data: data, bidi: &bidi), ascii.count <= 63 else { return nil }
            output += ascii
        }
        guard bidi.isAcceptable else { return nil }
        guard output.count <= 253 || (output.count == 254 && output.last == UInt8(ascii: ".")) else { return nil }
        return output
    }

    /// One label checked and spelled in ASCII (`xn--` and Punycode when it is not ASCII).
    private static func asciiLabel(_ label: [Unicode.Scalar], data: IDNAData, bidi: inout BidiState) -> [UInt8]? {
        let values = label.map(\.value)
        let isACE = values.count >= 4 && values[0] == 0x78 && values[1] == 0x6E && values[2] == 0x2D && values[3] == 0x2D
        if isACE {
            // An `xn--` label must be the Punycode of a valid label that is not ASCII.
            let ascii = values.map { UInt8(truncatingIfNeeded: $0) }
            guard values.allSatisfy({ $0 < 0x80 }), let decoded = Punycode.decode(ascii[4...]),
                  !decoded.isEmpty, decoded.contains(where: { $0 >= 0x80 }),
                  isNFC(decoded), decoded.allSatisfy({ data.status(of: $0) == .valid }),
                  isValid(decoded, data: data, bidi: &bidi) else { return nil }
            return ascii
        }
        guard values.allSatisfy({ data.status(of: $0) == .valid }), isValid(values, data: data, bidi: &bidi) else { return nil }
        if values.allSatisfy({ $0 < 0x80 }) { return values.map { UInt8($0) } }
        guard let encoded = Punycode.encode(values) else { return nil }
        return Array("xn--".utf8) + encoded
    }

    /// UTS #46's label checks: hyphens, a leading mark, joiners, and the bidi rule's part.
    private static func isValid(_ label: [UInt32], data: IDNAData, bidi: inout BidiState) -> Bool {
        let hyphen: UInt32 = 0x2D
        if label.count >= 4, label[2] == hyphen, label[3] == hyphen { return false }
        if label.first == hyphen || label.last == hyphen { return false }
        guard let first = label.first.flatMap(Unicode.Scalar.init) else { return false }
        switch first.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return false
        default: break
        }
        guard joinersAllowed(label, data: data) else { return false }
        bidi.check(label, data: data)
        return true
    }

    /// CONTEXTJ (RFC 5892 A.1, A.2): a zero-width joiner only after a virama; a zero-width
    /// non-joiner after a virama, or between letters that join towards it.
    private static func joinersAllowed(_ label: [UInt32], data: IDNAData) -> Bool {
        for (index, value) in label.enumerated() where value == 0x200C || value == 0x200D {
            if index > 0, let before = Unicode.Scalar(label[index - 1]),
               before.properties.canonicalCombiningClass.rawValue == 9 { continue }
            guard value == 0x200C else { return false }
            var before = index - 1
            while before >= 0, data.joiningType(of: label[before]) == .t { before -= 1 }
            guard before >= 0, [.l, .d].contains(data.joiningType(of: label[before])) else { return false }
            var after = index + 1
            while after < label.count, data.joiningType(of: label[after]) == .t { after += 1 }
            guard after < label.count, [.r, .d].contains(data.joiningType(of: label[after])) else { return false }
        }
        return true
    }

    private static func isNFC(_ scalars: [UInt32]) -> Bool {
        var text = String.UnicodeScalarView()
        for value in scalars {
            guard let scalar = Unicode.Scalar(value) else { return false }
            text.append(scalar)
        }
        let string = String(text)
        return Array(string.utf8) == string._nfcCodeUnits
    }
}

/// The bidi rule (RFC 5893) over a domain, as ICU applies it: every label is checked, and
/// a failure counts only when some label holds right-to-left characters.
struct BidiState {
    private var isBidiDomain = false
    private var allLabelsPass = true

    var isAcceptable: Bool { !isBidiDomain || allLabelsPass }

    mutating func check(_ label: [UInt32], data: IDNAData) {
        guard let firstValue = label.first else { return }
        typealias Class = IDNAData.BidiClass
        let first = data.bidiClass(of: firstValue)
        var last = first
        var end = label.count
        while end > 1 {
            end -= 1
            last = data.bidiClass(of: label[end])
            if last != .nsm { break }
            last = first
        }
        var seen: Set<UInt8> = [first.rawValue, last.rawValue]
        for value in label { seen.insert(data.bidiClass(of: value).rawValue) }
        func has(_ classes: Class...) -> Bool { classes.contains { seen.contains($0.rawValue) } }
        func onlyOf(_ classes: Class...) -> Bool { seen.allSatisfy { raw in classes.contains { $0.rawValue == raw } } }
        var passes = [Class.l, .r, .al].contains(first)
        if first == .l {
            if ![Class.l, .en].contains(last) { passes = false }
            if !onlyOf(.l, .en, .es, .cs, .et, .on, .bn, .nsm) { passes = false }
        } else {
            if ![Class.r, .al, .en, .an].contains(last) { passes = false }
            if !onlyOf(.r, .al, .an, .en, .es, .cs, .et, .on, .bn, .nsm) { passes = false }
            if has(.en) && has(.an) { passes = false }
        }
        if has(.r, .al, .an) { isBidiDomain = true }
        if !passes { allLabelsPass = false }
    }
}
