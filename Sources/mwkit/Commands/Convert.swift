import ArgumentParser
import Foundation
import MWArchive
import MWCore

/// `mwkit convert IN -o OUT --to FORMAT`: the general converter. The input format is
/// detected from the content, never the extension.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a backup to another format: mediawatch-v1, mediawatch-v2, mediawatch-zip.",
        discussion: "Exit codes: 0 done, 1 invalid input or conversion impossible, 2 unreadable input or usage error.")

    @Argument(help: "The backup to convert ('-' for stdin).")
    var input: String

    @Option(help: "Output format.")
    var to: BackupFormat

    @OptionGroup var out: OutputOptions

    @OptionGroup var inputOptions: InputOptions

    func run() throws {
        try refuseOverwritingInput(input, out.output)
        do {
            let loaded = try BackupLoader.loadValid(input, options: inputOptions.readOptions())
            let (lib, warnings, _) = try loaded.library(migratedTo: to.jsonVersion)
            var more: [Diagnostic] = []
            switch to {
            case .mediawatchV1, .mediawatchV2:
                more = try BackupIO.write(lib, as: to, to: out.url, options: out.writeOptions)
                if let images = loaded.zip?.images, images.count > 0 {
                    printErr("note: \(images.count) image(s) in the ZIP were left behind (JSON holds no images; convert --to mediawatch-zip keeps them)")
                }
            case .mediawatchZip:
                more = try ConvertSupport.writeZip(lib, loaded: loaded, output: out.output)
            }
            for d in warnings + more { printErr("\(d.severity.rawValue): [\(d.code)] \(d.message)") }
            printErr("converted \(input) (\(loaded.result.format?.rawValue ?? "?")) → \(out.output) (\(to.rawValue))")
        } catch { throw CLIExit.from(error) }
    }
}

/// ZIP output shared by `convert`, `strip` and `hydrate`.
enum ConvertSupport {
    /// Writes `lib` as a mediawatch-zip to `output`, taking images from the input ZIP (if the
    /// input was one) and from `imageDirectory` (an image cache named by TMDb basename).
    static func writeZip(_ lib: Library, loaded: LoadedBackup, output: String, imageDirectory: URL? = nil,
                         requireImages: Bool = false) throws -> [Diagnostic] {
        guard output != "-" else { throw MWError.usage("mediawatch-zip cannot be written to standard output; give -o FILE") }
        var sources: [any ZipImageSource] = []
        if let dir = imageDirectory { sources.append(DirectoryImageSource(directory: dir)) }
        if let zipImages = loaded.zip?.images { sources.append(zipImages) }
        let images: any ZipImageSource = sources.isEmpty ? NoImages() : ChainedImageSource(sources)
        return try ZipBackup.write(lib, images: images, to: URL(fileURLWithPath: output), requireImages: requireImages)
    }
}

/// Images from the first source that has them.
struct ChainedImageSource: ZipImageSource {
    let sources: [any ZipImageSource]
    init(_ sources: [any ZipImageSource]) { self.sources = sources }

    func prepare(_ keys: [ImageKey]) throws {
        var missing = keys
        for s in sources {
            try s.prepare(missing)
            missing = missing.filter { s.file(for: $0) == nil }
            if missing.isEmpty { break }
        }
    }

    func file(for key: ImageKey) -> URL? {
        for s in sources { if let u = s.file(for: key) { return u } }
        return nil
    }
}
