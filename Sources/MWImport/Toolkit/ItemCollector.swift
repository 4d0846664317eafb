import Foundation
import MWFoundation

/// Folds the rows of one export into items and keeps the per-file statistics. Readers ask for
/// an item by its keys (any of which may already name one) and update it; each record ends with
/// ``finishRow()``, which books the record as producing an item, folded into an earlier one,
/// malformed or ignored — so a file's numbers always add up to the records read.
public final class ItemCollector {
    public let service: ForeignService
    /// Identifies the export (its ZIP/folder path, or "" for loose files) in list keys.
    public let exportKey: String
    private(set) var items: [ForeignItem] = []
    private var index: [String: Int] = [:]
    /// Items sharing a loose key (title and year), for rows that carry no link to join by.
    var loose: [String: [Int]] = [:]
    var lists: [ForeignList] = []
    private(set) var files: [FileStats] = []
    var diagnostics: [Diagnostic] = []
    /// Blank rows (`,,,,`) of each file, by its displayed path: no reader sees them (tables
    /// leave them out), and ``beginFile(_:kind:)`` books them as ignored, so every service
    /// counts them alike.
    var blankRows: [String: Int] = [:]

    private var current: FileStats?
    private var keysInFile = Set<String>()
    private var created = false, folded = false, duplicate = false
    private var outcome: Outcome?
    private enum Outcome { case malformed(MalformedRow), ignored(String), list }

    init(service: ForeignService, exportKey: String) {
        self.service = service
        self.exportKey = exportKey
    }

    // MARK: Files

    public func beginFile(_ display: String, kind: FileStats.Kind) {
        endFile()
        current = FileStats(file: display, service: service, kind: kind)
        keysInFile = []
        if let n = blankRows[display], n > 0 { ignoreRows(n, ItemCollector.blankRow) }
    }

    public func endFile() {
        if let c = current { files.append(c) }
        current = nil
    }

    /// A whole file that could not be read.
    public func malformedFile(_ display: String, kind: FileStats.Kind, reason: String, diagnostic: Diagnostic) {
        endFile()
        var s = FileStats(file: display, service: service, kind: kind, read: false, note: reason)
        s.malformed.append(MalformedRow(position: display, reason: reason))
        files.append(s)
        diagnostics.append(diagnostic)
    }

    /// The reason blank rows are counted under.
    public static let blankRow = "blank row"

    /// Notes the blank rows of the CSV files about to be read.
    func countBlankRows(_ files: [(ExportFile, FileStats.Kind, ExportContent)]) {
        for (file, _, content) in files {
            if let n = content.csv?.blankRowCount, n > 0 { blankRows[file.display, default: 0] += n }
        }
    }

    // MARK: Items

    /// The index of the item named by any of `keys`, created with `make` when none is; every
    /// key then names it. `source` joins the item's sources.
    /// `join`, when given, is an item the caller has matched by other means (a looser key).
    @discardableResult
    public func item(keys: [String], join: Int? = nil, source: SourceRef, make: () -> ForeignItem) -> Int {
        let keys = keys.filter { !$0.isEmpty }
        if let i = keys.lazy.compactMap({ self.index[$0] }).first ?? join {
            if !items[i].sources.contains(source) { items[i].sources.append(source) }
            folded = true
            if keys.contains(where: keysInFile.contains) { duplicate = true }
            for k in keys where index[k] == nil { index[k] = i }
            keysInFile.formUnion(keys)
            return i
        }
        let i = items.count
        items.append(make())
        for k in keys { index[k] = i }
        keysInFile.formUnion(keys)
        created = true
        return i
    }

    /// The index of an existing item named by any of `keys`, without touching statistics.
    public func existing(keys: [String]) -> Int? { keys.lazy.compactMap { self.index[$0] }.first }

    /// Adds `keys` as names of item `i`.
    public func alias(_ i: Int, keys: [String]) { for k in keys where !k.isEmpty && index[k] == nil { index[k] = i } }

    public func update(_ i: Int, _ body: (inout ForeignItem) -> Void) { body(&items[i]) }

    // MARK: Rows

    /// The current record is malformed (reported with a diagnostic).
    public func malformed(_ position: String, _ reason: String, _ diagnostic: Diagnostic) {
        outcome = .malformed(MalformedRow(position: position, reason: reason))
        diagnostics.append(diagnostic)
    }

    /// The current record is deliberately not imported, for `reason`.
    public func ignore(_ reason: String) { if outcome == nil { outcome = .ignored(reason) } }

    /// The current record describes a list.
    public func listRow() { if outcome == nil { outcome = .list } }

    /// A value-level problem: reported, the row goes on.
    public func warn(_ d: Diagnostic) { diagnostics.append(d) }

    /// Books the current record.
    public func finishRow() {
        guard current != nil else { return }
        current!.rowsRead += 1
        switch outcome {
        case .malformed(let m): current!.malformed.append(m)
        case .ignored(let r): current!.ignored[r, default: 0] += 1
        case .list: current!.listsProduced += 1
        case nil:
            if created { current!.itemsProduced += 1 } else if folded {
                current!.rowsFolded += 1
                if duplicate { current!.duplicatesFolded += 1 }
            } else { current!.ignored["nothing to import", default: 0] += 1 }
        }
        created = false; folded = false; duplicate = false; outcome = nil
    }

    /// Counts `n` records at once as ignored for `reason` (a file read only to be counted).
    public func ignoreRows(_ n: Int, _ reason: String) {
        guard current != nil, n > 0 else { return }
        current!.rowsRead += n
        current!.ignored[reason, default: 0] += n
    }

    /// Adds a list unless one with its key exists; returns the key.
    @discardableResult
    public func addList(_ list: ForeignList) -> String {
        if !lists.contains(where: { $0.key == list.key }) { lists.append(list) }
        return list.key
    }

    public func listKey(_ id: String) -> String { "\(service.rawValue):\(exportKey):\(id)" }

    /// The collected results.
    func result() -> ForeignExport {
        endFile()
        return ForeignExport(items: items, lists: lists, files: files, diagnostics: diagnostics)
    }
}
