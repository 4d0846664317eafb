import Foundation
import MWCore

/// `manifest.json`: every entry of a mediawatch-zip with its size, SHA-256, role and the
/// records it belongs to (docs/FORMAT.md, "ZIP"). Written last, so the archive is produced in
/// one streaming pass while hashing.
public struct ZipManifest: Codable, Sendable, Equatable {
    /// Always ``ZipLayout/manifestFormat``.
    public var format: String
    /// Always ``ZipLayout/manifestVersion``.
    public var formatVersion: Int
    /// The entry path of the backup JSON.
    public var backup: String
    /// The JSON format of the backup entry (`mediawatch-v1` or `mediawatch-v2`).
    public var backupFormat: String
    public var entries: [Entry]

    /// One archive entry.
    public struct Entry: Codable, Sendable, Equatable {
        public var path: String
        /// `backup`, `poster`, `backdrop` or `still`.
        public var role: String
        /// Uncompressed size in bytes.
        public var size: Int64
        /// Lower-case hex SHA-256 of the uncompressed bytes.
        public var sha256: String
        /// The records using this image (empty for the backup entry).
        public var records: [Record]

        public init(path: String, role: String, size: Int64, sha256: String, records: [Record] = []) {
            self.path = path
            self.role = role
            self.size = size
            self.sha256 = sha256
            self.records = records
        }

        private enum CodingKeys: String, CodingKey { case path, role, size, sha256, records }

        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            path = try c.decode(String.self, forKey: .path)
            role = try c.decode(String.self, forKey: .role)
            size = try c.decode(Int64.self, forKey: .size)
            sha256 = try c.decode(String.self, forKey: .sha256)
            records = try c.decodeIfPresent([Record].self, forKey: .records) ?? []
        }

        /// `records` is omitted when empty (the backup entry).
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(path, forKey: .path)
            try c.encode(role, forKey: .role)
            try c.encode(size, forKey: .size)
            try c.encode(sha256, forKey: .sha256)
            if !records.isEmpty { try c.encode(records, forKey: .records) }
        }
    }

    /// A record that refers to an image: entity, record id and the TMDb path it holds. Made by
    /// the writer and the inspection alone (its memberwise initialiser is internal).
    public struct Record: Codable, Sendable, Equatable, Hashable {
        public var entity: String
        public var id: String
        public var tmdbPath: String
    }

    public init(backup: String, backupFormat: BackupFormat, entries: [Entry]) {
        format = ZipLayout.manifestFormat
        formatVersion = ZipLayout.manifestVersion
        self.backup = backup
        self.backupFormat = backupFormat.rawValue
        self.entries = entries
    }

    /// Deterministic encoding: sorted keys, two-space pretty printing, `/` unescaped.
    public func encoded() throws -> [UInt8] {
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try enc.encode(self)) + [0x0A]
    }

    /// Decodes a manifest, or explains why the bytes are not one.
    static func decode(_ bytes: [UInt8]) -> Result<ZipManifest, ManifestProblem> {
        // A manifest.json without our marker belongs to someone else (a foreign layout): it is
        // not ours to judge, so it counts as no manifest rather than a broken one.
        struct Marker: Decodable { var format: String? }
        if let m = try? JSONDecoder().decode(Marker.self, from: Data(bytes)), m.format != ZipLayout.manifestFormat {
            return .failure(ManifestProblem("it has no \"format\": \"\(ZipLayout.manifestFormat)\" marker", foreign: true))
        }
        do {
            let m = try JSONDecoder().decode(ZipManifest.self, from: Data(bytes))
            guard m.format == ZipLayout.manifestFormat else { return .failure(ManifestProblem("\"format\" is \(quoted(m.format)), expected \"\(ZipLayout.manifestFormat)\"")) }
            guard m.formatVersion == ZipLayout.manifestVersion else { return .failure(ManifestProblem("manifest formatVersion \(m.formatVersion) is not supported (this mwkit reads \(ZipLayout.manifestVersion))")) }
            return .success(m)
        } catch let DecodingError.keyNotFound(k, ctx) {
            return .failure(ManifestProblem("missing key \(quoted(k.stringValue)) at \(path(ctx.codingPath))"))
        } catch let DecodingError.typeMismatch(_, ctx) {
            return .failure(ManifestProblem("wrong type at \(path(ctx.codingPath)): \(ctx.debugDescription)"))
        } catch let DecodingError.valueNotFound(_, ctx) {
            return .failure(ManifestProblem("null at \(path(ctx.codingPath))"))
        } catch {
            return .failure(ManifestProblem("not valid JSON"))
        }
    }

    /// Why bytes are not a valid manifest.
    struct ManifestProblem: Error, CustomStringConvertible {
        var description: String
        /// The file is some other tool's manifest, not a broken one of ours.
        var foreign = false
        init(_ d: String, foreign: Bool = false) { description = d; self.foreign = foreign }
    }

    /// The diagnostic for a manifest that could not be used.
    static func diagnostic(for why: ManifestProblem) -> Diagnostic {
        why.foreign
            ? .warning(.zipNoManifest, "\(ZipLayout.manifestName) is not a mediawatch-zip manifest (\(why)); entries cannot be checked against checksums")
            : .error(.zipManifestInvalid, "\(ZipLayout.manifestName) is not a valid manifest: \(why)")
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.isEmpty ? "the top level" : jsonPointer(keys.map { $0.intValue.map { $0 as Any } ?? $0.stringValue })
    }
}
