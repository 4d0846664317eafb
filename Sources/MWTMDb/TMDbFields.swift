import Foundation
import MWCore

// Each TMDb model is declared once: its properties and one table of its JSON members. The table
// drives both of its decoders, so they cannot disagree on keys, types or `null`.
//
// Why two decoders: a warm-cache run decodes every cached show with all its seasons' episodes,
// and `JSONDecoder` alone made that run about 3× slower (bench/tmdb.sh: ≈ 6,500 against
// ≈ 18,000 titles/s). The fast one is MWCore's `JSONPullReader`, which compares keys in place
// and builds only the values kept. `Decodable` stays for what the fast one refuses: it decides
// those bodies and words their errors ("missing key id", "wrong type at name").

/// A TMDb response model: a value with every member absent, and the table of its members.
protocol TMDbModel: TMDbValue {
    /// Every member absent (ids 0, lists empty); decoding fills it in.
    init()
    static var fields: TMDbFields<Self> { get }
    /// The fast decoder (a requirement, so each model gets its own specialized copy).
    init(fast r: inout JSONPullReader) throws
}

/// The members of a model, in declaration order (`Decodable` reports the first missing one).
struct TMDbFields<Model>: ExpressibleByArrayLiteral, Sendable {
    /// Members matched by their whole key.
    let exact: [TMDbField<Model>]
    /// Members matched by a prefix and a number (kept apart: only shows have one).
    let numbered: [TMDbField<Model>]
    /// Bit i is set when `exact[i]` must be present.
    let requiredMask: UInt64
    /// Whether the fast decoder can track the members seen (at most 64, one bit each); a
    /// larger model is decoded by `Decodable` alone, its fast decoder throwing.
    let fitsMask: Bool

    init(arrayLiteral members: TMDbField<Model>...) { self.init(members) }

    /// The members of `parts`, in order (a model's own, and those it shares with another).
    init(_ parts: [TMDbField<Model>]...) {
        let members = parts.flatMap { $0 }
        let exact = members.filter { !$0.isNumbered }
        fitsMask = exact.count <= 64
        self.exact = exact
        numbered = members.filter(\.isNumbered)
        requiredMask = exact.indices.reduce(0) { exact[$1].isRequired ? $0 | 1 << UInt64($1) : $0 }
    }
}

/// One JSON member: its key and how each decoder stores its value into the model.
struct TMDbField<Model>: Sendable {
    /// The key; for a numbered member, the prefix before the number.
    let key: StaticString
    let isRequired: Bool
    let isNumbered: Bool
    /// Reads the value (for a numbered member, the one numbered `n`).
    let read: @Sendable (_ r: inout JSONPullReader, _ model: inout Model, _ n: Int) throws -> Void
    let decode: @Sendable (KeyedDecodingContainer<TMDbMemberKey>, inout Model) throws -> Void

    /// A member that may be absent or `null` (nil).
    static func optional<V: TMDbValue>(_ key: StaticString, _ set: @escaping @Sendable (inout Model, V?) -> Void) -> Self {
        Self(key: key, isRequired: false, isNumbered: false,
             read: { r, m, _ in set(&m, try r.isNull() ? nil : V.read(&r)) },
             decode: { c, m in set(&m, try c.decodeIfPresent(V.self, forKey: TMDbMemberKey(key))) })
    }

    /// A list member that may be absent or `null` (empty).
    static func orEmpty<V: TMDbValue>(_ key: StaticString, _ set: @escaping @Sendable (inout Model, [V]) -> Void) -> Self {
        Self(key: key, isRequired: false, isNumbered: false,
             read: { r, m, _ in set(&m, try r.isNull() ? [] : [V].read(&r)) },
             decode: { c, m in set(&m, try c.decodeIfPresent([V].self, forKey: TMDbMemberKey(key)) ?? []) })
    }

    /// A member that must be present and not `null` (ids, a page's results).
    static func required<V: TMDbValue>(_ key: StaticString, _ set: @escaping @Sendable (inout Model, V) -> Void) -> Self {
        Self(key: key, isRequired: true, isNumbered: false,
             read: { r, m, _ in set(&m, try V.read(&r)) },
             decode: { c, m in set(&m, try c.decode(V.self, forKey: TMDbMemberKey(key))) })
    }

    /// Members `<prefix><n>` (n of at most 9 digits, e.g. `season/3`), each passed with its n;
    /// `null` ones are left out. TMDb names appended sub-requests this way.
    static func numbered<V: TMDbValue>(_ prefix: StaticString, _ set: @escaping @Sendable (inout Model, Int, V) -> Void) -> Self {
        Self(key: prefix, isRequired: false, isNumbered: true,
             read: { r, m, n in if try !r.isNull() { set(&m, n, try V.read(&r)) } },
             decode: { c, m in
                 for k in c.allKeys {
                     guard let n = k.number(after: prefix), let v = try c.decodeIfPresent(V.self, forKey: k) else { continue }
                     set(&m, n, v)
                 }
             })
    }
}

extension TMDbModel {
    init(fast r: inout JSONPullReader) throws {
        // Members are called in place, never copied out of the arrays: a copy retains and
        // releases their closures, which showed in the warm-cache profile.
        guard Self.fields.fitsMask else { throw JSONPullReader.Failure() }
        let exact = Self.fields.exact, numbered = Self.fields.numbered
        var m = Self()
        var seen: UInt64 = 0
        try r.object { r, k in
            for i in exact.indices where exact[i].key ~= k {
                try exact[i].read(&r, &m, 0)
                seen |= 1 << UInt64(i)
                return
            }
            for i in numbered.indices {
                if let n = k.number(after: numbered[i].key) { return try numbered[i].read(&r, &m, n) }
            }
            try r.skip()
        }
        let required = Self.fields.requiredMask
        guard seen & required == required else { throw JSONPullReader.Failure() }
        self = m
    }

    /// Every model's `Decodable` conformance, from the same table. (A protocol-extension witness
    /// takes precedence over a synthesized one; the real-body tests would fail without it.)
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: TMDbMemberKey.self)
        var m = Self()
        for f in Self.fields.exact { try f.decode(c, &m) }
        for f in Self.fields.numbered { try f.decode(c, &m) }
        self = m
    }

    static func read(_ r: inout JSONPullReader) throws -> Self { try Self(fast: &r) }

    /// Decodes a whole body: the fast reader, else `JSONDecoder` (which words any error).
    static func decode(_ data: Data) throws -> Self {
        if let v = try? JSONPullReader.decode(data, { try Self(fast: &$0) }) { return v }
        return try JSONDecoder().decode(Self.self, from: data)
    }
}
