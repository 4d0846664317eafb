/// A count with its noun in agreement — "1 title", "2 titles", "0 titles" — for summaries and
/// messages, so no output says "1 title(s)".
///
/// - Parameters:
///   - n: the count.
///   - singular: the noun for one ("title", "entry").
///   - plural: the noun for any other count; nil adds "s" (or "es" after s, x, ch, sh).
public func counted(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
    if n == 1 { return "1 \(singular)" }
    if let plural { return "\(n) \(plural)" }
    let es = ["s", "x", "ch", "sh"].contains { singular.hasSuffix($0) }
    return "\(n) \(singular)\(es ? "es" : "s")"
}
