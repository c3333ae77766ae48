import Foundation
import InboxModel

/// Reads a content extension's Info.plist (XML or binary) into the model's plain
/// `PlistValue`s. Foundation's `PropertyListDecoder` does the parsing; this file only
/// converts, and finds where each `<key>` sits in an XML plist so findings can name a
/// line. (Not `PropertyListSerialization`: it reads the same files, but it is part of
/// Foundation's internationalisation layer and linked 34 MB of ICU data into the static
/// binary; the decoder is in FoundationEssentials.)
enum InfoPlistReader {
    /// The plist at `path`; a missing, unreadable or malformed file is a usage error
    /// (exit 2) with a one-line message.
    static func read(_ path: String, command: String?) throws -> InfoPlist {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw UsageError("cannot read Info.plist '\(path)': No such file or directory", command: command)
        }
        guard !isDirectory.boolValue else {
            throw UsageError("cannot read Info.plist '\(path)': it is a directory", command: command)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("cannot read Info.plist '\(path)': permission denied or unreadable", command: command)
        }
        let root: PlistValue
        do {
            root = try PropertyListDecoder().decode(DecodedPlistValue.self, from: data).value
        } catch {
            throw UsageError("cannot read Info.plist '\(path)': not a property list (XML or binary)", command: command)
        }
        guard case .dictionary = root else {
            throw UsageError("cannot read Info.plist '\(path)': its top level is not a dictionary", command: command)
        }
        return InfoPlist(source: path, root: root, keyPositions: keyPositions(in: [UInt8](data)))
    }

    /// Line and column of the first `<key>NAME</key>` of each name, for XML plists in
    /// UTF-8; a binary plist (`bplist…`) has no lines and gets none.
    static func keyPositions(in bytes: [UInt8]) -> [String: PlistPosition] {
        guard !bytes.starts(with: Array("bplist".utf8)) else { return [:] }
        let open = Array("<key>".utf8)
        let close = Array("</key>".utf8)
        var positions: [String: PlistPosition] = [:]
        var line = 1
        var lineStart = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            } else if bytes[index] == open[0], bytes[index...].starts(with: open) {
                let nameStart = index + open.count
                var nameEnd = nameStart
                while nameEnd < bytes.count, bytes[nameEnd] != open[0], bytes[nameEnd] != 0x0A { nameEnd += 1 }
                if bytes[nameEnd...].starts(with: close) {
                    let name = String(decoding: bytes[nameStart ..< nameEnd], as: UTF8.self)
                    let column = String(decoding: bytes[lineStart ..< index], as: UTF8.self).count + 1
                    if positions[name] == nil { positions[name] = PlistPosition(line: line, column: column) }
                    index = nameEnd + close.count
                    continue
                }
            }
            index += 1
        }
        return positions
    }
}

/// Any property-list value, decoded as what it is: a container by its kind, then a
/// scalar tried from the strictest type (a `<true/>` is a Bool, never the number 1; an
/// `<integer>` is a number, never a Bool), dates and data named by their type.
private struct DecodedPlistValue: Decodable {
    var value: PlistValue

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var items: [PlistValue] = []
            while !list.isAtEnd { items.append(try list.decode(DecodedPlistValue.self).value) }
            value = .array(items)
        } else if let members = try? decoder.container(keyedBy: Key.self) {
            var dictionary: [String: PlistValue] = [:]
            for key in members.allKeys { dictionary[key.stringValue] = try members.decode(DecodedPlistValue.self, forKey: key).value }
            value = .dictionary(dictionary)
        } else {
            let scalar = try decoder.singleValueContainer()
            if let flag = try? scalar.decode(Bool.self) {
                value = .bool(flag)
            } else if let number = try? scalar.decode(Double.self) {
                value = .number(number)
            } else if let text = try? scalar.decode(String.self) {
                value = .string(text)
            } else if (try? scalar.decode(Date.self)) != nil {
                value = .other("date")
            } else if (try? scalar.decode(Data.self)) != nil {
                value = .other("data value")
            } else {
                value = .other("value")
            }
        }
    }
}
