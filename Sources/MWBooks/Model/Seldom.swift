/// A record's seldom-set attributes, kept out of line: nothing at all (one nil reference)
/// while every one of them has its default, else one shared, immutable box.
///
/// Why: a books library is arrays of records stored inline, and most of what a record can
/// hold — scan bounding boxes, ISBNdb and Google Books ids, sync dates — is empty in what
/// trackers export. Inline, those attributes were two thirds of a work's 288 bytes; a
/// 50,000-book `--merge-into` holds three libraries' arrays at once (issue 23 §6). The records
/// keep value semantics: a change makes a new box (the old one may be shared by copies), and
/// equality and hashing are by the values (the box is nil exactly when they are the defaults,
/// so two equal records are equal here too).
struct Seldom<Value: SeldomValues>: Hashable, Sendable {
    /// Immutable, so shared by copies of a record without copying.
    final class Box: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// nil while every attribute has its default.
    private(set) var box: Box?

    init() {}

    /// Applies `change` to the values (the defaults, `Value()`, for a record that has none yet).
    /// Inlined, as the subscript is: it ran unspecialised, with a metadata lookup each call.
    @inline(__always)
    mutating func update(_ change: (inout Value) -> Void) {
        let empty = Value()
        var v = box?.value ?? empty
        change(&v)
        box = v == empty ? nil : Box(v)
    }

    /// One attribute, read (its default when the record has no box) or set. Every record's
    /// accessors go through here: one line each, the same shape for works, editions and entries.
    /// Always inlined: then the key path is a literal the optimizer turns into a plain field
    /// access; called generically, each read looked the key path up at run time (about 20
    /// times a field read, +10% of a books import's instructions: issue 29, bench/books.sh).
    @inline(__always)
    subscript<T>(_ key: WritableKeyPath<Value, T>) -> T {
        get { (box?.value ?? Value())[keyPath: key] }
        set { update { $0[keyPath: key] = newValue } }
    }

    static func == (a: Self, b: Self) -> Bool {
        a.box === b.box || a.box?.value == b.box?.value
    }

    func hash(into hasher: inout Hasher) { hasher.combine(box?.value) }
}

/// The values a ``Seldom`` holds: `init()` gives the defaults, which take no box.
protocol SeldomValues: Hashable, Sendable {
    init()
}
