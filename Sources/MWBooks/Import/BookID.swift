import Foundation
import MWFoundation

/// Ids of the records a book import creates (works, editions, authors, entries), made by
/// ``StableID`` (the one id maker) from what each record stands for, so the same files give the
/// same library byte for byte and a re-import finds the ids it made.
enum BookID {
    static func make(_ kind: String, _ key: String) -> String { StableID.uuid("book/" + kind, [key]) }
}
