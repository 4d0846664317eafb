import Foundation

/// Collects diagnostics, stopping at a cap on errors (`--max-errors`).
struct DiagnosticBag {
    var items: [Diagnostic] = []
    var errors = 0
    let maxErrors: Int?
    var capped = false

    init(maxErrors: Int?) { self.maxErrors = maxErrors }

    var isFull: Bool { capped }

    mutating func add(_ d: Diagnostic) {
        if capped { return }
        if d.severity == .error {
            if let m = maxErrors, errors >= m {
                capped = true
                items.append(.init(.warning, .limitReached, "stopped after \(m) errors (--max-errors)"))
                return
            }
            errors += 1
        }
        items.append(d)
    }
}
