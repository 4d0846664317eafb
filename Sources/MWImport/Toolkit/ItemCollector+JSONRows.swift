import Foundation
import MWFoundation

extension ItemCollector {
    /// Every element of a JSON array file through the prologue the JSON-array services share, as
    /// ``CSVTable/eachRow(_:_:_:_:)`` does for a CSV: an element that is no object is malformed
    /// (nothing of it is guessed at); `body` reads the others, given their index and source
    /// reference (row: the index + 1); each element is booked (``finishRow()``).
    func eachObject(_ array: [Any], _ service: ForeignService, _ file: ExportFile, _ body: ([String: Any], Int, SourceRef) -> Void) {
        for (n, element) in array.enumerated() {
            defer { finishRow() }
            let src = SourceRef(service: service, file: file.inner, row: n + 1, shown: file.display)
            guard let e = element as? [String: Any] else {
                malformed(src.position, "not an object", .error(.importMalformedRow, "\(file.display): element \(n) is not an object", pointer: "/\(n)"))
                continue
            }
            body(e, n, src)
        }
    }
}
