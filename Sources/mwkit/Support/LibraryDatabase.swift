import ArgumentParser
import Foundation
import MWStore

/// The library database a command's `--db` names, else the default one (``StoreLocation``:
/// `$MWKIT_DB`, else the XDG data folder; docs/DATABASE.md).
func libraryDatabase(_ db: String?) -> URL {
    db.map { URL(fileURLWithPath: $0) } ?? StoreLocation.defaultURL()
}

/// `--db PATH` of the commands that work on the library database itself (`archive`, `restore`,
/// `check`), declared once.
struct DatabaseOption: ParsableArguments {
    @Option(help: "The library database (default: $MWKIT_DB, else $XDG_DATA_HOME/mwkit/library.sqlite, else ~/.local/share/mwkit/library.sqlite).")
    var db: String?

    /// The database named, else the default one.
    var url: URL { libraryDatabase(db) }
}
