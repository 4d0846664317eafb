import Foundation
import MWStore

/// The library database a command's `--db` names, else the default one (``StoreLocation``:
/// `$MWKIT_DB`, else the XDG data folder; docs/DATABASE.md).
func libraryDatabase(_ db: String?) -> URL {
    db.map { URL(fileURLWithPath: $0) } ?? StoreLocation.defaultURL()
}
