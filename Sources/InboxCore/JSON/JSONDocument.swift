/// A parsed JSON document: the source bytes plus a flat tape of nodes (see `TapeNode`).
///
/// A class because many `JSONValue` handles share one immutable document; it is never mutated after
/// `parse` returns, which is what makes the `@unchecked Sendable` sound. Values borrow the
/// document (see "Ownership" on `JSONValue`): whoever uses values keeps the document alive.
public final class JSONDocument: @unchecked Sendable {
    /// The input of a document parsed from an array (nil for a nested document, whose
    /// input is in `ownedBytes`, and for one parsed in a chunk: nil is not retained, where
    /// an empty array was).
    package let bytes: [UInt8]?
    /// The chunk a document parsed where it was read has its input in (an NDJSON line:
    /// `parse(_:in:)`), kept alive by the document; nil otherwise.
    let chunk: InputChunk?
    /// The input, read through by values without touching the array (reading the array
    /// field of a borrowed document would retain its buffer): the memory of `bytes`, or the
    /// first bytes of `ownedBytes`, or bytes of `chunk`. Stable: `bytes` is a `let` the
    /// document keeps, and an array's storage neither moves nor changes while a reference
    /// to it is held (a writer to another copy of the array copies it first); `ownedBytes`
    /// is the document's own; the bytes of a chunk handed out are never written again.
    @usableFromInline package let input: UnsafeBufferPointer<UInt8>
    /// The memory a nested document's decoded input was written to, owned by the document
    /// and given back to `tapes` (or freed) with it: an array of its own cost an allocation,
    /// a copy, a release and a free for every nested document. Nil for a document parsed
    /// from an array.
    private let ownedBytes: UnsafeMutableBufferPointer<UInt8>?
    @usableFromInline package let nodes: NodeBuffer
    let resolver: PositionResolver
    package let pointerPrefix: String
    /// Non-fatal findings (duplicate keys IK002, numbers out of range IK008), in source order.
    /// At most `JSONDocument.maxWarnings` are kept.
    public let warnings: [JSONIssue]
    /// One bit per key signature found in any object of the document (see `KeySignature`).
    package let keySummary: UInt64
    /// Where the tape goes back to when the document is freed, when it came from one (see
    /// `TapeReuse`); a nested document's tape comes from its parent's. Retained by hand, once
    /// in `init` and released in `deinit`: a plain reference was retained once more there,
    /// for the call that hands the tape back.
    let tapes: Unmanaged<TapeReuse>?

    /// Cap on `warnings`, so hostile input cannot make the warning list grow without bound.
    public static var maxWarnings: Int { JSONParser.maxWarnings }

    /// A nested document, whose input is the first `count` bytes of `ownedBytes`, which it
    /// then owns.
    convenience init(ownedBytes: UnsafeMutableBufferPointer<UInt8>, count: Int, nodes: NodeBuffer, resolver: PositionResolver,
                     pointerPrefix: String, warnings: [JSONIssue], keySummary: UInt64, tapes: TapeReuse?) {
        self.init(bytes: nil, chunk: nil, input: UnsafeBufferPointer(rebasing: ownedBytes[..<count]), ownedBytes: ownedBytes,
                  nodes: nodes, resolver: resolver, pointerPrefix: pointerPrefix, warnings: warnings, keySummary: keySummary,
                  tapes: tapes)
    }

    private init(bytes: [UInt8]?, chunk: InputChunk?, input: UnsafeBufferPointer<UInt8>,
                 ownedBytes: UnsafeMutableBufferPointer<UInt8>?, nodes: NodeBuffer, resolver: PositionResolver,
                 pointerPrefix: String, warnings: [JSONIssue], keySummary: UInt64, tapes: TapeReuse?) {
        self.bytes = bytes
        self.chunk = chunk
        self.input = input
        self.ownedBytes = ownedBytes
        self.nodes = nodes
        self.resolver = resolver
        self.pointerPrefix = pointerPrefix
        self.warnings = warnings
        self.keySummary = keySummary
        self.tapes = tapes.map { Unmanaged.passRetained($0) }
    }

    /// The document owns its tape's memory (see `NodeBuffer`), and a nested one its input's:
    /// freed, or given back for reuse.
    deinit {
        if let tapes {
            tapes._withUnsafeGuaranteedRef {
                $0.give(nodes)
                if let ownedBytes { $0.giveBytes(ownedBytes) }
            }
            tapes.release()
        } else {
            nodes.deallocate()
            ownedBytes?.deallocate()
        }
    }

