extension Array where Element == Diagnostic {
    /// The diagnostics in the order of the rows they are about: by file, then line; those about
    /// no particular place first; equal places keep their order. An import gathers them phase by
    /// phase (reading, matching, merging, on two threads for a large file), which is not the
    /// order a person reads the export in.
    public func inRowOrder() -> [Diagnostic] {
        enumerated().sorted { a, b in
            let ka = (a.element.line == nil ? 0 : 1, a.element.file ?? "", a.element.line ?? 0)
            let kb = (b.element.line == nil ? 0 : 1, b.element.file ?? "", b.element.line ?? 0)
            return ka != kb ? ka < kb : a.offset < b.offset
        }.map(\.element)
    }
}
