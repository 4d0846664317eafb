import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Progress of a long run on stderr: a redrawn bar (done/total, rate, MB/s, failures, ETA) on
/// a terminal, plain lines every few seconds otherwise (logs, CI).
final class ProgressDisplay: @unchecked Sendable {  // Sendable: every var is read and written holding `lock`
    private let lock = NSLock()
    private let tty = isatty(2) == 1
    private var phaseStart = Date()
    private var phase: String?
    private var lastDraw = Date.distantPast
    private var drewBar = false

    /// Shows `done` of `total` items of `phase`; `bytes` (input read so far) adds MB/s.
    func update(_ phase: String, done: Int, total: Int, bytes: Int64? = nil, failed: Int = 0) {
        lock.lock(); defer { lock.unlock() }
        let now = Date()
        if phase != self.phase { finishLocked(); self.phase = phase; phaseStart = now }
        let interval = tty ? 0.1 : 5
        guard now.timeIntervalSince(lastDraw) >= interval || done == total else { return }
        lastDraw = now
        let elapsed = max(0.001, now.timeIntervalSince(phaseStart))
        let rate = Double(done) / elapsed
        let eta = rate > 0 ? Double(total - done) / rate : 0
        // The first items say nothing about the rate; show it once there is something to measure.
        var stats = "\(done)/\(total)"
        if elapsed >= 0.5 || done == total {
            stats += String(format: "  %.1f/s", rate)
            if let bytes { stats += String(format: "  %.1f MB/s", Double(bytes) / 1e6 / elapsed) }
            if failed > 0 { stats += "  \(failed) failed" }
            stats += "  ETA " + Self.clock(eta)
        }
        if tty {
            let width = 30
            let filled = total > 0 ? width * done / total : width
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            FileHandle.standardError.write(Data("\r\(phase) \(bar) \(stats)\u{1B}[K".utf8))
            drewBar = true
        } else {
            FileHandle.standardError.write(Data("\(phase): \(stats)\n".utf8))
        }
    }

    /// Runs `body` (which prints lines of its own) with the bar cleared first.
    func pause(_ body: () -> Void) {
        lock.lock(); defer { lock.unlock() }
        finishLocked()
        body()
    }

    func finish() { lock.lock(); finishLocked(); lock.unlock() }

    private func finishLocked() {
        if drewBar { FileHandle.standardError.write(Data("\n".utf8)); drewBar = false }
    }

    static func clock(_ s: Double) -> String {
        let t = Int(s.rounded())
        return t >= 3600 ? String(format: "%d:%02d:%02d", t / 3600, t / 60 % 60, t % 60) : String(format: "%d:%02d", t / 60, t % 60)
    }
}
