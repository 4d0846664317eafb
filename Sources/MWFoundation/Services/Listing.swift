import Foundation

/// `A`, `A or B`, `A, B or C`: the services a message lists.
public func listing(_ names: [String], _ conjunction: String = "or") -> String {
    switch names.count {
    case 0: return "none"
    case 1: return names[0]
    default: return names.dropLast().joined(separator: ", ") + " \(conjunction) " + names.last!
    }
}

/// `a Goodreads…`, `an IMDb…`: a name with its indefinite article (by its first letter).
public func withArticle(_ name: String) -> String {
    ((name.first.map { "AEIOU".contains($0) } ?? false) ? "an " : "a ") + name
}
