import Foundation
import MWCore

/// Downloads the images a library refers to into a directory, named by the last component of
/// the TMDb path ("/abc.jpg" → "abc.jpg", as ``ImageReference/fileName`` and the ZIP layout do).
///
/// Files already present are skipped. A download is kept only if it is a complete image
/// (HTTP 2xx, non-empty, JPEG/PNG/WebP/GIF signature) and is written atomically, so a killed
/// run never leaves a partial file that a later run would skip. Made by ``Hydrator`` (its
/// memberwise initialiser is internal).
public struct ImageDownloader: Sendable {
    public let client: TMDbClient
    public let directory: URL
    /// The wanted TMDb size, e.g. "w500" (UserPreferences.imageQuality).
    public let preferredSize: String

    public struct Result: Sendable {
        public var downloaded = 0
        public var present = 0
        public var failures: [HydrateFailure] = []
    }

    /// The size to request for a role: the preferred size when TMDb offers it for that role,
    /// else the smallest offered width at least as large, else "original".
    public static func size(_ preferred: String, offered: [String]?) -> String {
        guard let offered, !offered.isEmpty, !offered.contains(preferred) else { return preferred }
        func width(_ s: String) -> Int? { s.hasPrefix("w") ? Int(s.dropFirst()) : nil }
        guard let want = width(preferred) else { return offered.contains("original") ? "original" : preferred }
        let bigger = offered.compactMap { s in width(s).map { (s, $0) } }.filter { $0.1 >= want }.min { $0.1 < $1.1 }
        return bigger?.0 ?? "original"
    }

    /// Whether the bytes start like an image format TMDb serves.
    public static func looksLikeImage(_ d: Data) -> Bool {
        let b = [UInt8](d.prefix(12))
        if b.count >= 3, b[0] == 0xFF, b[1] == 0xD8, b[2] == 0xFF { return true }                      // JPEG
        if b.count >= 8, b[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return true }  // PNG
        if b.count >= 12, b[0..<4] == [0x52, 0x49, 0x46, 0x46], b[8..<12] == [0x57, 0x45, 0x42, 0x50] { return true } // WebP
        if b.count >= 4, b[0..<4] == [0x47, 0x49, 0x46, 0x38] { return true }                         // GIF
        return false
    }

    /// Downloads every reference not already in ``directory``.
    public func download(_ refs: [ImageReference], progress: (@Sendable (HydrateProgress) -> Void)? = nil) async throws -> Result {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var result = Result()
        var seen = Set<String>()
        var todo: [ImageReference] = []
        for r in refs {
            let name = r.fileName
            guard seen.insert(name).inserted else { continue }
            guard ImageDownloader.isSafeName(name) else {
                result.failures.append(HydrateFailure(entity: r.entity, recordId: r.recordId, label: r.role.rawValue,
                                                      reason: "unusable image path \(quoted(r.tmdbPath))"))
                continue
            }
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).path) {
                result.present += 1
            } else {
                todo.append(r)
            }
        }
        if todo.isEmpty { return result }
        let config: TMDbConfiguration
        do {
            config = try await client.configuration()
        } catch let e as TMDbError where !e.isFatal {
            for r in todo {
                result.failures.append(HydrateFailure(entity: r.entity, recordId: r.recordId, label: r.fileName,
                                                      reason: "no image base URL: \(e.description)"))
            }
            return result
        }
        guard let base = config.images.secureBaseURL ?? config.images.baseURL else {
            throw TMDbError.decoding(path: "/configuration", message: "no images.secure_base_url")
        }
        let total = todo.count
        var done = 0
        try await withThrowingTaskGroup(of: HydrateFailure?.self) { group in
            var next = 0
            func submit() {
                guard next < todo.count else { return }
                let r = todo[next]
                next += 1
                let offered: [String]?
                switch r.role {
                case .poster: offered = config.images.posterSizes
                case .backdrop: offered = config.images.backdropSizes
                case .still: offered = config.images.stillSizes
                }
                let size = ImageDownloader.size(preferredSize, offered: offered)
                group.addTask { try await self.fetch(r, base: base, size: size) }
            }
            for _ in 0..<8 { submit() }
            while let f = try await group.next() {
                done += 1
                if let f { result.failures.append(f) } else { result.downloaded += 1 }
                progress?(HydrateProgress(phase: .images, done: done, total: total))
                submit()
            }
        }
        return result
    }

    static func isSafeName(_ name: String) -> Bool { FileNames.isSafeComponent(name) }

    private func fetch(_ r: ImageReference, base: String, size: String) async throws -> HydrateFailure? {
        let name = r.fileName
        func failure(_ reason: String) -> HydrateFailure {
            HydrateFailure(entity: r.entity, recordId: r.recordId, label: "\(r.role.rawValue) \(name)", reason: reason)
        }
        let path = r.tmdbPath.hasPrefix("/") ? r.tmdbPath : "/" + r.tmdbPath
        guard let url = URL(string: (base.hasSuffix("/") ? String(base.dropLast()) : base) + "/" + size + path) else {
            return failure("cannot build image URL")
        }
        do {
            let (data, _) = try await client.download(url)
            guard !data.isEmpty, ImageDownloader.looksLikeImage(data) else {
                return failure("download is not an image (\(data.count) bytes)")
            }
            try AtomicFile.write([UInt8](data), to: directory.appendingPathComponent(name))
            return nil
        } catch let e as TMDbError where !e.isFatal {
            return failure(e.description)
        } catch let e as MWError {
            return failure(e.description)
        }
    }
}
