import Foundation
import MWTMDb
#if canImport(Glibc)
import Glibc
#endif

/// Progress of a long run on stderr: a redrawn bar (done/total, rate, ETA) on a terminal,
/// plain lines every few seconds otherwise (logs, CI).
final class ProgressDisplay: @unchecked Sendable {
    private let lock = NSLock()
    private let tty = isatty(2) == 1
    private var phaseStart = Date()
    private var phase: HydrateProgress.Phase?
    private var lastDraw = Date.distantPast
    private var drewBar = false

    func update(_ p: HydrateProgress) {
        lock.lock(); defer { lock.unlock() }
        let now = Date()
        if p.phase != phase { finishLocked(); phase = p.phase; phaseStart = now }
        let interval = tty ? 0.1 : 5
        guard now.timeIntervalSince(lastDraw) >= interval || p.done == p.total else { return }
        lastDraw = now
        let elapsed = max(0.001, now.timeIntervalSince(phaseStart))
        let rate = Double(p.done) / elapsed
        let eta = rate > 0 ? Double(p.total - p.done) / rate : 0
        // The first items say nothing about the rate; show it once there is something to measure.
        let stats = elapsed < 0.5 && p.done < p.total
            ? "\(p.done)/\(p.total)"
            : String(format: "%d/%d  %.1f/s  ETA %@", p.done, p.total, rate, Self.clock(eta))
        if tty {
            let width = 30
            let filled = p.total > 0 ? width * p.done / p.total : width
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            FileHandle.standardError.write(Data("\r\(p.phase.rawValue) \(bar) \(stats)\u{1B}[K".utf8))
            drewBar = true
        } else {
            FileHandle.standardError.write(Data("\(p.phase.rawValue): \(stats)\n".utf8))
        }
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
