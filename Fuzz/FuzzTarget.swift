// libFuzzer entry point (`make fuzz`): compiled into the InboxModel module with
// -sanitize=fuzzer,address. Drives the parser and every command's model path
// (shapes, lookup, resolver, buttons, stories, every rule) under every profile.

@testable import InboxCore

@_cdecl("LLVMFuzzerTestOneInput")
public func inboxFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The parser's fast pass against its general loop (see `parseFast`).
    checkParsePaths(bytes, maxDepth: 16)
    checkParsePaths(bytes, maxDepth: 512)
    // The parser on its own, with a small depth limit too.
    // Values borrow their document (see `JSONValue`): it is kept alive over the walk.
    if case .success(let document) = JSONDocument.parse(bytes, maxDepth: 16) {
        withExtendedLifetime(document) { exercise(document.root, depth: 0) }
    }
    // The whole model path, as validate runs it.
    for profile in SDKProfile.all {
        let inspector = Inspector(options: InspectionOptions(profile: profile))
        let document = inspector.inspect(bytes, source: "fuzz.json", firstLine: 1)
        let diagnostics = Analyzer().diagnose(document)
        for diagnostic in diagnostics.all where diagnostic.line < 1 || diagnostic.column < 1 {
            fatalError("diagnostic without a position: \(diagnostic)")
        }
    }
    // What is kept of a message apart from its inspected document (the resolution, the
    // story, the size estimate) keeps the owners of its documents: its values stay valid once the
    // document is gone (see "Ownership" on `JSONValue`).
    for (resolution, story, estimate) in detachedResults(bytes) {
        for site in resolution.urlSites { _ = site.value.pointer; _ = site.url }
        for button in resolution.buttons.buttons { _ = button.source.compactJSON; _ = button.source.position }
        for slide in resolution.slides { _ = slide.source.compactJSON; _ = slide.imageValue.string }
        _ = resolution.displayType?.source.pointer
        for page in story?.pages ?? [] { _ = page.value.compactJSON; _ = page.value.position }
        _ = story?.lookup.block?.compactJSON
        for part in estimate?.parts ?? [] { _ = part.value?.compactJSON }
    }
    return 0
}

/// The resolutions, stories and size estimates (listing their parts) of `bytes`' messages,
/// returned after the inspected document that produced them is released.
private func detachedResults(_ bytes: [UInt8]) -> [(Resolution, Story?, APNsSizeEstimate?)] {
    let document = Inspector(options: InspectionOptions()).inspect(bytes, source: "fuzz.json", firstLine: 1)
    return document.messages.map { inspected in
        (inspected.resolution, inspected.story, APNsSizeEstimate.estimate(inspected.message))
    }
}

/// Touches every accessor of every value, as renderers do.
private func exercise(_ value: JSONValue, depth: Int) {
    _ = value.pointer
    _ = value.position
    _ = value.compactJSON
    switch value.kind {
    case .string:
        // Strings are built from the validated bytes without re-validation: they must hold those bytes.
        let decoded = Tape.stringBytes(value.node, value.inputBytes)
        guard let string = value.string, string.utf8.elementsEqual(decoded) else {
            fatalError("string value differs from its decoded bytes at \(value.pointer)")
        }
        if depth < 4, case .success(let nested)? = value.parseNested(maxDepth: 16) {
            withExtendedLifetime(nested) { exercise(nested.root, depth: depth + 1) }
        }
    case .number:
        _ = value.number
        _ = value.numberText
    case .array:
        for element in value.elements { exercise(element, depth: depth + 1) }
    case .object:
        let members = value.members
        // Batch and single lookups against a plain walk of the members (last duplicate wins).
        let names = Array(value.keys.prefix(15)) + ["\u{0}absent"]
        let found = value.members(MemberNames(names))
        for (position, name) in names.enumerated() {
            let expected = members.last(where: { $0.key.utf8.elementsEqual(name.utf8) })?.value.index
            guard found[position]?.index == expected, value[name]?.index == expected else {
                fatalError("member lookup of \(name) differs at \(value.pointer)")
            }
        }
        // Distinct names in order of first appearance, and the duplicate flag the parser's
        // key filter set, against the same walk.
        var seenSet = Set<[UInt8]>()
        var seen: [[UInt8]] = []
        for member in members where seenSet.insert(Array(member.key.utf8)).inserted { seen.append(Array(member.key.utf8)) }
        guard value.keys.map({ Array($0.utf8) }) == seen,
              (value.node.flags & NodeFlag.hasDuplicateKeys != 0) == (seen.count < members.count) else {
            fatalError("keys or duplicate flag differ at \(value.pointer)")
        }
        for member in members { exercise(member.value, depth: depth + 1) }
    case .bool, .null:
        _ = value.bool
    }
}

/// Parses `bytes` with the fast pass allowed (on a reused tape, which a short input gets
/// with room for a node per byte, and on a tape of its own, whose room is tested) and with
/// the general loop alone: the tape, key summary, line starts, non-ASCII flag, warnings and
/// failure must be the same.
private func checkParsePaths(_ bytes: [UInt8], maxDepth: Int) {
    bytes.withUnsafeBufferPointer { buf in
        var results: [String] = []
        for (fast, reusing) in [(true, true), (true, false), (false, false)] {
            var parser = JSONParser(buf: buf, maxDepth: maxDepth, recordsLines: true, tapes: reusing ? TapeReuse() : nil)
            var outcome = ""
            do {
                try parser.run(allowsFastPath: fast)
                for index in 0 ..< parser.nodes.count {
                    let node = parser.nodes[index]
                    outcome += "\(node.start) \(node.end) \(node.link) \(node.count) \(node.parent) \(node.slot) \(node.kind) \(node.flags);"
                }
                outcome += " \(parser.keySummary) \(parser.sawNonASCII) \(parser.lineStarts ?? [])"
                outcome += " \((parser.warnings ?? []).map { "\($0)" })"
            } catch let stop as ParseFailure {
                outcome = "\(stop.kind) \(stop.offset) \(stop.pointer) \(stop.detail)"
            } catch {
                outcome = "\(error)"
            }
            parser.nodes.deallocate()
            results.append(outcome)
        }
        if results[0] != results[2] || results[1] != results[2] { fatalError("the parser's fast pass differs from its general loop") }
    }
}
