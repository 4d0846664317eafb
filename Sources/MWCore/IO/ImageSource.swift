import Foundation

/// The role an image plays for its record (seeds/003 §1.7: posters, backdrops, episode stills).
public enum ImageRole: String, Sendable, CaseIterable, Codable {
    case poster, backdrop, still
}

/// A reference from a record to a TMDb image: `posterPath` "/abc.jpg" → file "abc.jpg" of role poster.
public struct ImageReference: Hashable, Sendable {
    public var role: ImageRole
    /// The TMDb path as stored in the record, e.g. "/abc.jpg".
    public var tmdbPath: String
    public var entity: EntityKind
    /// The id of the record holding the path.
    public var recordId: String

    public init(role: ImageRole, tmdbPath: String, entity: EntityKind, recordId: String) {
        self.role = role
        self.tmdbPath = tmdbPath
        self.entity = entity
        self.recordId = recordId
    }

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
