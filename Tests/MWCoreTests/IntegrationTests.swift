import Foundation
import Testing
@testable import MWCore

/// The formats wired together through the CLI: ZIP in validate/convert/stats, restore of a
/// ZIP into a real SQLite file and archive back out, byte for byte.
@Suite("Integration", .serialized)
struct IntegrationTests {
    let v2 = TestSupport.samples.appendingPathComponent("mediawatch-v2.json")

    /// A directory of fake images for every path the v2 sample refers to.
    func imageDir(in dir: URL) throws -> (URL, Int) {
        let lib = try BackupIO.read(url: v2).library!
        let img = dir.appendingPathComponent("img")
        try FileManager.default.createDirectory(at: img, withIntermediateDirectories: true)
        let names = Set(lib.imageReferences.map(\.fileName))
        for n in names { try Data(([0xFF, 0xD8, 0xFF, 0xE0] + Array(n.utf8)) + [UInt8](repeating: 7, count: 500)).write(to: img.appendingPathComponent(n)) }
        return (img, names.count)
    }

    @Test func zipThroughEveryCommand() throws {
        let dir = try TestSupport.tempDir()
        let env = ["SOURCE_DATE_EPOCH": "1800000000"]
        let (img, n) = try imageDir(in: dir)
        #expect(n > 0)
        let zip = dir.appendingPathComponent("b.zip").path
        // The newest formatVersion (what convert writes): pack copies it as it is.
        // The newest formatVersion, which a ZIP → ZIP convert writes again unchanged.
        let v3 = TestSupport.samples.appendingPathComponent("mediawatch-v5.json")
        #expect(try TestSupport.run(["pack", v3.path, "--images", img.path, "-o", zip], env: env).status == 0)
        // validate and stats detect the ZIP by content, whatever its name.
        let renamed = dir.appendingPathComponent("backup.dat").path
        try FileManager.default.copyItem(atPath: zip, toPath: renamed)
        let val = try TestSupport.run(["validate", renamed])
        #expect(val.status == 0 && val.stdout.contains("valid (mediawatch-zip)"))
        #expect(try TestSupport.run(["stats", zip]).stdout.contains("Titles: 5"))
        // ZIP → JSON says how many images were left behind; ZIP → ZIP keeps them, byte for byte.
        let toJSON = try TestSupport.run(["convert", zip, "--to", "mediawatch-v2", "-o", dir.appendingPathComponent("b.json").path], env: env)
        #expect(toJSON.status == 0 && toJSON.stderr.contains("\(n) image\(n == 1 ? " in the ZIP was" : "s in the ZIP were") left behind"))
        let zip2 = dir.appendingPathComponent("b2.zip").path
        #expect(try TestSupport.run(["convert", zip, "--to", "mediawatch-zip", "-o", zip2], env: env).status == 0)
        #expect(FileManager.default.contentsEqual(atPath: zip, andPath: zip2))
        // A truncated ZIP is invalid (exit 1), never a crash.
        let data = try Data(contentsOf: URL(fileURLWithPath: zip))
        let cut = dir.appendingPathComponent("cut.zip")
        try data.prefix(data.count / 2).write(to: cut)
        #expect(try TestSupport.run(["validate", cut.path]).status != 0)
    }

    /// The entries' DOS times are UTC whatever the machine's zone (libarchive writes local time;
    /// the writer sets them afterwards without changing the process's zone).
    @Test func zipBytesDoNotDependOnTheTimeZone() throws {
        let dir = try TestSupport.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (img, _) = try imageDir(in: dir)
        var zips: [URL] = []
        // POSIX zone strings (no tz database needed): UTC, UTC+14, UTC-12.
        for (i, tz) in ["UTC0", "XXX-14", "YYY12"].enumerated() {
            let zip = dir.appendingPathComponent("z\(i).zip")
            let r = try TestSupport.run(["pack", v2.path, "--images", img.path, "-o", zip.path],
                                        env: ["SOURCE_DATE_EPOCH": "1709251199", "TZ": tz])
            #expect(r.status == 0, "\(r.stderr)")
            zips.append(zip)
        }
        let bytes = try zips.map { try Data(contentsOf: $0) }
        #expect(bytes[0].count > 0)
        #expect(bytes[1] == bytes[0])
        #expect(bytes[2] == bytes[0])
    }

    @Test func restoreZipThenArchiveIsByteIdentical() throws {
        let dir = try TestSupport.tempDir()
        let env = ["SOURCE_DATE_EPOCH": "1800000000"]
        let (img, n) = try imageDir(in: dir)
        let zip = dir.appendingPathComponent("in.zip").path
        #expect(try TestSupport.run(["pack", v2.path, "--images", img.path, "-o", zip], env: env).status == 0)
        // First archive from a database restored from the packed backup…
        let db1 = dir.appendingPathComponent("one.sqlite").path
        #expect(try TestSupport.run(["restore", zip, "--db", db1, "--strategy", "replace"], env: env).status == 0)
        let cached = try FileManager.default.contentsOfDirectory(atPath: db1 + ".images")
        #expect(cached.count == n)
        let a1 = dir.appendingPathComponent("a1.zip").path
        #expect(try TestSupport.run(["archive", "--db", db1, "--to", "mediawatch-zip", "-o", a1], env: env).status == 0)
        // …restored into an empty database and archived again gives the same bytes.
        let db2 = dir.appendingPathComponent("two.sqlite").path
        #expect(try TestSupport.run(["restore", a1, "--db", db2, "--strategy", "replace"], env: env).status == 0)
        let a2 = dir.appendingPathComponent("a2.zip").path
        #expect(try TestSupport.run(["archive", "--db", db2, "--to", "mediawatch-zip", "-o", a2], env: env).status == 0)
        #expect(FileManager.default.contentsEqual(atPath: a1, andPath: a2))
        let v = try TestSupport.run(["verify", a2])
        #expect(v.status == 0, "\(v.stdout)")
        // The archived library equals the input's, but for the export date archive stamps.
        let json = dir.appendingPathComponent("a2.json").path
        #expect(try TestSupport.run(["convert", a2, "--to", "mediawatch-v2", "-o", json], env: env).status == 0)
        var archived = try BackupIO.read(url: URL(fileURLWithPath: json)).library!
        let original = try BackupIO.read(url: v2).library!
        archived.exportDate = original.exportDate
        #expect(archived == original)
    }
}
