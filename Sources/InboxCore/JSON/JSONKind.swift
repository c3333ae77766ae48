/// The six JSON value types. Rules ask "is `buttons` an array?" far more often than they read values,
/// so the kind is a cheap, payload-free enum read straight from the tape.
public enum JSONKind: Equatable, Sendable {
    case null, bool, number, string, array, object
}
