import Foundation

/// One file of a service's export, read into memory (exports are a few MB): what every
/// service reader of either family detects and reads.
public struct ExportFile {
    /// The export it belongs to: the ZIP or folder given, or "" for files given one by one.
    public var container: String
    /// The path inside the export (`lists/faves.csv`), or the file's name when given alone —
    /// what readers look at for roles (`deleted/`, `likes/films.csv`, `lists-watchlist.json`).
    public var inner: String
    /// The path shown to the user (`export.zip/diary.csv`, `/path/to/folder/diary.csv`).
    public var display: String
    public var bytes: [UInt8]

    public init(container: String = "", inner: String, display: String? = nil, bytes: [UInt8]) {
        self.container = container
        self.inner = inner
        self.display = display ?? inner
        self.bytes = bytes
    }

    /// The file's name, without folders.
    public var baseName: String { (inner as NSString).lastPathComponent }
    /// Path components of ``inner`` in lower case, for role checks.
    public var components: [String] { inner.lowercased().split(separator: "/").map(String.init) }
}

/// A file's content parsed once, for detection and reading. JSON goes through Foundation's
/// JSONSerialization: export JSON files are small (the largest real Trakt history is a few MB),
/// read whole anyway, and walked by key with optional fields and nulls everywhere, which a
/// dictionary walk states most plainly; positions are reported as the element's index.
public enum ExportContent {
    case csv(CSVFile)
    case json(Any)
    /// Not readable as text or JSON; the diagnostic says why.
    case broken(Diagnostic)

    public init(_ file: ExportFile) {
        let firstByte = file.bytes.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF) }
        if firstByte == UInt8(ascii: "[") || firstByte == UInt8(ascii: "{") {
            if let v = try? JSONSerialization.jsonObject(with: Data(file.bytes), options: [.fragmentsAllowed]) {
                self = .json(v)
                return
            }
            if firstByte == UInt8(ascii: "{") || !file.bytes.contains(UInt8(ascii: ",")) {
                self = .broken(.error(.importMalformedFile, "\(file.display) starts like JSON but is not valid JSON"))
                return
            }
        }
        do {
            // The separator is read from the header: a file re-saved by a spreadsheet set to a
            // European locale uses `;`, and every service's reader gets the same table.
            self = .csv(try CSVFile(detectingDelimiterIn: file.bytes, name: file.display))
        } catch MWError.invalid(let d) {
            var diag = d.first ?? .error(.importMalformedFile, "\(file.display) cannot be read as CSV")
            diag.code = DiagnosticCode.importMalformedFile.rawValue
            diag.message = "\(file.display) is not a text file (it holds NUL bytes); skipped"
            self = .broken(diag)
        } catch {
            self = .broken(.error(.importMalformedFile, "\(file.display) cannot be read as CSV: \(error)"))
        }
    }

    /// The CSV, when the content is one.
    public var csv: CSVFile? { if case .csv(let c) = self { return c }; return nil }
    /// The JSON value, when the content is JSON.
    public var json: Any? { if case .json(let j) = self { return j }; return nil }

    /// The first record that is not blank: the header of a plain CSV export.
    public var firstRecord: CSVFile.Record? { csv?.records.first { !$0.isBlank } }

    /// The header names of a plain CSV in lower case; an empty name is no column (a
    /// spreadsheet's stray last column) and is left out, so detection sees the export's own.
    public var headerKeys: Set<String> {
        Set(firstRecord?.fields.lazy.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty } ?? [])
    }
}
