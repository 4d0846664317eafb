import Foundation
import MWCore
#if canImport(Glibc)
import Glibc
#endif

/// Progress of a long run on stderr: a redrawn bar (done/total, rate, MB/s, failures, ETA) on
/// a terminal, plain lines every few seconds otherwise (logs, CI).
final class ProgressDisplay: Sendable {
    private let tty = isatty(2) == 1
    private struct State {
        var phaseStart = Date()
        var phase: String?
        var lastDraw = Date.distantPast
        var drewBar = false
    }
    private let state = Locked(State())

    /// Shows `done` of `total` items of `phase`; `bytes` (input read so far) adds MB/s.
    func update(_ phase: String, done: Int, total: Int, bytes: Int64? = nil, failed: Int = 0) {
        state.withLock { s in
            let now = Date()
            if phase != s.phase { Self.finish(&s); s.phase = phase; s.phaseStart = now }
            let interval = tty ? 0.1 : 5
            guard now.timeIntervalSince(s.lastDraw) >= interval || done == total else { return }
            s.lastDraw = now
            let elapsed = max(0.001, now.timeIntervalSince(s.phaseStart))
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
                s.drewBar = true
            } else {
                FileHandle.standardError.write(Data("\(phase): \(stats)\n".utf8))
            }
        }
    }

    /// Runs `body` (which prints lines of its own) with the bar cleared first.
    func pause(_ body: () -> Void) {
        state.withLock { s in
            Self.finish(&s)
            body()
        }
    }

    func finish() { state.withLock { Self.finish(&$0) } }

    private static func finish(_ s: inout State) {
        if s.drewBar { FileHandle.standardError.write(Data("\n".utf8)); s.drewBar = false }
    }

    static func clock(_ s: Double) -> String {
        let t = Int(s.rounded())
        return t >= 3600 ? String(format: "%d:%02d:%02d", t / 3600, t / 60 % 60, t % 60) : String(format: "%d:%02d", t / 60, t % 60)
    }
}
