import Foundation
import Testing
@testable import MWBooks

/// Issue 23 §3 through the real `mwkit` binary: `import --merge-into A` and `restore A; restore
/// --strategy merge B; archive --books` (B: what importing the same files gives) write the same
/// bytes, with each `--on-conflict` and with none (both default to `newer` for books).
@Suite("Books CLI: import --merge-into and restore --strategy merge agree")
struct BookMergeAgreementCLITests {
    @Test("the same library from both commands, byte for byte", arguments: ["", "keep", "newer", "theirs", "union"])
    func sameBytes(_ policy: String) throws {
        let dir = try BookStoreFixtures.tempDir()
        let flag = policy.isEmpty ? [] : ["--on-conflict", policy]
        let gr = dir.appendingPathComponent("goodreads_library_export.csv"), sg = dir.appendingPathComponent("storygraph.csv")
        try BookFixtures.goodreads24.write(to: gr, atomically: true, encoding: .utf8)
        try BookFixtures.storygraph.write(to: sg, atomically: true, encoding: .utf8)
        let a = dir.appendingPathComponent("a.json"), b = dir.appendingPathComponent("b.json")
        let merged = dir.appendingPathComponent("merged.json"), archived = dir.appendingPathComponent("archived.json")
        let db = dir.appendingPathComponent("library.sqlite").path
        // A: the Goodreads export as of one day; then the StoryGraph export a day later.
        let day1 = ["SOURCE_DATE_EPOCH": "1750000000"], day2 = ["SOURCE_DATE_EPOCH": "1750086400"]
        _ = try BookStoreFixtures.run(["import", gr.path, "-o", a.path], env: day1)
        #expect(FileManager.default.fileExists(atPath: a.path))

        let m = try BookStoreFixtures.run(["import", sg.path, "--merge-into", a.path, "-o", merged.path] + flag, env: day2)
        #expect(m.status != 2, "\(m.stderr)")
        _ = try BookStoreFixtures.run(["import", sg.path, "-o", b.path], env: day2)
        for args in [["restore", a.path, "--db", db, "--no-snapshot"],
                     ["restore", b.path, "--strategy", "merge", "--db", db, "--no-snapshot"] + flag,
                     ["archive", "--books", "-o", archived.path, "--db", db]] {
            let r = try BookStoreFixtures.run(args, env: day2)
            #expect(r.status == 0, "\(args): \(r.stderr)")
        }
        let x = try Data(contentsOf: merged), y = try Data(contentsOf: archived)
        #expect(x == y, "import --merge-into and restore --strategy merge differ (\(policy.isEmpty ? "default" : policy))")
        // Not vacuous: StoryGraph brought new books and its notes into A's.
        let lib = try #require(BookstrackReader.read(data: Array(x)).library)
        let base = try #require(BookstrackReader.read(data: Array(try Data(contentsOf: a))).library)
        #expect(lib.works.count > base.works.count)
        #expect(lib.entries.contains { $0.notes?.contains("Loved it.") == true && $0.notes?.contains("Good second time") == true })
    }
}
