/// An option of one service's reader (Netflix's `--date-order`, Letterboxd's
/// `--include-deleted`), declared by the service's descriptor
/// (``FormatDescriptor/readOptions``) as writers declare their ``WriteSwitch``es. The import
/// command finds it in the registry, and its value reaches the reader in
/// ``ServiceOptionValues``: neither the command nor the job names it.
public struct ServiceOption: Sendable, Hashable {
    /// The long name, without the dashes (`date-order`).
    public var name: String
    /// One line for `--help`.
    public var help: String
    /// The name of its value in help (`order`); nil for a flag, which takes no value.
    public var valueName: String?
    /// The values accepted; empty: any.
    public var choices: [String]

    /// A flag: present or not.
    public init(flag name: String, help: String) {
        self.name = name
        self.help = help
        self.valueName = nil
        self.choices = []
    }

    /// An option taking a value, one of `choices` when they are given.
    public init(_ name: String, valueName: String, choices: [String] = [], help: String) {
        self.name = name
        self.help = help
        self.valueName = valueName
        self.choices = choices
    }

    /// Whether the option takes a value.
    public var takesValue: Bool { valueName != nil }

    /// How it is written in help: `--date-order <dmy|mdy|ymd>`, `--include-deleted`.
    public var usage: String {
        guard let valueName else { return "--\(name)" }
        return "--\(name) <\(choices.isEmpty ? valueName : choices.joined(separator: "|"))>"
    }

    /// Why `value` is refused (not one of ``choices``); nil when it is accepted.
    public func problem(with value: String) -> String? {
        guard !choices.isEmpty, !choices.contains(value) else { return nil }
        return "the value '\(value)' is invalid for --\(name): one of \(choices.joined(separator: ", "))"
    }
}

/// The service options given to an import, by name; each reader reads the ones its service
/// declares. A flag given holds the empty string.
public struct ServiceOptionValues: Sendable, Hashable {
    private var values: [String: String] = [:]

    public init() {}

    /// The value given for the option called `name`; nil when it was not given.
    public subscript(name: String) -> String? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// Whether the option (a flag or not) called `name` was given.
    public func isSet(_ name: String) -> Bool { values[name] != nil }

    /// The names of the options given, sorted.
    public var names: [String] { values.keys.sorted() }

    /// Whether no option was given.
    public var isEmpty: Bool { values.isEmpty }
}

extension FormatRegistry {
    /// The services of `family` that declare options, with their options, in registration order.
    public func serviceOptions(_ family: ModelFamily) -> [(service: FormatDescriptor, options: [ServiceOption])] {
        services(family).filter { !$0.readOptions.isEmpty }.map { ($0, $0.readOptions) }
    }

    /// The option called `name` that a service declares, with the first service declaring it.
    public func serviceOption(named name: String) -> (service: FormatDescriptor, option: ServiceOption)? {
        for s in services { if let o = s.readOptions.first(where: { $0.name == name }) { return (s, o) } }
        return nil
    }

    /// The options of the services of `family` for `--help`, grouped by service:
    /// a `Netflix:` line, then one indented line per option.
    public func serviceOptionsHelp(_ family: ModelFamily) -> String {
        serviceOptions(family).map { s in
            "\(s.service.displayName):\n" + s.options.map { "  \($0.usage)  \($0.help)" }.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
