/// The formats a program knows, in registration order. Commands look formats up here by name
/// (`--to`) or by content, list them in `--help`, and call their readers and writers.
public struct FormatRegistry: Sendable {
    /// Every registered format, in registration order.
    public private(set) var formats: [FormatDescriptor]

    public init(_ formats: [FormatDescriptor]) {
        self.formats = []
        for f in formats { register(f) }
    }

    /// Adds a format; a later format with the same name replaces the earlier one.
    public mutating func register(_ format: FormatDescriptor) {
        if let i = formats.firstIndex(where: { $0.name == format.name }) { formats[i] = format } else { formats.append(format) }
    }

    /// This registry with `format` added.
    public func adding(_ format: FormatDescriptor) -> FormatRegistry {
        var r = self
        r.register(format)
        return r
    }

    /// The format called `name`.
    public func format(named name: String) -> FormatDescriptor? {
        formats.first { $0.name.rawValue == name }
    }

    /// The readable format the content belongs to: the highest detection score, ties to the
    /// first registered; nil when no format claims it.
    public func detect(_ sniff: ContentSniff) -> FormatDescriptor? {
        var best: (score: Int, format: FormatDescriptor)?
        for f in formats where f.isReadable {
            guard let score = f.detect?(sniff), score > 0 else { continue }
            if best == nil || score > best!.score { best = (score, f) }
        }
        return best?.format
    }

    /// The names of the formats that can be written.
    public var writableNames: [String] { formats.filter(\.isWritable).map(\.name.rawValue) }
    /// The names of the formats that can be read.
    public var readableNames: [String] { formats.filter(\.isReadable).map(\.name.rawValue) }

    /// One line per format for `--help`: `name (read, write): summary`.
    public var helpText: String {
        formats.map { f in
            let modes = [f.isReadable ? "read" : nil, f.isWritable || f.writeModel != nil ? "write" : nil].compactMap { $0 }.joined(separator: ", ")
            return "\(f.name) (\(modes)): \(f.summary)"
        }.joined(separator: "\n")
    }
}
