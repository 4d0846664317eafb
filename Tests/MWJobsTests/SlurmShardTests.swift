import MWCore
import MWJobs
import Testing

/// Slurm job arrays: `SLURM_ARRAY_TASK_*` name the shard as Kubernetes' and AWS Batch's
/// variables do (docs/JOBS.md "Slurm").
@Suite("Shards from Slurm job arrays")
struct SlurmShardTests {
    /// The variables Slurm sets in one task of `sbatch --array=MIN-MAX[:STEP]`.
    func task(_ id: Int, min: Int, max: Int, step: Int = 1, count: Int? = nil) -> [String: String] {
        ["SLURM_ARRAY_JOB_ID": "41", "SLURM_ARRAY_TASK_ID": String(id), "SLURM_ARRAY_TASK_MIN": String(min),
         "SLURM_ARRAY_TASK_MAX": String(max), "SLURM_ARRAY_TASK_STEP": String(step),
         "SLURM_ARRAY_TASK_COUNT": String(count ?? (max - min) / step + 1)]
    }

    @Test func rangesFromZeroOrOneAreShardsOneToN() throws {
        for id in 0...3 { #expect(try Shard.fromEnvironment(task(id, min: 0, max: 3), shardCount: nil) == Shard(index: id + 1, count: 4)) }
        for id in 1...4 { #expect(try Shard.fromEnvironment(task(id, min: 1, max: 4), shardCount: nil) == Shard(index: id, count: 4)) }
    }

    @Test func everyTaskOfAnArrayTakesADistinctShardAndTogetherAll() throws {
        // --array=0-15:5 runs tasks 0, 5, 10, 15: four shards, each once.
        let shards = try [0, 5, 10, 15].map { try #require(try Shard.fromEnvironment(task($0, min: 0, max: 15, step: 5), shardCount: nil)) }
        #expect(shards.map(\.index) == [1, 2, 3, 4])
        #expect(Set(shards.map(\.count)) == [4])
    }

    @Test func shardCountOverridesTheArray() throws {
        #expect(try Shard.fromEnvironment(task(2, min: 0, max: 3), shardCount: 8) == Shard(index: 3, count: 8))
        // An id list (--array=1,5,7) is no range, but with --shard-count id − MIN is the index.
        #expect(try Shard.fromEnvironment(task(5, min: 1, max: 7, count: 3), shardCount: 7) == Shard(index: 5, count: 7))
    }

    @Test func whatCannotNameAShardIsAUsageError() throws {
        func refused(_ env: [String: String], _ count: Int? = nil) -> String? {
            do { _ = try Shard.fromEnvironment(env, shardCount: count); return nil } catch let e as MWError {
                guard case .usage(let m) = e else { return "not a usage error: \(e)" }
                return m
            } catch { return "unexpected \(error)" }
        }
        #expect(refused(task(5, min: 1, max: 7, count: 3))?.contains("not a range") == true)          // --array=1,5,7
        #expect(refused(task(3, min: 0, max: 6, step: 2))?.contains("not one of the array's ids") == true)
        #expect(refused(task(9, min: 0, max: 3))?.contains("not one of the array's ids") == true)
        #expect(refused(["SLURM_ARRAY_TASK_ID": "x"])?.contains("not a number") == true)
        #expect(refused(["SLURM_ARRAY_TASK_ID": "2"])?.contains("--shard-count") == true)              // no MAX: cannot tell N
        #expect(refused(["SLURM_ARRAY_TASK_ID": String(Int.max), "SLURM_ARRAY_TASK_MAX": "3"])?.contains("outside") == true)
        #expect(refused(task(7, min: 0, max: 3), 4)?.contains("--shard-count") == true)
        #expect(refused(task(1, min: 0, max: 3, step: 0, count: 4))?.contains("at least 1") == true)
    }

    @Test func otherEnginesComeFirstAndNoArrayMeansNoShard() throws {
        var env = task(3, min: 0, max: 3)
        env["AWS_BATCH_JOB_ARRAY_INDEX"] = "0"
        env["AWS_BATCH_JOB_ARRAY_SIZE"] = "2"
        #expect(try Shard.fromEnvironment(env, shardCount: nil) == Shard(index: 1, count: 2))
        // A plain (non-array) Slurm job sets SLURM_JOB_ID but no SLURM_ARRAY_TASK_ID.
        #expect(try Shard.fromEnvironment(["SLURM_JOB_ID": "7"], shardCount: nil) == nil)
    }
}