    /// The top-level value.
    public var root: JSONValue { JSONValue(document: self, index: 0) }

    /// Size of the parsed input in bytes (for a nested document: of the decoded string).
    public var byteCount: Int { input.count }

    /// Position in the outermost source of a byte offset in this document's input.
    public func position(atOffset offset: Int) -> SourcePosition {
        resolver.position(ofOffset: offset, in: input)
    }

    /// Parses `bytes` (strict RFC 8259; a leading UTF-8 BOM is skipped).
    ///
    /// Fatal problems (syntax, invalid UTF-8, lone surrogate escape, too deep) give `.failure`;
    /// non-fatal ones (duplicate keys, numbers out of range) are in `warnings` of the document.
    /// - Parameters:
    ///   - firstLine: line number of `bytes[0]` in the file (NDJSON line N passes N).
    ///   - maxDepth: most nested arrays/objects allowed; the bracket that exceeds it fails with IK006.
    ///   - pointerPrefix: prepended to every pointer (for batches and nested documents; "" normally).
    ///   - baseOffset: byte offset of `bytes[0]` in the file, added to every `SourcePosition.offset`
    ///     (NDJSON passes the offset of the line).
    ///   - firstColumn: column of `bytes[0]` on line `firstLine` (an element of a streamed batch
    ///     can start mid-line); columns of the first line count from it.
    ///   - tapes: reuse of tape memory across the parses of one thread (see `TapeReuse`).
    public static func parse(
        _ bytes: [UInt8], firstLine: Int = 1, maxDepth: Int = 512, pointerPrefix: String = "", baseOffset: Int = 0,
        firstColumn: Int = 1, tapes: TapeReuse? = nil
    ) -> Result<JSONDocument, JSONIssue> {
        switch parseTape(bytes, maxDepth: maxDepth, pointerPrefix: pointerPrefix, firstLine: firstLine,
                         baseOffset: baseOffset, firstColumn: firstColumn, tapes: tapes) {
        case let .success(document):
            return .success(document)
        case let .failure(failure):
            return .failure(failure.issue)
        }
    }

    /// `parse` of bytes read into `chunk` (an NDJSON line), parsed where they are: the
    /// document keeps the chunk, and its input is `input`, which must lie in the chunk's
    /// bytes already read and never be written while the chunk is held (see `InputChunk`).
    /// A line copied into an array of its own for the parse was a copy, and an allocation
    /// or an array to reuse, per document. Inlined where it is called (`Inspector`): called,
    /// it returned its result in memory, which the caller copied out through the result
    /// type's value witnesses, a type made at run time at the first document.
    @inline(__always)
    public static func parse(
        _ input: UnsafeBufferPointer<UInt8>, in chunk: InputChunk, firstLine: Int = 1, maxDepth: Int = 512,
        tapes: TapeReuse? = nil
    ) -> Result<JSONDocument, JSONIssue> {
        precondition(input.isEmpty || (input.baseAddress.map { $0 >= chunk.base && $0 + input.count <= chunk.base + chunk.capacity } ?? false),
                     "JSONDocument.parse: input outside its chunk")
        // The outcome is switched over here, as in `parse(_:)`: a result handed to a function
        // shared by both had its failure's type made at run time (a scan of the conformances).
        switch parseTape(input, bytes: nil, chunk: chunk, maxDepth: maxDepth, pointerPrefix: "", firstLine: firstLine,
                         baseOffset: 0, firstColumn: 1, tapes: tapes) {
        case let .success(document):
            return .success(document)
        case let .failure(failure):
            return .failure(failure.issue)
        }
    }

    /// A failed parse with its position already resolved.
    struct LocatedFailure: Error {
        var failure: ParseFailure
        var position: SourcePosition
        /// The trailing comma's offset in the outermost source, for a trailing-comma failure.
        var trailingComma: Int? = nil
        var mistake: JSONMistake? = nil
        var excerpt: SourceExcerpt? = nil

        /// The failure as the public entry points give it.
        var issue: JSONIssue {
            JSONIssue(kind: failure.kind, position: position, pointer: failure.pointer, detail: failure.detail,
                      trailingComma: trailingComma, mistake: mistake, excerpt: excerpt)
        }
    }

    /// Parses a top-level document (or a streamed element of one): positions come from its
    /// own line table.
    static func parseTape(
        _ bytes: [UInt8], maxDepth: Int, pointerPrefix: String, firstLine: Int, baseOffset: Int, firstColumn: Int = 1,
        tapes: TapeReuse? = nil
    ) -> Result<JSONDocument, LocatedFailure> {
        bytes.withUnsafeBufferPointer { buf in
            parseTape(buf, bytes: bytes, chunk: nil, maxDepth: maxDepth, pointerPrefix: pointerPrefix, firstLine: firstLine,
                      baseOffset: baseOffset, firstColumn: firstColumn, tapes: tapes)
        }
    }

