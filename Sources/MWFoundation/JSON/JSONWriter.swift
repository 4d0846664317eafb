import Foundation

/// A small streaming JSON writer: objects with keys in the order given, strings escaped as
/// Swift's `JSONEncoder` does (optionally `/` as `\/`), chunks handed to `emit` every 1 MiB
/// so large backups never sit in memory twice.
public struct JSONWriter {
    public var buf: [UInt8] = []
    public let pretty: Bool
    public let escapeSlash: Bool
    /// JSONEncoder's pretty style puts a space before the colon (`"key" : value`).
    public let spaceBeforeColon: Bool
    public let emit: ([UInt8]) -> Void
    private var level = 0
    private var needsComma: [Bool] = [false]
    /// The last date written and its text: records of one import or restore share their
    /// timestamps, and formatting an exact fraction costs microseconds a date.
    private var lastDate: (seconds: Double, text: String)?

    public init(pretty: Bool, escapeSlash: Bool, spaceBeforeColon: Bool, emit: @escaping ([UInt8]) -> Void) {
        self.pretty = pretty
        self.escapeSlash = escapeSlash
        self.spaceBeforeColon = spaceBeforeColon
        self.emit = emit
        buf.reserveCapacity(1 << 20 + 65536)
    }

    /// Off in a writer that encodes part of a document for another to take (``elements(_:chunk:_:)``).
    private var flushes = true

    public mutating func flushIfNeeded() {
        if flushes && buf.count >= 1 << 20 { emit(buf); buf.removeAll(keepingCapacity: true) }
    }

    /// Writes each of `items` as an element of the array being written (`encode` writes one),
    /// chunk by chunk, two chunks at a time on two threads, each into a writer of its own at
    /// this one's place, taken in order: the bytes one writer gives, in about half the time on
    /// two cores (writing a 50,000-book library was a sixth of an import), with at most two
    /// chunks in memory beside the usual buffer. `encode` is called from two threads at once.
    public mutating func elements<T>(_ items: UnsafeBufferPointer<T>, chunk: Int = 512, _ encode: (inout JSONWriter, T) -> Void) {
        var first = part(), second = part()
        var start = 0
        while start < items.count {
            let mid = min(start + chunk, items.count), end = min(mid + chunk, items.count)
            guard end > mid else {
                for i in start..<mid { element(); encode(&self, items[i]) }
                break
            }
            first.take(placeOf: self, afterAnElement: false)
            second.take(placeOf: self, afterAnElement: true)  // the first part writes at least one
            TwoThreads.run({
                for i in start..<mid { first.element(); encode(&first, items[i]) }
            }, {
                for i in mid..<end { second.element(); encode(&second, items[i]) }
            })
            append(&first)
            append(&second)
            start = end
        }
    }

    /// A writer with this one's options and an empty buffer that never flushes.
    private func part() -> JSONWriter {
        var w = JSONWriter(pretty: pretty, escapeSlash: escapeSlash, spaceBeforeColon: spaceBeforeColon, emit: { _ in })
        w.flushes = false
        return w
    }

    /// Puts this part at `other`'s place in the document (after an element of the array there, if so).
    private mutating func take(placeOf other: JSONWriter, afterAnElement: Bool) {
        level = other.level
        needsComma = other.needsComma
        if afterAnElement { needsComma[needsComma.count - 1] = true }
    }

    /// Appends what `part` wrote and goes on from where it stopped; `part` is emptied.
    private mutating func append(_ part: inout JSONWriter) {
        buf.append(contentsOf: part.buf)
        part.buf.removeAll(keepingCapacity: true)
        level = part.level
        needsComma = part.needsComma
        flushIfNeeded()
    }

    public mutating func finish() {
        if pretty { buf.append(0x0A) }
        emit(buf)
        buf.removeAll()
    }

    private mutating func newline() {
        buf.append(0x0A)
        // Byte by byte: `append(contentsOf: repeatElement(…))` ran unspecialised, through the
        // generic sequence copy, and was 39% of a books import's instructions (issue 29).
        for _ in 0..<(2 * level) { buf.append(0x20) }
    }

    private mutating func separate() {
        if needsComma[needsComma.count - 1] { buf.append(UInt8(ascii: ",")) }
        needsComma[needsComma.count - 1] = true
        if pretty && level > 0 { newline() }
    }

