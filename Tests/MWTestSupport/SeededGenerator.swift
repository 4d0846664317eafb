import PropertyBased

/// SplitMix64: a small seeded generator, so a test's random draws are the same every run; a
/// test names its seed in its failure messages, so a failure can be replayed. Seeds come from
/// ``TestSeed``; it also drives PropertyBased's generators (``seededCheck(count:seed:input:perform:isolation:sourceLocation:)``).
public struct SeededGenerator: SeededRandomNumberGenerator {
    public let seed: UInt64
    private var state: UInt64

    public init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// A generator on the run's base seed (``TestSeed/base``).
    public init() { self.init(seed: TestSeed.base) }

    /// The state: a generator made with it draws what this one draws next.
    public var currentSeed: UInt64 { state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    // Two generators are the same when they draw the same (the seed they began with aside).
    public static func == (a: Self, b: Self) -> Bool { a.state == b.state }
    public func hash(into h: inout Hasher) { h.combine(state) }
}
