import Foundation
import MWCore

extension FormatDescriptor {
    /// A ZIP holding a backup JSON (v1 or v2, at any path), cached images and a manifest.
    public static let mediawatchZip = FormatDescriptor(
        name: .mediawatchZip, summary: "ZIP with the v2 JSON, cached images and a checksummed manifest",
        capabilities: [.images, .strippedRecords, .lossless, .needsFile], fileExtension: "zip", modelVersion: Migrator.latestVersion,
        detect: { $0.kind == .zip ? 10 : 0 },
        read: { input, options in
            guard let url = input.url else { throw MWError.io("\(input.path): a ZIP is read from a file") }
            let z = try ZipBackup.read(url: url, options: options)
            return LoadedBackup(path: input.path, result: z.result, images: z.images, imageCount: z.images.count)
        },
        write: { library, output in
            guard let url = output.url else {
                throw MWError.usage("mediawatch-zip cannot be written to standard output; give -o FILE")
            }
            return try ZipBackup.write(library, images: output.images ?? NoImages(), to: url, requireImages: output.requireImages)
        })
        .holding(FormatHolds(ratings: "every scale, as given", dates: "day or instant", rewatches: true, episodes: true, lists: true, tags: true, reviews: true, privateNotes: true, status: true))
}
