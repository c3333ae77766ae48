/// The pass of a `wallet` card (SPEC §5): `wallet` is a string, or an object with a
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
    }

    /// Reads one `wallet` value: the pass URL string and where it is, or why there is none.
    public static func decode(_ value: JSONValue) -> Result<(url: String, value: JSONValue), Problem> {
        decodeValue(value).map { (url: $0.string ?? "", value: $0) }
    }

    /// `decode` without building the URL string: the string value holding a usable pass URL.
    static func decodeValue(_ value: JSONValue) -> Result<JSONValue, Problem> {
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
        // The scheme as a mark: named as a String only for the finding of an unusable one.
        let scheme = SchemeMark.of(passValue)
        guard scheme == .http || scheme == .https else { return .failure(.notWeb(scheme: scheme.name(in: passValue))) }
        return .success(passValue)
    }

    /// The §3 lookup of `wallet`, which skips values without a usable pass URL; the
    /// skipped values are returned too, for IK503.
    static func find(in params: ActionParams) -> (pass: WalletPass?, rejected: [RejectedWallet]) {
        // Nearly every message has no `wallet` at all.
        guard params.mayHave(.wallet) else { return (nil, []) }
        var rejected: [RejectedWallet] = []
        let found = params.lookup(.wallet) { value -> JSONValue? in
            switch decodeValue(value) {
            case .success(let pass): return pass
            case .failure(let problem):
                rejected.append(RejectedWallet(source: value, problem: problem))
                return nil
            }
        }
        guard let found else { return (nil, rejected) }
        return (WalletPass(source: found.source, passValue: found.value, place: found.place), rejected)
    }
}

/// A `wallet` value the lookup passed over because it holds no usable pass URL.
public struct RejectedWallet: Sendable {
    public var source: JSONValue
    public var problem: WalletPass.Problem
}
