/// A small deterministic random number generator (SplitMix64). The model never draws
/// random numbers; the benchmark's corpus generator and the tests that compare a fast
/// path with the general one on generated inputs do, and a seed makes their inputs the
/// same on every machine and every run, so a failure can be replayed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(state: UInt64) {
        self.state = state
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
