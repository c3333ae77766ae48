import Foundation
import InboxModel

/// Reads a content extension's Info.plist (XML or binary) into the model's plain
/// `PlistValue`s. Foundation's PropertyListSerialization does the parsing; this file
/// only converts, and finds where each `<key>` sits in an XML plist so findings can
/// name a line.
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
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw UsageError("cannot read Info.plist '\(path)': not a property list (XML or binary)", command: command)
        }
        guard object is [String: Any] else {
            throw UsageError("cannot read Info.plist '\(path)': its top level is not a dictionary", command: command)
        }
        return InfoPlist(source: path, root: convert(object), keyPositions: keyPositions(in: [UInt8](data)))
    }

    /// Foundation's value as a `PlistValue`. Booleans arrive as NSNumber of type "c"
    /// (or Swift Bool), so they are told apart from integers by their type encoding.
    static func convert(_ object: Any) -> PlistValue {
        switch object {
        case let text as String:
            return .string(text)
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            return type == "c" || type == "B" ? .bool(number.boolValue) : .number(number.doubleValue)
        case let flag as Bool:
            return .bool(flag)
        case let items as [Any]:
            return .array(items.map(convert))
        case let members as [String: Any]:
            return .dictionary(members.mapValues(convert))
        case is Date:
            return .other("date")
        case is Data:
            return .other("data value")
        default:
            return .other("\(type(of: object)) value")
        }
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
