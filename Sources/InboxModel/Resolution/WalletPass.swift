import InboxCore

/// The pass of a `wallet` card (BEHAVIOUR §5): `wallet` is a string, or an object with a
/// string `pass`, holding an http/https URL. Unlike the other fields, the lookup moves on
/// to the next place when a value holds no usable pass URL.
public struct WalletPass: Equatable, Sendable {
    /// The `wallet` value.
    public var source: JSONValue
    /// The string holding the URL (`wallet` itself, or its `pass`).
    public var passValue: JSONValue
    public var place: LookupPlace

    /// The pass URL, decoded when asked.
    public var pass: String { passValue.string ?? "" }

    public static func == (lhs: WalletPass, rhs: WalletPass) -> Bool { lhs.passValue.sameString(as: rhs.passValue) }

    /// Why a `wallet` value holds no usable pass URL (IK503).
    public enum Problem: Error, Equatable, Sendable {
        case wrongType
        case noPass
        case passNotAString
        case emptyPass
        /// The URL's scheme (nil when it has none) is not http/https.
        case notWeb(scheme: String?)
        /// iOS's `URL(string:)` returns nil for the URL.
        case rejected(URLRejection)
    }

    /// Reads one `wallet` value: the pass URL string and where it is, or why there is none.
    public static func decode(_ value: JSONValue) -> Result<(url: String, value: JSONValue), Problem> {
        switch check(value) {
        case .success(let passValue): return .success((url: passValue.string ?? "", value: passValue))
        case .failure(let failure): return .failure(failure.problem(of: value))
        }
    }

    /// `decode` without building the URL string: the string value holding a usable pass
    /// URL, or why there is none as a plain value (see `Failure`).
    static func check(_ value: JSONValue) -> Result<JSONValue, Failure> {
        let passValue: JSONValue
        switch value.kind {
        case .string: passValue = value
        case .object:
            guard let member = value["pass"] else { return .failure(.noPass) }
            guard member.kind == .string else { return .failure(.passNotAString) }
            passValue = member
        default: return .failure(.wrongType)
        }
        guard passValue.isNonEmptyString else { return .failure(.emptyPass) }
        let scheme = SchemeMark.of(passValue)
        if scheme == .rejected { return .failure(.rejected) }
        guard scheme == .http || scheme == .https else { return .failure(.notWeb(scheme)) }
        return .success(passValue)
    }

    /// A `Problem` as a plain value: the scheme of an unusable URL as a mark, named only
    /// for the finding that reports it. A rejected wallet then holds no String, so the
    /// resolution keeps its rejected wallets with its other lists (one buffer, nothing to
    /// destroy).
    enum Failure: Error, Equatable, Sendable {
        case wrongType
        case noPass
        case passNotAString
        case emptyPass
        case notWeb(SchemeMark)
        case rejected

        /// The problem, for the `wallet` value `value` it was found in.
        func problem(of value: JSONValue) -> Problem {
            switch self {
            case .wrongType: return .wrongType
            case .noPass: return .noPass
            case .passNotAString: return .passNotAString
            case .emptyPass: return .emptyPass
            case .notWeb(let scheme):
                // The URL is `value` itself or its `pass` (a non-empty string, found again).
                return .notWeb(scheme: scheme.name(in: value.kind == .object ? value["pass"] : value))
            case .rejected:
                let pass = value.kind == .object ? value["pass"] : value
                return .rejected(pass.flatMap { URLReading.of($0)?.rejection } ?? .hostCharacter)
            }
        }
    }

    /// The §3 lookup of `wallet`, which skips values without a usable pass URL, and how
    /// many values it skipped (for IK503: `rejected(in:to:)` lists them).
    static func find(in params: ActionParams) -> (pass: WalletPass?, rejected: Int) {
        // Nearly every message has no `wallet` at all.
        guard params.mayHave(.wallet) else { return (nil, 0) }
        var rejected = 0
        let found = params.lookup(.wallet) { value -> JSONValue? in
            guard case .success(let pass) = check(value) else {
                rejected += 1
                return nil
            }
            return pass
        }
        guard let found else { return (nil, rejected) }
        return (WalletPass(source: found.source, passValue: found.value, place: found.place), rejected)
    }

    /// The values `find(in:)` skipped, in lookup order, into `list` (sized by its count):
    /// walked again only for a message that has one, so the usual message keeps no list of
    /// them while it is resolved.
    static func rejected(in params: ActionParams, to list: inout ListWriter<RejectedWallet>) {
        _ = params.lookup(.wallet) { value -> Bool? in
            guard case .failure(let failure) = check(value) else { return true }
            list.append(RejectedWallet(source: value, failure: failure))
            return nil
        }
    }
}

/// A `wallet` value the lookup passed over because it holds no usable pass URL.
public struct RejectedWallet: Sendable {
    public var source: JSONValue
    /// Why, as a plain value (see `WalletPass.Failure`).
    let failure: WalletPass.Failure

    init(source: JSONValue, failure: WalletPass.Failure) {
        self.source = source
        self.failure = failure
    }

    public var problem: WalletPass.Problem { failure.problem(of: source) }
}
