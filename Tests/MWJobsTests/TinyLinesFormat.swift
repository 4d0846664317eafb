import Foundation
import MWCore

/// A throwaway read-only format, defined entirely in this one file to show that a new format
/// needs nothing but its descriptor and one registry line (see RegistryTests):
///
///     #tiny-lines
///     603<TAB>movie<TAB>The Matrix<TAB>1999
///
/// Every title goes into one list, "Tiny". A malformed line is an error diagnostic.
extension FormatDescriptor {
    static let tinyLines = FormatDescriptor(
        name: "tiny-lines", summary: "test-only: one title per line",
        capabilities: [], modelVersion: 2,
        detect: { sniff in sniff.prefix.starts(with: Array("#tiny-lines\n".utf8)) ? 20 : 0 },
        read: { input, _ in
            let bytes = try input.bytes ?? [UInt8](Data(contentsOf: input.url!))
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            var lib = Library(lists: [MediaList(id: "00000000-0000-4000-8000-000000000001", name: "Tiny")])
            var result = ReadResult(format: "tiny-lines", formatVersion: 2)
            let added = Date(timeIntervalSince1970: 1_700_000_000)
            for (n, line) in lines.enumerated().dropFirst() where !line.isEmpty {
                let f = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard f.count == 4, let id = Int64(f[0]), let year = Int(f[3]) else {
                    result.diagnostics.append(.csv(.error, "tiny-malformed", "expected 4 tab-separated fields", line: n + 1, row: n))
                    continue
                }
                let titleId = String(format: "00000000-0000-4000-8000-%012d", n + 1)
                lib.titles.append(Title(id: titleId, tmdbId: id, mediaType: MediaType(rawValue: String(f[1])),
                                        metadata: TitleMetadata(title: String(f[2]), year: year), dateAdded: added))
                lib.lists[0].items.append(ListItem(titleId: titleId, orderIndex: lib.lists[0].items.count))
            }
            result.library = lib
            result.counts.lists = 1
            result.counts.titles = lib.titles.count
            result.counts.listItems = lib.titles.count
            return LoadedBackup(path: input.path, result: result)
        })
}
