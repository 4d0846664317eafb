import Foundation
import MWCore

/// Posters for a report: image bytes by the file name of a TMDb poster path (`abc.jpg`), found
/// by the caller in the input ZIP's images or mwkit's image cache — never fetched. They are
/// embedded as `data:` URIs (docs/REPORT.md "The page").
public struct ReportPosters: Sendable {
    private let prepare: @Sendable ([String]) -> Void
    private let lookup: @Sendable (String) -> [UInt8]?

    /// No posters.
    public static let none = ReportPosters(prepare: { _ in }, lookup: { _ in nil })

    /// `prepare` is called once with every file name the page may show (a ZIP extracts them
    /// in one pass), then `lookup` per name.
    public init(prepare: @escaping @Sendable ([String]) -> Void, lookup: @escaping @Sendable (String) -> [UInt8]?) {
        self.prepare = prepare
        self.lookup = lookup
    }

    /// The `data:` URI of the poster at TMDb path `path`, nil when there is none or its bytes
    /// are not a JPEG, PNG or WebP image.
    func dataURI(_ path: String?) -> String? {
        guard let path, !path.isEmpty,
              let bytes = lookup(ImageReference.fileName(forTMDbPath: path)), let type = Self.type(bytes) else { return nil }
        return "data:\(type);base64," + Data(bytes).base64EncodedString()
    }

    /// The image type by its first bytes (never by the name).
    static func type(_ b: [UInt8]) -> String? {
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if b.count > 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) { return "image/webp" }
        return nil
    }

    /// The poster strip: the most watched titles of the period that have a poster, at most eight.
    static func strip(_ titles: [(name: String, posterPath: String?, viewings: Int)], _ posters: ReportPosters, span: String) -> String {
        posters.prepare(titles.compactMap(\.posterPath).filter { !$0.isEmpty }.map(ImageReference.fileName(forTMDbPath:)))
        var items: [String] = []
        for (name, path, n) in titles where items.count < 8 {
            guard let uri = posters.dataURI(path) else { continue }
            items.append("<li><img src=\"\(uri)\" alt=\"\(esc(name))\" width=\"92\" height=\"138\"><span>\(esc(name)): \(n)</span></li>")
        }
        guard !items.isEmpty else { return "" }
        return "<h3>Most watched\(span)</h3>\n<ul class=\"posters\">\n" + items.joined(separator: "\n") + "\n</ul>\n"
    }
}
