import Foundation

extension RowReading {
    /// The reading status the word in `column` names (Hardcover's `Status`, StoryGraph's `Read
    /// Status`), and the word: to-read when the cell is empty (reported) or its word names no
    /// status (which ``BookRow/keepStatusWord(_:_:)`` then keeps, once the row's dates are read).
    mutating func status(_ column: String) -> (status: ReadingStatus, word: String?) {
        guard let word = text(column) else {
            bad(column, "no \(column); imported as to-read")
            return (.toRead, nil)
        }
        return (ReadingStatus.from(word) ?? .toRead, word)
    }
}

extension BookRow {
    /// A status word of unknown meaning: the user's word stays (a tag), reported once per file;
    /// the dates give the status. A word that names a status, or none, changes nothing.
    mutating func keepStatusWord(_ word: String?, _ out: inout BookFileRead) {
        guard let word, ReadingStatus.from(word) == nil else { return }
        status = dateCompleted != nil ? .read : .toRead
        tags.insert(word, at: 0)
        out.unknownStatus(word)
    }
}
