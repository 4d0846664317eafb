import Foundation
import MWCore

/// What `pack` needs from a backup JSON besides its bytes: the image references (in
/// ``Library/imageReferences`` order) and the export date.
struct BackupSkim {
    var references: [ImageReference]
    var exportDate: Date?
    /// The format the document's top level suggests: v2 when it has a `format` key, else v1
    /// (the validation decides for sure).
    var format: BackupFormat = .mediawatchV1

    /// Reads `url` (an already validated v1 or v2 backup) in one streaming pass over a read-only
    /// mapping, releasing pages behind it, without building the ``Library`` — so packing a large
    /// backup needs memory for its image references only. Throws ``MWError/invalid(_:)`` if the
    /// document is not the JSON object it should be.
    /// - Parameter exportDate: also decode the export date (`format` matters only for that).
    static func read(url: URL, format: BackupFormat, options: ReadOptions, exportDate: Bool = true) throws -> BackupSkim {
        let file = try MappedFile(url: url)
        defer { file.close() }
        var skim: (BackupSkim, ArraySlice<UInt8>?)
        do {
            skim = try file.withBytes { bytes -> (BackupSkim, ArraySlice<UInt8>?) in
                let s = Skimmer(b: bytes, file: file)
                return try s.document()
            }
        } catch {
            throw MWError.failed("\(url.path): not the JSON object of a backup (while collecting image references)")
        }
        // The export date is decoded by MWCore itself (same date rules and --date-encoding), from
        // a one-field document holding the raw value.
        if exportDate, let raw = skim.1 {
            let head = format == .mediawatchV1 ? #"{"version":"1","exportDate":"# : #"{"format":"mediawatch-backup","formatVersion":2,"exportDate":"#
            var doc = Array(head.utf8) + raw
            doc += Array(#","lists":[],"titles":[],"episodes":[],"notes":[]}"#.utf8)
            skim.0.exportDate = BackupIO.read(data: doc, options: options).library?.exportDate
        }
        return skim.0
    }
}

/// A forward-only walk with MWCore's ``JSONPullReader``: it extracts `id`, `posterPath`,
/// `backdropPath` and `stillPath` from the records of `titles` and `episodes`, skips everything
/// else, and hands pages it has passed back to the kernel.
private struct Skimmer {
    let b: UnsafeRawBufferPointer
    let file: MappedFile

    func document() throws -> (BackupSkim, ArraySlice<UInt8>?) {
        var r = JSONPullReader(bytes: b)
        var titles: [ImageReference] = [], episodes: [ImageReference] = []
        var exportRaw: ArraySlice<UInt8>?
        var hasFormat = false
        try r.object { r, key in
            switch key {
            case "titles": titles = try records(&r, .title, ["posterPath": .poster, "backdropPath": .backdrop])
            case "episodes": episodes = try records(&r, .episode, ["stillPath": .still])
            case "format": hasFormat = true; try r.skip()
            case "exportDate":
                r.skipWS()
                let start = r.offset
                try r.skip()
                exportRaw = ArraySlice(UnsafeRawBufferPointer(rebasing: b[start..<r.offset]))
            default: try r.skip()
            }
        }
        try r.end()
        var seen = Set<ImageReference>()
        let refs = (titles + episodes).filter { seen.insert($0).inserted }
        return (BackupSkim(references: refs, exportDate: nil, format: hasFormat ? .mediawatchV2 : .mediawatchV1), exportRaw)
    }

    /// The image references of one collection, in record order (path keys in `roles` order
    /// within a record: poster before backdrop, as ``Library/imageReferences``).
    func records(_ r: inout JSONPullReader, _ entity: EntityKind, _ roles: KeyValuePairs<String, ImageRole>) throws -> [ImageReference] {
        var out: [ImageReference] = []
        guard r.isArray() else { try r.skip(); return out }
        try r.array { r in
            guard r.isObject() else { try r.skip(); return }
            var id: String?
            var paths: [ImageRole: String] = [:]
            try r.object { r, key in
                if "id" ~= key, r.isString() {
                    id = try r.string()
                } else if r.isString(), let role = roles.first(where: { key.string == $0.key })?.value {
                    paths[role] = try r.string()
                } else {
                    try r.skip()
                }
            }
            if let id {
                for (_, role) in roles {
                    if let p = paths[role], !p.isEmpty { out.append(ImageReference(role: role, tmdbPath: p, entity: entity, recordId: id)) }
                }
            }
            file.releaseBefore(r.offset)
        }
        return out
    }
}
