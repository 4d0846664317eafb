import Foundation
import PropertyBased
import Testing

/// The seeds of the tests' random draws. Each test keeps a fixed seed of its own, so every run
/// draws the same; `MWKIT_TEST_SEED` (decimal or `0x` hex) mixes another value into every
/// seed, to explore other draws or replay a failure. A failure names the seed it drew from
/// (``describe(_:)``), with the variable when it was set.
public enum TestSeed {
    /// `MWKIT_TEST_SEED`, when set to a number.
    public static let environment: UInt64? = {
        guard let s = ProcessInfo.processInfo.environment["MWKIT_TEST_SEED"]?.trimmingCharacters(in: .whitespaces) else { return nil }
        return s.lowercased().hasPrefix("0x") ? UInt64(s.dropFirst(2), radix: 16) : UInt64(s)
    }()

    /// The run's base seed: `MWKIT_TEST_SEED`, else a fixed one.
    public static var base: UInt64 { environment ?? 0x6D77_6B69_7429 }

    /// The seed a test draws from: its own fixed `seed`, or with `MWKIT_TEST_SEED` set, the two
    /// mixed (SplitMix64's finaliser, so nearby values give unrelated seeds).
    public static func seed(_ seed: UInt64) -> UInt64 {
        guard let e = environment else { return seed }
        var z = (seed ^ e) &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A generator on ``seed(_:)`` of `seed`.
    public static func generator(_ seed: UInt64) -> SeededGenerator { SeededGenerator(seed: Self.seed(seed)) }

    /// `seed N`, with the `MWKIT_TEST_SEED` it came from when that was set: what a failure
    /// message names so the run can be replayed.
    public static func describe(_ seed: UInt64) -> String {
        environment.map { "seed \(seed), MWKIT_TEST_SEED=\($0)" } ?? "seed \(seed)"
    }

    /// Runs `body`, adding `note` to every issue it records (a failed expectation, a thrown
    /// error), so each failure names the draw it came from.
    public static func noting(_ note: String, isolation: isolated (any Actor)? = #isolation,
                              _ body: () async throws -> Void) async {
        guard let test = Test.current else {
            do { try await body() } catch { Issue.record(error, Comment(rawValue: note)) }
            return
        }
        // Issue handling scopes take a sendable closure; `body` runs before the call returns.
        nonisolated(unsafe) let run = body
        let handler = IssueHandlingTrait.compactMapIssues { issue in
            var issue = issue
            issue.comments.append(Comment(rawValue: note))
            return issue
        }
        do {
            try await handler.provideScope(for: test, testCase: Test.Case.current) { try await run() }
        } catch {
            Issue.record(error, Comment(rawValue: note))
        }
    }
}

/// A property check on seeded draws: `count` cases of `input`, each drawn from a seed of its
/// own taken in turn from ``TestSeed/seed(_:)`` of `seed`, so every run checks the same cases
/// (PropertyBased's `propertyCheck` draws from a fresh random seed each run). Every issue a case
/// records names the seed and the case.
public func seededCheck<In, Out>(
    count: Int = 100, seed: UInt64, input: Generator<Out, some Sequence<In>>,
    perform body: (Out) async throws -> Void,
    isolation: isolated (any Actor)? = #isolation
) async {
    let seed = TestSeed.seed(seed)
    var seeds = SeededGenerator(seed: seed)
    for n in 0..<count {
        var rng = SeededGenerator(seed: seeds.next())
        let value = input.run(using: &rng)
        await TestSeed.noting("\(TestSeed.describe(seed)), case \(n) of \(count)", isolation: isolation) { try await body(value) }
    }
}

/// ``seededCheck(count:seed:input:perform:isolation:)`` of two inputs.
public func seededCheck<InA, InB, OutA, OutB>(
    count: Int = 100, seed: UInt64,
    input a: Generator<OutA, some Sequence<InA>>, _ b: Generator<OutB, some Sequence<InB>>,
    perform body: (OutA, OutB) async throws -> Void,
    isolation: isolated (any Actor)? = #isolation
) async {
    await seededCheck(count: count, seed: seed, input: zip(a, b), perform: { try await body($0.0, $0.1) }, isolation: isolation)
}

/// ``seededCheck(count:seed:input:perform:isolation:)`` of three inputs.
public func seededCheck<InA, InB, InC, OutA, OutB, OutC>(
    count: Int = 100, seed: UInt64,
    input a: Generator<OutA, some Sequence<InA>>, _ b: Generator<OutB, some Sequence<InB>>,
    _ c: Generator<OutC, some Sequence<InC>>,
    perform body: (OutA, OutB, OutC) async throws -> Void,
    isolation: isolated (any Actor)? = #isolation
) async {
    await seededCheck(count: count, seed: seed, input: zip(a, b, c), perform: { try await body($0.0, $0.1, $0.2) }, isolation: isolation)
}

/// ``seededCheck(count:seed:input:perform:isolation:)`` of four inputs.
public func seededCheck<InA, InB, InC, InD, OutA, OutB, OutC, OutD>(
    count: Int = 100, seed: UInt64,
    input a: Generator<OutA, some Sequence<InA>>, _ b: Generator<OutB, some Sequence<InB>>,
    _ c: Generator<OutC, some Sequence<InC>>, _ d: Generator<OutD, some Sequence<InD>>,
    perform body: (OutA, OutB, OutC, OutD) async throws -> Void,
    isolation: isolated (any Actor)? = #isolation
) async {
    await seededCheck(count: count, seed: seed, input: zip(a, b, c, d), perform: { try await body($0.0, $0.1, $0.2, $0.3) }, isolation: isolation)
}

extension Trait where Self == IssueHandlingTrait {
    /// For a test or suite whose random draws come from fixed seeds it relies on (a fixture
    /// library whose draws the assertions count on, so `MWKIT_TEST_SEED` does not vary them):
    /// every issue recorded names them.
    public static func drawsFromSeeds(_ seeds: UInt64...) -> Self {
        let note = Comment(rawValue: "random draws from fixed seed\(seeds.count == 1 ? "" : "s") \(seeds.map(String.init).joined(separator: ", "))")
        return .compactMapIssues { issue in
            var issue = issue
            issue.comments.append(note)
            return issue
        }
    }
}
