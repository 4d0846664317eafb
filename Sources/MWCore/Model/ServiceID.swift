import Foundation

/// A title's id at another service, written `service:id` (docs/FORMAT.md#formatversion-5):
/// the service in lowercase letters, digits and `-`, then its own id as the service spells it
/// (`trakt:12345`, `imdb:tt0111161`, `letterboxd:heat`, `myanimelist:anime:9969`).
public enum ServiceID {
    /// `service:id`, or nil when either part is empty.
    public static func make(_ service: String, _ id: String) -> String? {
        let s = service.lowercased(), v = id.trimmingCharacters(in: .whitespaces)
        guard !v.isEmpty, isService(s) else { return nil }
        return "\(s):\(v)"
    }

    /// The service and the id of a `service:id` value; nil when it is not one.
    public static func parse(_ value: String) -> (service: String, id: String)? {
        guard let colon = value.firstIndex(of: ":") else { return nil }
        let s = String(value[..<colon]), v = String(value[value.index(after: colon)...])
        guard isService(s), !v.isEmpty, v.trimmingCharacters(in: .whitespaces) == v else { return nil }
        return (s, v)
    }

    /// The id a list of `service:id` values holds for `service` (the first), if any.
    public static func id(_ service: String, in values: [String]) -> String? {
        values.lazy.compactMap(parse).first { $0.service == service }?.id
    }

    /// `a` and `b` together, distinct and sorted (the model's order: merges and round trips
    /// compare equal whatever order the values arrived in).
    public static func union(_ a: [String], _ b: [String]) -> [String] {
        Array(Set(a).union(b)).sorted()
    }

    static func isService(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return s.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
