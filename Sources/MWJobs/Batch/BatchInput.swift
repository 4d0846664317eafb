import Foundation
import MWCore
import MWMacros

/// One input of a batch: where it is, and the name its output gets under the output directory.
@PublicMemberwiseInit
public struct BatchInput: Sendable, Equatable {
    /// The path as found (as given, or joined to the directory it was found in).
    public var path: String
    /// Its path relative to the directory it was found in (for files named directly or listed:
    /// relative to the current directory), mirrored under the output directory.
    public var relativePath: String

    /// The output path under `directory`, with the extension of the target format.
    public func output(in directory: URL, fileExtension: String) -> URL {
        var rel = relativePath
        let last = (rel as NSString).lastPathComponent
        if let dot = last.lastIndex(of: "."), dot != last.startIndex {
            rel = String(rel.dropLast(last.distance(from: dot, to: last.endIndex)))
        }
        return directory.appendingPathComponent(rel + "." + fileExtension)
    }
}

/// Turns paths, directories and lists of paths into batch inputs.
public enum BatchInputs {
    /// File name endings found when a directory is searched.
    public static let defaultExtensions = ["json", "zip"]

    /// Expands `paths`: files as given; directories recursively (files ending in one of
    /// `extensions`, sorted), each file relative to its directory. Throws ``MWError/io(_:)``
    /// for a path that does not exist.
    public static func expand(_ paths: [String], extensions: [String] = defaultExtensions) throws -> [BatchInput] {
        var out: [BatchInput] = []
        let fm = FileManager.default
        for p in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: p, isDirectory: &isDir) else { throw MWError.io("\(p): no such file or directory") }
            guard isDir.boolValue else {
                out.append(BatchInput(path: p, relativePath: relativeToCurrentDirectory(p)))
                continue
            }
            guard let e = fm.enumerator(atPath: p) else { throw MWError.io("cannot read directory \(p)") }
            var found: [BatchInput] = []
            for case let rel as String in e {
                let lower = rel.lowercased()
                guard extensions.contains(where: { lower.hasSuffix("." + $0) }) else { continue }
                let full = (p as NSString).appendingPathComponent(rel)
                var d: ObjCBool = false
                if fm.fileExists(atPath: full, isDirectory: &d), !d.boolValue { found.append(BatchInput(path: full, relativePath: rel)) }
            }
            out += found.sorted { $0.relativePath < $1.relativePath }
        }
        return out
    }

    /// Reads a list of paths: one a line, or NUL-separated (`null`); blank entries skipped.
    public static func list(_ data: Data, nullSeparated: Bool) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        // `isNewline` takes CRLF as one separator (it is one Character).
        let parts = nullSeparated ? text.split(separator: "\0") : text.split(whereSeparator: \.isNewline)
        return parts.map(String.init).filter { !$0.isEmpty }
    }

    /// A path made relative to the current directory for mirroring: an absolute path inside it
    /// loses that prefix; otherwise the leading `/`, `.` and `..` components are dropped, so an
    /// output never lands outside the output directory.
    static func relativeToCurrentDirectory(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        var p = path
        if p.hasPrefix(cwd + "/") { p = String(p.dropFirst(cwd.count + 1)) }
        let parts = p.split(separator: "/").filter { $0 != "." && $0 != ".." }
        return parts.isEmpty ? (path as NSString).lastPathComponent : parts.joined(separator: "/")
    }
}

/// A slice of the inputs for one machine of an array job: shard `index` (from 1) of `count`.
/// An input belongs to the shard its relative path's stable hash falls in, so every machine
/// computes the same split without talking to the others: shards are disjoint and cover
/// every input.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based shard number.
    public var index: Int
    /// Number of shards.
    public var count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    public init?(_ text: String) {
        let p = text.split(separator: "/")
        guard p.count == 2, let k = Int(p[0]), let n = Int(p[1]) else { return nil }
        self.init(index: k, count: n)
    }

    public var description: String { "\(index)/\(count)" }

    /// Whether `input` belongs to this shard.
    public func contains(_ input: BatchInput) -> Bool {
        Int(Shard.stableHash(input.relativePath) % UInt64(count)) == index - 1
    }

    /// FNV-1a (64-bit) of the UTF-8 bytes: the same on every machine and every run, unlike
    /// Swift's seeded `Hasher`.
    public static func stableHash(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        // Final mix so neighbouring names spread over the shards.
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        return h
    }
}
