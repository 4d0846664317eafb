/// The formats a program knows, in registration order. Commands look formats up here by name
/// (`--to`) or by content, list them in `--help`, and call their readers and writers.
public struct FormatRegistry: Sendable {
    /// Every registered format, in registration order.
    public private(set) var formats: [FormatDescriptor]

    /// A registry of `formats`. Throws ``RegistryConflict`` when two of them answer to one name
    /// (a name or an alias), naming both.
    public init(_ formats: [FormatDescriptor]) throws(RegistryConflict) {
        self.formats = []
        for f in formats { try register(f) }
    }

    /// Adds a format. A name or alias another registered format already answers to is
    /// refused: replacing it silently would leave two lists that disagree.
    public mutating func register(_ format: FormatDescriptor) throws(RegistryConflict) {
        for name in format.names {
            if let other = formats.first(where: { $0.names.contains(name) }) {
                throw RegistryConflict(name: name, registered: other.name.rawValue, adding: format.name.rawValue)
            }
        }
        formats.append(format)
    }

    /// This registry with `format` added (see ``register(_:)``).
    public func adding(_ format: FormatDescriptor) throws(RegistryConflict) -> FormatRegistry {
        var r = self
        try r.register(format)
        return r
    }

    /// The format called `name` (its own name or one of its aliases).
    public func format(named name: String) -> FormatDescriptor? {
        formats.first { $0.name.rawValue == name } ?? formats.first { $0.aliases.contains(name) }
    }

    /// The readable format the content belongs to: the highest detection score, ties to the
    /// first registered; nil when no format claims it.
    public func detect(_ sniff: ContentSniff) -> FormatDescriptor? {
        claims(sniff).first?.format
    }

    /// Every readable format that claims the content with its detection score, the highest
    /// first (ties in registration order). Two services at the top are an ambiguity the caller
    /// reports.
    public func claims(_ sniff: ContentSniff) -> [(format: FormatDescriptor, score: Int)] {
        var found: [(score: Int, order: Int, format: FormatDescriptor)] = []
        for (i, f) in formats.enumerated() where f.isReadable {
            guard let score = f.detect?(sniff), score > 0 else { continue }
            found.append((score, i, f))
        }
        return found.sorted { ($0.score, -$0.order) > ($1.score, -$1.order) }.map { ($0.format, $0.score) }
    }

    /// The services (other trackers' exports) of `family`, in registration order.
    public func services(_ family: ModelFamily) -> [FormatDescriptor] {
        formats.filter { $0.isService && $0.family == family }
    }

    /// Every service, of every family.
    public var services: [FormatDescriptor] { formats.filter(\.isService) }

    /// "Letterboxd, IMDb, … or Ryot": the services of `family` for a message.
    public func serviceList(_ family: ModelFamily, _ conjunction: String = "or") -> String {
        listing(services(family).map(\.displayName), conjunction)
    }

    /// The names of the formats that can be written.
    public var writableNames: [String] { formats.filter(\.isWritable).map(\.name.rawValue) }
    /// The names of the formats that can be read.
    public var readableNames: [String] { formats.filter(\.isReadable).map(\.name.rawValue) }

    /// One line per format for `--help`: `name (read, write): summary`.
    public var helpText: String {
        formats.map { f in
            let modes = [f.isReadable ? "read" : nil, f.isWritable ? "write" : nil].compactMap { $0 }.joined(separator: ", ")
            let also = f.aliases.isEmpty ? "" : ", also \(f.aliases.joined(separator: ", "))"
            return "\(f.name) (\(f.family), \(modes)\(also)): \(f.summary)"
        }.joined(separator: "\n")
    }
}

/// Two formats answering to one name: the second is not registered.
public struct RegistryConflict: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name (or alias) both answer to, the format registered first, the format refused.
    public let name: String, registered: String, adding: String

    public var description: String {
        "cannot register \(adding) as \(name): \(registered) already answers to that name"
    }
}