    /// `parseTape` of `buf`, the memory of `bytes` or bytes of `chunk`, which the document keeps.
    /// Inlined into both callers: called, it returned its result in memory, and the caller
    /// copied the document out (a retain) and destroyed the result through its type's value
    /// witness, a type made at run time at the first document (a scan of the conformances).
    @inline(__always)
    private static func parseTape(
        _ buf: UnsafeBufferPointer<UInt8>, bytes: [UInt8]?, chunk: InputChunk?, maxDepth: Int, pointerPrefix: String,
        firstLine: Int, baseOffset: Int, firstColumn: Int, tapes: TapeReuse?
    ) -> Result<JSONDocument, LocatedFailure> {
        scan(buf, maxDepth: maxDepth, pointerPrefix: pointerPrefix, recordsLines: true, tapes: tapes) {
            scanner, failure, buf in
            // A complete parse of one line of ASCII (an NDJSON line) needs no line table.
            let isPlainLine = failure == nil && !scanner.sawNonASCII && scanner.bomLength == 0 && scanner.lineStarts == nil
            let table = isPlainLine ? nil : LineTable(
                starts: scanner.lineStarts ?? [], contentStart: scanner.bomLength, bytes: buf, allowCheckpoints: failure == nil,
                isASCII: failure == nil ? !scanner.sawNonASCII && scanner.bomLength == 0 : nil)
            let resolver = PositionResolver(lines: table, byteCount: buf.count, firstLine: firstLine, baseOffset: baseOffset,
                                            firstColumn: firstColumn)
            return document(bytes, chunk, buf, scanner: &scanner, failure: failure, resolver: resolver,
                            pointerPrefix: pointerPrefix, tapes: tapes)
        }
    }

    /// Parses the decoded contents of a string of `parent`, the first `count` bytes of
    /// `owned` (taken from `tapes`, which the new document then owns, or which are given
    /// back when the parse fails): positions map back through `map`.
    /// (Separate from `parseTape` so that neither passes the other's context around.)
    static func parseNestedTape(
        _ owned: UnsafeMutableBufferPointer<UInt8>, count: Int, maxDepth: Int, pointerPrefix: String,
        parent: JSONDocument, map: OffsetMap, tapes: TapeReuse?
    ) -> Result<JSONDocument, LocatedFailure> {
        let buf = UnsafeBufferPointer(rebasing: owned[..<count])
        var scanner = JSONParser(buf: buf, maxDepth: maxDepth, recordsLines: false, tapes: tapes)
        let failure = run(&scanner, pointerPrefix: pointerPrefix)
        let resolver = PositionResolver(parent: parent, map: map)
        guard let nodes = finished(&scanner, buf, failure: failure, resolver: resolver, pointerPrefix: pointerPrefix,
                                   tapes: tapes) else {
            // Located before the bytes go: the map reads its block counts from them.
            let located = failed(buf, failure: failure, resolver: resolver, pointerPrefix: pointerPrefix)
            tapes.giveBackBytes(owned)
            return .failure(located)
        }
        return .success(JSONDocument(ownedBytes: owned, count: count, nodes: nodes, resolver: resolver,
                                     pointerPrefix: pointerPrefix, warnings: warnings(&scanner, nodes, buf, resolver,
                                                                                      pointerPrefix: pointerPrefix),
                                     keySummary: scanner.keySummary, tapes: tapes))
    }

    /// Runs the scanner over `bytes` (`recordsLines`: a top-level document, whose line starts
    /// are kept) and hands it, with the failure it stopped at, to `finish`. The scanner is
    /// used in place (`inout`, so that it is not copied, with a retain of each reference it
    /// holds): what it found is not copied into a result value first.
    @inline(__always)
    private static func scan<R>(
        _ buf: UnsafeBufferPointer<UInt8>, maxDepth: Int, pointerPrefix: String, recordsLines: Bool, tapes: TapeReuse?,
        _ finish: (inout JSONParser, ParseFailure?, UnsafeBufferPointer<UInt8>) -> R
    ) -> R {
        var scanner = JSONParser(buf: buf, maxDepth: maxDepth, recordsLines: recordsLines, tapes: tapes)
        let failure = run(&scanner, pointerPrefix: pointerPrefix)
        return finish(&scanner, failure, buf)
    }

