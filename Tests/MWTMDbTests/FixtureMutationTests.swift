import Foundation
@testable import MWTMDb
import Testing

/// TMDb answers change shape between API versions and titles: a field goes missing, turns
/// null, or holds another type. Every real recorded body, with each of its top-level fields
/// (and each field of its first result, season or episode) removed, made null, or made a string
/// or a number, is decoded as mwkit reads it: it decodes, or it throws a decoding error that
/// names the field — never a trap.
@Suite("Real TMDb bodies with a field changed", .enabled(if: sharedFixturesPresent, "../shared/tmdb-fixtures is not present"))
struct FixtureMutationTests {
    /// The ways a field is changed.
    static let changes: [(String, @Sendable (inout [String: Any], String) -> Void)] = [
        ("removed", { $0.removeValue(forKey: $1) }),
        ("null", { $0[$1] = NSNull() }),
        ("a string", { $0[$1] = "x" }),
        ("a number", { $0[$1] = 7 }),
    ]

    @Test func everyFieldChangedDecodesOrIsNamed() async throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: sharedFixtures.path).filter { $0.hasSuffix(".json") }.sorted()
        // One task a file (the machine's cores share them); findings are checked here.
        let results = try await withThrowingTaskGroup(of: (tried: Int, decoded: Int, problems: [String]).self) { group in
            for f in files { group.addTask { try Self.mutate(f) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for problem in results.flatMap(\.problems) { Issue.record(Comment(rawValue: problem)) }
        let tried = results.reduce(0) { $0 + $1.tried }, decoded = results.reduce(0) { $0 + $1.decoded }
        print("TMDb bodies with a field changed: \(tried) tried, \(decoded) decoded, \(tried - decoded) refused naming the field")
        #expect(tried > 1_000)
        // Most changes are to fields mwkit does not need, or reads as optional.
        #expect(decoded * 2 > tried)
    }

    /// Every change of every field of file `f`: how many were tried and decoded, and what went
    /// wrong (a refusal that does not name the field, an error that is no decoding error).
    static func mutate(_ f: String) throws -> (tried: Int, decoded: Int, problems: [String]) {
        let data = try Data(contentsOf: sharedFixtures.appendingPathComponent(f))
        guard let whole = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { return (0, 0, []) }
        // Every array cut to its first three elements: the shape stays, and a 500 KB body of
        // appended credits is decoded in a few milliseconds each time.
        let object = cut(whole) as! [String: Any]
        guard (try? SharedFixturesTests.decode(f, JSONSerialization.data(withJSONObject: object))) != nil else {
            return (0, 0, ["\(f): does not decode with its arrays cut to three elements"])
        }
        // The body's own fields, and those of the first object of each array it holds (search
        // results, a season's episodes), each as a path of keys.
        var paths: [[String]] = object.keys.sorted().map { [$0] }
        for key in object.keys.sorted() {
            if let first = (object[key] as? [[String: Any]])?.first { paths += first.keys.sorted().map { [key, $0] } }
        }
        var tried = 0, decoded = 0, problems: [String] = []
        for path in paths {
            for (how, change) in changes {
                var mutated = object
                if path.count == 1 {
                    change(&mutated, path[0])
                } else if var items = mutated[path[0]] as? [[String: Any]] {
                    change(&items[0], path[1])
                    mutated[path[0]] = items
                }
                let body = try JSONSerialization.data(withJSONObject: mutated)
                tried += 1
                do {
                    _ = try SharedFixturesTests.decode(f, body)
                    decoded += 1
                } catch let error as DecodingError {
                    // A refusal names the field it could not read.
                    if !names(error, path.last!) { problems.append("\(f), \(path.joined(separator: "/")) \(how): \(error)") }
                } catch {
                    problems.append("\(f), \(path.joined(separator: "/")) \(how): not a decoding error: \(error)")
                }
            }
        }
        return (tried, decoded, problems)
    }

    /// `value` with every array, at any depth, cut to its first three elements.
    static func cut(_ value: Any) -> Any {
        if let array = value as? [Any] { return array.prefix(3).map(cut) }
        if let object = value as? [String: Any] { return object.mapValues(cut) }
        return value
    }

    /// Whether `error` is about the field `key` (its coding path or the missing key).
    static func names(_ error: DecodingError, _ key: String) -> Bool {
        switch error {
        case .keyNotFound(let k, let c): return k.stringValue == key || c.codingPath.contains { $0.stringValue == key }
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .dataCorrupted(let c):
            return c.codingPath.contains { $0.stringValue == key }
        @unknown default: return false
        }
    }
}
