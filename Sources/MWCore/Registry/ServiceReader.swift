import MWFoundation

/// How a registry recognises the files of another service's export (Letterboxd, Goodreads…):
/// the part of a service's reader every family shares. Each family's import pipeline asks the
/// registry for its services and casts the reader to its own protocol, which adds the reading
/// (`FilmServiceReader` in MWImport, `BookServiceReader` in MWBooks).
public protocol ServiceReader: Sendable {
    /// The registry name (`letterboxd`): `--from`, summaries, each imported record's source.
    var name: String { get }
    /// The name people write (`Letterboxd`), for messages.
    var displayName: String { get }
    /// The role of `file` in this service's export (`letterboxdDiary`, `goodreads-24`…), decided
    /// from its content — its header set, its JSON shape — and, where the service writes one
    /// shape for several files, its path inside the export; nil when the file carries no
    /// signature of this service. Never decided by the file's extension.
    func role(of file: ExportFile, _ content: ExportContent) -> String?
}

/// A library of one model family, as formats read and write it: the films ``Library`` or
/// another family's (BooksTrack's `BookLibrary`). One write path takes any of them.
public protocol LibraryModel: Sendable {
    /// The family the library belongs to.
    static var family: ModelFamily { get }
}

extension Library: LibraryModel {
    public static var family: ModelFamily { .films }
}
