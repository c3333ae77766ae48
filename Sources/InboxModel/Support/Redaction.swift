/// `auth` is an API token: no output of the tool ever shows its value.
public enum Redaction {
    public static let mask = "***"
    /// Keys whose values are secrets wherever they appear.
    public static let secretKeys: Set<String> = ["auth"]
}
