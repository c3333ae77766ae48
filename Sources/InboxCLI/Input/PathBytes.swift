import Foundation

/// File-system paths as bytes: names need not be UTF-8 on Linux, and a `String` would
/// replace what is not. Shown escaped (`\xFF`), opened by their bytes.
enum PathBytes {
    /// `bytes` with a NUL after them, for the C calls.
    static func cString(_ bytes: [UInt8]) -> [CChar] {
        bytes.map { CChar(bitPattern: $0) } + [0]
    }

    /// The bytes of a NUL-terminated path, without the NUL.
    static func bytes(_ cString: [CChar]) -> [UInt8] {
        cString.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    }

    /// `bytes` as text: UTF-8 as it is, each byte that is not part of valid UTF-8 as `\xHH`.
    static func display(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var text = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset ..< offset + length] { text += "\\x" + hex(byte) }
                offset += length
            case .emptyInput:
                return text
            }
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    /// `path` made absolute (against `workingDirectory`) as components, with `.` and empty
    /// components dropped and each `..` taking away the one before it (without following links).
    static func components(_ path: [UInt8], workingDirectory: [UInt8]) -> [[UInt8]] {
        let slash = UInt8(ascii: "/")
        let source = path.first == slash ? path : workingDirectory + [slash] + path
        var result: [[UInt8]] = []
        for component in source.split(separator: slash, omittingEmptySubsequences: true) {
            if component.elementsEqual([UInt8(ascii: ".")]) { continue }
            if component.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                _ = result.popLast()
            } else {
                result.append(Array(component))
            }
        }
        return result
    }

    /// Components joined into an absolute path.
    static func join(_ components: some Collection<[UInt8]>) -> [UInt8] {
        var path: [UInt8] = []
        for component in components { path += [UInt8(ascii: "/")] + component }
        return path.isEmpty ? [UInt8(ascii: "/")] : path
    }

    /// How `target` (absolute components) is reached from `base` (absolute components):
    /// `a/b`, `../x`, or `.` for the same folder.
    static func relative(_ target: [[UInt8]], from base: [[UInt8]]) -> [UInt8] {
        var common = 0
        while common < target.count, common < base.count, target[common] == base[common] { common += 1 }
        var parts: [[UInt8]] = Array(repeating: Array("..".utf8), count: base.count - common)
        parts += target[common...]
        guard !parts.isEmpty else { return [UInt8(ascii: ".")] }
        return Array(parts.joined(separator: [UInt8(ascii: "/")]))
    }

    /// Whether something is at the NUL-terminated `path` (links followed), and its mode.
    static func mode(_ path: [CChar]) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }
}
