import Foundation
import Testing
@testable import MWCore

/// The CLI as a user runs it: exit codes, formats, atomic outputs, untouched inputs.
@Suite("CLI", .serialized)
struct CLITests {
    let v1 = TestSupport.samples.appendingPathComponent("mediawatch-v1.json").path
    let v2 = TestSupport.samples.appendingPathComponent("mediawatch-v2.json").path
    let bad = TestSupport.samples.appendingPathComponent("invalid/title-tmdbid-positive.json").path

    @Test func validateExitCodes() throws {
        #expect(try TestSupport.run(["validate", v1, v2]).status == 0)
        let r = try TestSupport.run(["validate", v1, bad])
        #expect(r.status == 1)
        #expect(r.stdout.contains("[title-tmdbid-positive] /titles/"))
        #expect(try TestSupport.run(["validate", "/nonexistent/file.json"]).status == 2)
        #expect(try TestSupport.run(["validate", "--format", "nope", v1]).status == 2)
    }

    @Test func strictTurnsWarningsIntoFailure() throws {
        let warn = TestSupport.samples.appendingPathComponent("warnings/schema-unknown-key.json").path
        #expect(try TestSupport.run(["validate", warn]).status == 0)
        #expect(try TestSupport.run(["validate", "--strict", warn]).status == 1)
    }

    @Test func jsonReportIsParseableAndStable() throws {
        let a = try TestSupport.run(["validate", "--format", "json", v1, bad])
        let b = try TestSupport.run(["validate", "--format", "json", v1, bad])
        #expect(a.stdout == b.stdout)
        let doc = try JSONSerialization.jsonObject(with: Data(a.stdout.utf8)) as! [String: Any]
        #expect(doc["valid"] as? Bool == false)
        let files = doc["files"] as! [[String: Any]]
        #expect(files.count == 2)
        #expect(files[0]["format"] as? String == "mediawatch-v1")
        let d = (files[1]["diagnostics"] as! [[String: Any]]).first { $0["code"] as? String == "title-tmdbid-positive" }
        #expect(d?["line"] as? Int != nil && d?["pointer"] as? String != nil && d?["severity"] as? String == "error")
    }

    @Test func githubAndJUnitFormats() throws {
        let g = try TestSupport.run(["validate", "--format", "github", bad])
        #expect(g.stdout.hasPrefix("::error file=\(bad),line="))
        let j = try TestSupport.run(["validate", "--format", "junit", bad])
        #expect(j.stdout.contains("<failure type=\"title-tmdbid-positive\""))
    }

    @Test func directoriesAndStdin() throws {
        let r = try TestSupport.run(["validate", "--format", "json", TestSupport.samples.appendingPathComponent("invalid").path])
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        #expect((doc["files"] as! [Any]).count == SampleTests.files("invalid").count)
        #expect(r.status == 1)
        let s = try TestSupport.run(["validate", "-"], input: try Data(contentsOf: URL(fileURLWithPath: v1)))
        #expect(s.status == 0 && s.stdout.contains("-: valid"))
    }

    @Test func migrateRoundTripLeavesInputUntouched() throws {
        let dir = try TestSupport.tempDir()
        let before = try Data(contentsOf: URL(fileURLWithPath: v1))
        let out2 = dir.appendingPathComponent("out-v2.json").path
        let out1 = dir.appendingPathComponent("out-v1.json").path
        #expect(try TestSupport.run(["migrate", v1, "--to", "2", "-o", out2]).status == 0)
        #expect(try TestSupport.run(["validate", out2]).stdout.contains("valid (mediawatch-v2)"))
        #expect(try TestSupport.run(["migrate", out2, "--to", "1", "-o", out1]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: v1)) == before)
        let a = BackupIO.read(data: [UInt8](before)).library
        let b = try BackupIO.read(url: URL(fileURLWithPath: out1)).library
        #expect(a == b)
    }