    /// Runs the scanner; the failure it stopped at, if any.
    @inline(__always)
    private static func run(_ scanner: inout JSONParser, pointerPrefix: String) -> ParseFailure? {
        do {
            try scanner.run()
        } catch var stop as ParseFailure {
            // The parser's pointers are the document's own (see `JSONParser.init`).
            stop.pointer = pointerPrefix + stop.pointer
            return stop
        } catch {
            return ParseFailure(kind: .syntax(expected: "a value", found: "an internal error"), offset: 0,
                                pointer: pointerPrefix, detail: "the document could not be read")
        }
        return nil
    }

    /// The document a scan produced, or its failure located through `resolver`. Frees the
    /// tape when there is no document to own it.
    private static func document(
        _ bytes: [UInt8]?, _ chunk: InputChunk?, _ buf: UnsafeBufferPointer<UInt8>, scanner: inout JSONParser, failure: ParseFailure?,
        resolver: PositionResolver, pointerPrefix: String, tapes: TapeReuse?
    ) -> Result<JSONDocument, LocatedFailure> {
        guard let nodes = finished(&scanner, buf, failure: failure, resolver: resolver, pointerPrefix: pointerPrefix,
                                   tapes: tapes) else {
            return .failure(failed(buf, failure: failure, resolver: resolver, pointerPrefix: pointerPrefix))
        }
        return .success(JSONDocument(bytes: bytes, chunk: chunk, input: buf, ownedBytes: nil, nodes: nodes,
                                     resolver: resolver, pointerPrefix: pointerPrefix,
                                     warnings: warnings(&scanner, nodes, buf, resolver, pointerPrefix: pointerPrefix),
                                     keySummary: scanner.keySummary, tapes: tapes))
    }

    /// The tape of a scan that found a document; nil when it failed or found nothing, its
    /// tape then freed (no document owns it).
    @inline(__always)
    private static func finished(
        _ scanner: inout JSONParser, _ buf: UnsafeBufferPointer<UInt8>, failure: ParseFailure?,
        resolver: PositionResolver, pointerPrefix: String, tapes: TapeReuse?
    ) -> NodeBuffer? {
        let nodes = scanner.nodes
        var stopped = false
        if case .some = failure { stopped = true }
        guard !stopped, !nodes.isEmpty else {
            tapes.giveBack(nodes)
            return nil
        }
        return nodes
    }

    /// Why a scan gave no document (see `finished`): its failure, or an input with no value.
    private static func failed(
        _ buf: UnsafeBufferPointer<UInt8>, failure: ParseFailure?, resolver: PositionResolver, pointerPrefix: String
    ) -> LocatedFailure {
        if let failure {
            let comma = failure.trailingComma.map { resolver.position(ofOffset: $0, in: buf).offset }
            guard let raw = failure.mistake else {
                return LocatedFailure(failure: failure, position: resolver.position(ofOffset: failure.offset, in: buf),
                                      trailingComma: comma,
                                      excerpt: failure.kind.isSyntax ? SourceExcerpt.around(failure.offset, in: buf) : nil)
            }
            // A missing comma is shown where it is missing (after the value before it), not
            // at the next member, which is often on the next line.
            var spot = failure.offset
            if case .missingComma(let after) = raw { spot = after }
            return LocatedFailure(failure: failure, position: resolver.position(ofOffset: spot, in: buf),
                                  trailingComma: comma, mistake: raw.resolved { resolver.position(ofOffset: $0, in: buf) },
                                  excerpt: SourceExcerpt.around(spot, in: buf))
        }
        let stop = ParseFailure(kind: .syntax(expected: "a value", found: "end of input"), offset: buf.count,
                                pointer: pointerPrefix, detail: "expected a value but found end of input")
        return LocatedFailure(failure: stop, position: resolver.position(ofOffset: buf.count, in: buf))
    }

    /// The scanner's warnings as issues.
    @inline(__always)
    private static func warnings(
        _ scanner: inout JSONParser, _ nodes: NodeBuffer, _ buf: UnsafeBufferPointer<UInt8>, _ resolver: PositionResolver,
        pointerPrefix: String
    ) -> [JSONIssue] {
        scanner.warnings.map {
            WarningBuilder(nodes: nodes, bytes: buf, prefix: pointerPrefix, resolver: resolver)
                .issues(for: $0, leftOut: scanner.leftOutWarnings)
        } ?? []
    }
}

extension JSONIssueKind {
    var isSyntax: Bool {
        if case .syntax = self { return true }
        return false
    }
}
