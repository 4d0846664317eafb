import Foundation
import MWFoundation
import MWMacros
import Testing

/// A struct of every kind of member the macro meets: what the generated `public init` takes, in
/// what order, with what defaults, is checked by building values of it.
@PublicMemberwiseInit(requiring: ["seen"])
public struct MacroSample {
    public static let shared = 7
    public var name: String
    public var note: String?
    /// An Optional named in `requiring:`: a parameter without a default.
    public var seen: Int?
    public var count: Int = 1
    public var tags: [String] = ["a"]
    /// A constant with a value: not a parameter.
    public let kind: String = "sample"
    public var changes: Int = 0 { didSet { changed = true } }
    public var changed: Bool = false
    public var total: Int { count + changes }
}

/// A stored closure takes an `@escaping` parameter.
@PublicMemberwiseInit
public struct MacroClosureSample {
    public var transform: (Int) -> Int
    public var onDone: (@Sendable () -> Void)?
}

@Suite struct PublicMemberwiseInitTests {
    @Test func defaultsComeFromInitialValuesAndOptionals() {
        let s = MacroSample(name: "x", seen: nil)
        #expect(s.name == "x")
        #expect(s.note == nil)
        #expect(s.seen == nil)
        #expect(s.count == 1)
        #expect(s.tags == ["a"])
        #expect(s.kind == "sample")
        #expect(s.changes == 0 && !s.changed)
    }

    @Test func everyArgumentInDeclarationOrder() {
        let s = MacroSample(name: "y", note: "n", seen: 3, count: 5, tags: [], changes: 2, changed: true)
        #expect(s.name == "y")
        #expect(s.note == "n")
        #expect(s.seen == 3)
        #expect(s.count == 5)
        #expect(s.tags == [])
        #expect(s.changes == 2 && s.changed)
        #expect(s.total == 7)
    }

    @Test func closuresEscape() {
        let s = MacroClosureSample(transform: { $0 * 2 })
        #expect(s.transform(21) == 42)
        #expect(s.onDone == nil)
    }

    /// A type of the library built through its generated init, defaults and all.
    @Test func libraryTypeKeepsItsParameters() {
        let day = Date(timeIntervalSinceReferenceDate: 0)
        let d = ForeignDate(raw: "2001-01-01", precision: .day, date: day)
        #expect(d.raw == "2001-01-01" && d.precision == .day && d.date == day)
        let row = MalformedRow(position: "line 3", reason: "no title")
        #expect(row.position == "line 3" && row.reason == "no title")
    }

    /// `requiring:` naming no Optional property (a typo, a renamed property) stops the build
    /// with the name, checked by the compiler itself with the built plugin; the same source
    /// with the right name type-checks.
    @Test func requiringANameThatIsNoOptionalPropertyIsRefused() throws {
        let bundleDir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let plugin = try #require([bundleDir, bundleDir.deletingLastPathComponent()].map { $0.appendingPathComponent("MWMacrosPlugin-tool") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }, "MWMacrosPlugin-tool is built beside the tests")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("macro-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        func typecheck(requiring name: String) throws -> (status: Int32, stderr: String) {
            let source = dir.appendingPathComponent("Sample.swift")
            try """
                @attached(member, names: named(init))
                macro PublicMemberwiseInit(requiring: [String] = []) = #externalMacro(module: "MWMacrosPlugin", type: "PublicMemberwiseInitMacro")
                @PublicMemberwiseInit(requiring: ["\(name)"])
                public struct Sample { public var seen: Int?; public var count: Int = 1; public var name: String }
                """.write(to: source, atomically: true, encoding: .utf8)
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            p.arguments = ["swiftc", "-typecheck", source.path, "-load-plugin-executable", plugin.path + "#MWMacrosPlugin"]
            let err = Pipe()
            p.standardError = err
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitUntilExit()
            return (p.terminationStatus, text)
        }
        #expect(try typecheck(requiring: "seen").status == 0)
        for stray in ["sen", "count", "name"] {
            let r = try typecheck(requiring: stray)
            #expect(r.status != 0, "requiring: [\"\(stray)\"] was accepted")
            #expect(r.stderr.contains("requiring: names '\(stray)'"), "\(r.stderr)")
        }
    }
}