    @Test func invalidInputWritesNothing() throws {
        let dir = try TestSupport.tempDir()
        let out = dir.appendingPathComponent("never.json").path
        let r = try TestSupport.run(["migrate", bad, "--to", "2", "-o", out])
        #expect(r.status == 1)
        #expect(r.stderr.contains("title-tmdbid-positive"))
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "temporary file left behind")
    }

    @Test func migrateBetweenTwoAndThree() throws {
        let dir = try TestSupport.tempDir()
        let v3 = TestSupport.samples.appendingPathComponent("mediawatch-v3.json").path
        let down = dir.appendingPathComponent("down.json").path
        let r = try TestSupport.run(["migrate", v3, "--to", "2", "-o", down])
        #expect(r.status == 0 && r.stderr.contains("via v3-to-v2"))
        #expect(r.stderr.contains("field-dropped") && r.stderr.contains("titles[].viewings: dropped from 2 record(s)"))
        #expect(FileManager.default.contentsEqual(atPath: down, andPath: v2))
        let up = dir.appendingPathComponent("up.json").path
        let u = try TestSupport.run(["migrate", v2, "--to", "3", "-o", up])
        #expect(u.status == 0 && u.stderr.contains("via v2-to-v3") && !u.stderr.contains("field-dropped"))
        #expect(try String(contentsOfFile: up, encoding: .utf8).contains("\"formatVersion\": 3,"))
        // convert keeps everything: the newest sample comes back byte for byte, and the v3
        // sample is the newest without the watch status.
        let v4 = TestSupport.samples.appendingPathComponent("mediawatch-v4.json").path
        let v5 = TestSupport.samples.appendingPathComponent("mediawatch-v5.json").path
        let same = dir.appendingPathComponent("same.json").path
        #expect(try TestSupport.run(["convert", v5, "--to", "mediawatch-v2", "-o", same]).status == 0)
        #expect(FileManager.default.contentsEqual(atPath: same, andPath: v5))
        // formatVersion 4 is the newest without the export's names and service ids.
        let four = dir.appendingPathComponent("four.json").path
        let f = try TestSupport.run(["migrate", v5, "--to", "4", "-o", four])
        let ids = try String(contentsOfFile: v5, encoding: .utf8).components(separatedBy: "\"serviceIds\":").count - 1
        #expect(f.status == 0 && f.stderr.contains("via v5-to-v4") && f.stderr.contains("titles[].serviceIds: dropped from \(ids) record(s)"), "\(f.stderr)")
        #expect(FileManager.default.contentsEqual(atPath: four, andPath: v4))
        let three = dir.appendingPathComponent("three.json").path
        let d = try TestSupport.run(["migrate", v4, "--to", "3", "-o", three])
        let statuses = try String(contentsOfFile: v4, encoding: .utf8).components(separatedBy: "\"watchStatus\":").count - 1
        #expect(d.status == 0 && d.stderr.contains("via v4-to-v3") && d.stderr.contains("titles[].watchStatus: dropped from \(statuses) record(s)"))
        #expect(FileManager.default.contentsEqual(atPath: three, andPath: v3))
    }

    @Test func v2ToV1ReportsDroppedFields() throws {
        let r = try TestSupport.run(["convert", v2, "--to", "mediawatch-v1", "-o", "-"])
        // The v2 sample has stripped records, which v1 cannot hold.
        #expect(r.status == 1)
        #expect(r.stderr.contains("cannot write as v1:") && !r.stderr.contains("invalid input"), "\(r.stderr)")
    }

    @Test func convertToStdoutIsDeterministic() throws {
        let a = try TestSupport.run(["convert", v1, "--to", "mediawatch-v2", "-o", "-"])
        let b = try TestSupport.run(["convert", v1, "--to", "mediawatch-v2", "-o", "-"])
        #expect(a.status == 0 && a.stdout == b.stdout && a.stdout.contains("\"formatVersion\": \(Migrator.latestVersion)"))
    }

    @Test func statsJSON() throws {
        let r = try TestSupport.run(["stats", "--format", "json", v1])
        #expect(r.status == 0)
        let doc = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
        let lib = try BackupIO.read(url: URL(fileURLWithPath: v1)).library!
        #expect((doc["counts"] as! [String: Any])["titles"] as? Int == lib.titles.count)
        #expect((doc["lists"] as! [Any]).count == lib.lists.count)
    }
}

extension CLITests {
    @Test func outputNamingTheInputIsRefused() throws {
        let dir = try TestSupport.tempDir()
        let copy = dir.appendingPathComponent("backup.json")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: v1), to: copy)
        let before = try Data(contentsOf: copy)
        for cmd in [["migrate", copy.path, "--to", "2", "-o", copy.path],
                    ["convert", copy.path, "--to", "mediawatch-v2", "-o", copy.path],
                    ["strip", copy.path, "-o", copy.path]] {
            #expect(try TestSupport.run(cmd).status == 2, "\(cmd[0])")
        }
        #expect(try Data(contentsOf: copy) == before)
    }
}
