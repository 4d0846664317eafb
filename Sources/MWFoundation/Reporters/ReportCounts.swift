/// Numbers of records per kind for a report (`lists`, `titles`, …): every entry goes into the
/// JSON report (sorted keys); the `summary` names are the ones the text line shows, in order.
public struct ReportCounts: Sendable, Equatable, Codable {
    /// One count.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var value: Int
        public init(_ name: String, _ value: Int) { self.name = name; self.value = value }
    }
    /// Every count in display order.
    public var entries: [Entry]
    /// The names the one-line text summary shows, e.g. `lists, titles, episodes, notes`.
    public var summary: [String]

    public init(_ entries: [Entry] = [], summary: [String] = []) {
        self.entries = entries
        self.summary = summary
    }

    /// The count named `name` (0 when absent).
    public subscript(name: String) -> Int { entries.first { $0.name == name }?.value ?? 0 }

    /// `2 lists, 3 titles`: the summary counts as words.
    /// "1 list, 3 titles": each summary count with its name, singular for one.
    public var summaryText: String { summary.map { Self.agreeing(self[$0], $0) }.joined(separator: ", ") }

    /// `n` and the plural `name` ("titles", "entries") in agreement: "1 title", "1 entry".
    static func agreeing(_ n: Int, _ name: String) -> String {
        guard n == 1 else { return "\(n) \(name)" }
        if name.hasSuffix("ies") { return "1 " + name.dropLast(3) + "y" }
        return "1 " + (name.hasSuffix("s") ? String(name.dropLast()) : name)
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        for e in entries { try c.encode(e.value, forKey: Key(stringValue: e.name)) }
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        entries = try c.allKeys.sorted { $0.stringValue < $1.stringValue }.map { Entry($0.stringValue, try c.decode(Int.self, forKey: $0)) }
        summary = []
    }
}
