import Foundation
import MWFoundation

/// A file's content parsed once, for detection and reading. JSON goes through Foundation's
/// JSONSerialization: export JSON files are small (the largest real Trakt history is a few MB),
/// read whole anyway, and walked by key with optional fields and nulls everywhere, which a
/// dictionary walk states most plainly; positions are reported as the element's index.
enum ParsedFile {
    case csv(CSVFile)
    case json(Any)
    /// Not readable as text or JSON; the diagnostic says why.
    case broken(Diagnostic)

    init(_ file: InputFile) {
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
            self = .csv(try CSVFile(bytes: file.bytes, name: file.display))
        } catch MWError.invalid(let d) {
            var diag = d.first ?? .error(.importMalformedFile, "\(file.display) cannot be read as CSV")
            diag.code = DiagnosticCode.importMalformedFile.rawValue
            diag.message = "\(file.display) is not a text file (it holds NUL bytes); skipped"
            self = .broken(diag)
        } catch {
            self = .broken(.error(.importMalformedFile, "\(file.display) cannot be read as CSV: \(error)"))
        }
    }

    var csv: CSVFile? { if case .csv(let c) = self { return c }; return nil }
    var json: Any? { if case .json(let j) = self { return j }; return nil }

    /// The first record that is not blank: the header of a plain CSV export.
    var firstRecord: CSVFile.Record? { csv?.records.first { !($0.fields.count == 1 && $0.fields[0].isEmpty) } }

    /// The header names of a plain CSV in lower case.
    var headerKeys: Set<String> { Set(firstRecord?.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? []) }
}

extension CSVTable {
    /// Every value of `row`, trimmed; nil when the column is absent or empty.
    func text(_ row: CSVFile.Record, _ names: String...) -> String? {
        for n in names { if let v = Values.text(value(row, n)) { return v } }
        return nil
    }

    /// The source reference of `row`.
    func ref(_ service: ForeignService, _ file: InputFile, _ row: CSVFile.Record, uri: String? = nil) -> SourceRef {
        SourceRef(service: service, file: file.inner, line: row.line, row: rowNumber(row), uri: uri)
    }

    /// Non-empty values of the columns not in `known` (lower-case names), as extras.
    func extras(_ row: CSVFile.Record, known: Set<String>, source: SourceRef) -> [ForeignExtra] {
        var out: [ForeignExtra] = []
        for (i, name) in header.fields.enumerated() where i < row.fields.count {
            let k = name.trimmingCharacters(in: .whitespaces).lowercased()
            guard !known.contains(k), let v = Values.text(row.fields[i]) else { continue }
            out.append(ForeignExtra(field: name, value: v, source: source))
        }
        if row.fields.count > header.fields.count {
            for v in row.fields[header.fields.count...] where Values.text(v) != nil {
                out.append(ForeignExtra(field: "(beyond the header)", value: v, source: source))
            }
        }
        return out
    }
}