    public mutating func beginObject() { buf.append(UInt8(ascii: "{")); level += 1; needsComma.append(false) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray() { buf.append(UInt8(ascii: "[")); level += 1; needsComma.append(false) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    private mutating func close(_ c: UInt8) {
        let hadItems = needsComma.removeLast()
        level -= 1
        if pretty && hadItems { newline() }
        buf.append(c)
        flushIfNeeded()
    }

    /// Starts a key inside an object.
    public mutating func key(_ k: StaticString) {
        separate()
        buf.append(UInt8(ascii: "\""))
        for i in 0..<k.utf8CodeUnitCount { buf.append(k.utf8Start[i]) }  // as newline(): no generic copy
        buf.append(UInt8(ascii: "\""))
        if pretty && spaceBeforeColon { buf.append(0x20) }
        buf.append(UInt8(ascii: ":"))
        if pretty { buf.append(0x20) }
    }

    /// Starts an element inside an array.
    public mutating func element() { separate() }

    public mutating func string(_ s: String) {
        buf.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { u in
            var runStart = 0
            for i in 0..<u.count {
                let c = u[i]
                // Plain bytes first, in plain comparisons: the patterns below (a range, `ascii:`
                // initialisers) were evaluated at run time for every byte written (issue 29).
                if c >= 0x20 && c != 0x22 && c != 0x5C && c != 0x2F { continue }
                let esc: UInt8?
                switch c {
                case 0x22: esc = 0x22  // "
                case 0x5C: esc = 0x5C  // \
                case 0x2F where escapeSlash: esc = 0x2F  // /
                case 0x2F: continue
                case 0x08: esc = UInt8(ascii: "b")
                case 0x0C: esc = UInt8(ascii: "f")
                case 0x0A: esc = UInt8(ascii: "n")
                case 0x0D: esc = UInt8(ascii: "r")
                case 0x09: esc = UInt8(ascii: "t")
                default: esc = 0
                }
                buf.append(contentsOf: UnsafeBufferPointer(rebasing: u[runStart..<i]))
                buf.append(UInt8(ascii: "\\"))
                if esc == 0 {
                    let hex = Array("0123456789abcdef".utf8)
                    buf.append(contentsOf: [UInt8(ascii: "u"), 48, 48, hex[Int(c >> 4)], hex[Int(c & 15)]])
                } else {
                    buf.append(esc!)
                }
                runStart = i + 1
            }
            buf.append(contentsOf: UnsafeBufferPointer(rebasing: u[runStart..<u.count]))
        }
        buf.append(UInt8(ascii: "\""))
    }

    public mutating func int<I: BinaryInteger>(_ v: I) { buf.append(contentsOf: String(v).utf8) }
    public mutating func double(_ v: Double) { buf.append(contentsOf: DateCoding.jsonNumber(v).utf8) }
    public mutating func bool(_ v: Bool) { buf.append(contentsOf: (v ? "true" : "false").utf8) }

    // Key + value shorthands; optional ones write nothing when nil.
    public mutating func field(_ k: StaticString, _ v: String) { key(k); string(v) }
    public mutating func field(_ k: StaticString, _ v: String?) { if let v { key(k); string(v) } }
    public mutating func field(_ k: StaticString, _ v: Int) { key(k); int(v) }
    public mutating func field(_ k: StaticString, _ v: Int?) { if let v { key(k); int(v) } }
    public mutating func field(_ k: StaticString, _ v: Int64) { key(k); int(v) }
    public mutating func field(_ k: StaticString, _ v: Int64?) { if let v { key(k); int(v) } }
    public mutating func field(_ k: StaticString, _ v: Double?) { if let v { key(k); double(v) } }
    public mutating func field(_ k: StaticString, _ v: Bool) { key(k); bool(v) }
    public mutating func field(_ k: StaticString, _ v: Bool?) { if let v { key(k); bool(v) } }
    /// A date as RFC 3339 (``DateCoding/formatRFC3339(_:)``); nothing when nil.
    public mutating func field(_ k: StaticString, date: Date?) {
        guard let date else { return }
        let seconds = date.timeIntervalSinceReferenceDate
        if let last = lastDate, last.seconds == seconds {
            field(k, last.text)
            return
        }
        let text = DateCoding.formatRFC3339(date)
        lastDate = (seconds, text)
        field(k, text)
    }

    public mutating func field(_ k: StaticString, _ v: [String]) {
        key(k)
        beginArray()
        for s in v { element(); string(s) }
        endArray()
    }
}
