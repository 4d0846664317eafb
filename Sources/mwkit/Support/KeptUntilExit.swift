/// A value a command hands to the process's exit instead of freeing it: `mwkit` runs one
/// command and ends, and freeing a large result (a 50,000-book library is ~600,000 strings
/// and arrays) one object at a time only delays that end. Retained and never released:
/// `_ = Unmanaged.passRetained(KeptUntilExit(value))`.
final class KeptUntilExit<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
