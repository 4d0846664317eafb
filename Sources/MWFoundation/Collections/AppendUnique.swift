extension Array where Element: Hashable {
    /// Appends the elements of `new` that are not already in the array (nor earlier in `new`),
    /// keeping first-seen order; true when anything was appended.
    ///
    /// Linear: once the array holds more than a handful of elements the membership test goes
    /// through a set. The lists it keeps (tags, authors, external ids) come from import files,
    /// and one field of 60,000 comma-separated tags took 11 s through `Array.contains` — a hang
    /// for a larger file.
    @inlinable @discardableResult
    public mutating func appendUnique<S: Sequence>(_ new: S) -> Bool where S.Element == Element {
        let before = count
        let small = 16
        var seen: Set<Element>? = count > small ? Set(self) : nil
        for x in new {
            if seen != nil {
                if seen!.insert(x).inserted { append(x) }
            } else if !contains(x) {
                append(x)
                if count > small { seen = Set(self) }
            }
        }
        return count != before
    }
}
