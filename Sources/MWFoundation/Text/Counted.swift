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

/// A count, its noun and a verb agreeing with it — "1 viewing has", "2 viewings have" — for
/// sentences about a count (the report's notes, the review page).
///
/// - Parameters:
///   - verb: the verb for one and for any other count (`("has", "have")`).
public func counted(_ n: Int, _ singular: String, _ plural: String? = nil, verb: (one: String, other: String)) -> String {
    "\(counted(n, singular, plural)) \(n == 1 ? verb.one : verb.other)"
}
