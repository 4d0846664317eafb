import Foundation
import MWMacros

/// The role an image plays for its record (docs/SPEC.md#images: posters, backdrops, episode stills).
public enum ImageRole: String, Sendable, CaseIterable, Codable {
    case poster, backdrop, still
}

/// A reference from a record to a TMDb image: `posterPath` "/abc.jpg" → file "abc.jpg" of role poster.
@PublicMemberwiseInit
public struct ImageReference: Hashable, Sendable {
    public var role: ImageRole
    /// The TMDb path as stored in the record, e.g. "/abc.jpg".
    public var tmdbPath: String
    public var entity: EntityKind
    /// The id of the record holding the path.
    public var recordId: String

    /// The file name an image cache uses for this path: the path's last component.
    public var fileName: String { ImageReference.fileName(forTMDbPath: tmdbPath) }

    /// The last component of a TMDb image path ("/abc.jpg" → "abc.jpg").
    public static func fileName(forTMDbPath path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }
}

extension Library {
    /// Every image the library's records refer to, in record order, without duplicates.
    public var imageReferences: [ImageReference] {
        var seen = Set<ImageReference>()
        var out: [ImageReference] = []
        func add(_ r: ImageReference) { if seen.insert(r).inserted { out.append(r) } }
        for t in titles {
            if let p = t.metadata?.posterPath, !p.isEmpty { add(.init(role: .poster, tmdbPath: p, entity: .title, recordId: t.id)) }
            if let p = t.metadata?.backdropPath, !p.isEmpty { add(.init(role: .backdrop, tmdbPath: p, entity: .title, recordId: t.id)) }
        }
        for e in episodes {
            if let p = e.metadata?.stillPath, !p.isEmpty { add(.init(role: .still, tmdbPath: p, entity: .episode, recordId: e.id)) }
        }
        return out
    }
}

/// One image a backup needs: a role and a file name (the TMDb path's basename).
@PublicMemberwiseInit
public struct ImageKey: Hashable, Sendable {
    public var role: ImageRole
    public var fileName: String
}

/// Where a writer of a format that carries images finds their bytes.
///
/// The writer first calls ``prepare(_:)`` once with every image it needs (so a source backed by
/// another archive can extract them in one sequential pass), then ``file(for:)`` per image.
/// Sources hand out local files, which the writer streams; nothing is held in memory.
public protocol ImageSource: Sendable {
    /// Makes the needed images available. Called once before any ``file(for:)``.
    func prepare(_ keys: [ImageKey]) throws
    /// A readable regular file holding the image, or nil when the source does not have it.
    func file(for key: ImageKey) -> URL?
}

extension ImageSource {
    public func prepare(_ keys: [ImageKey]) throws {}
}

/// No images at all: every referenced image is reported missing.
public struct NoImages: ImageSource {
    public init() {}
    public func file(for key: ImageKey) -> URL? { nil }
}

/// Images from the first of several sources that has them (e.g. freshly downloaded images,
/// then those of the input ZIP).
public struct ChainedImageSource: ImageSource {
    public let sources: [any ImageSource]
    public init(_ sources: [any ImageSource]) { self.sources = sources }

    public func prepare(_ keys: [ImageKey]) throws {
        var missing = keys
        for s in sources {
            try s.prepare(missing)
            missing = missing.filter { s.file(for: $0) == nil }
            if missing.isEmpty { break }
        }
    }

    public func file(for key: ImageKey) -> URL? {
        for s in sources { if let u = s.file(for: key) { return u } }
        return nil
    }
}
