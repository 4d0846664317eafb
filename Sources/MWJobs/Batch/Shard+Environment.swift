import MWCore

/// The shard a batch engine assigns through its environment, so an array job needs no
/// `--shard` per task: Kubernetes Indexed Jobs, AWS Batch array jobs and Slurm job arrays.
extension Shard {
    /// The shard set by the batch engine running this process, or nil outside one:
    /// - Kubernetes: `JOB_COMPLETION_INDEX` (from 0), with `shardCount` from `--shard-count`;
    /// - AWS Batch: `AWS_BATCH_JOB_ARRAY_INDEX` (from 0) and `AWS_BATCH_JOB_ARRAY_SIZE`;
    /// - Slurm: `SLURM_ARRAY_TASK_ID` within `SLURM_ARRAY_TASK_MIN`…`SLURM_ARRAY_TASK_MAX`
    ///   (step `SLURM_ARRAY_TASK_STEP`), `SLURM_ARRAY_TASK_COUNT` tasks (see ``fromSlurm(_:shardCount:)``).
    /// `shardCount` (`--shard-count`) overrides the engine's count. A variable that is set but
    /// cannot name a shard is a usage error, never a silent run over every input.
    public static func fromEnvironment(_ env: [String: String], shardCount: Int?) throws -> Shard? {
        if let i = env["JOB_COMPLETION_INDEX"].flatMap({ Int($0) }) {
            guard let n = shardCount else { throw MWError.usage("JOB_COMPLETION_INDEX is set: give --shard-count N (the Job's completions)") }
            guard (0..<max(n, 0)).contains(i), let s = Shard(index: i + 1, count: n) else { throw MWError.usage("JOB_COMPLETION_INDEX \(i) is not in 0..<\(n) (--shard-count)") }
            return s
        }
        if let i = env["AWS_BATCH_JOB_ARRAY_INDEX"].flatMap({ Int($0) }) {
            guard let n = shardCount ?? env["AWS_BATCH_JOB_ARRAY_SIZE"].flatMap({ Int($0) }) else {
                throw MWError.usage("AWS_BATCH_JOB_ARRAY_INDEX is set but AWS_BATCH_JOB_ARRAY_SIZE is not; give --shard-count N")
            }
            guard (0..<max(n, 0)).contains(i), let s = Shard(index: i + 1, count: n) else { throw MWError.usage("AWS_BATCH_JOB_ARRAY_INDEX \(i) is not in 0..<\(n) (the array size)") }
            return s
        }
        return try fromSlurm(env, shardCount: shardCount)
    }

    /// A Slurm job array task (`sbatch --array=MIN-MAX[:STEP]`): task ids MIN, MIN+STEP, …, MAX
    /// are shards 1…COUNT, so `--array=0-3` and `--array=1-4` both make shards 1/4…4/4. Slurm
    /// sets `SLURM_ARRAY_TASK_COUNT`, `_MIN`, `_MAX` and `_STEP` in every task; a list of ids
    /// that is not such a range (`--array=1,5,7`) cannot be split this way without
    /// `--shard-count N`, which then takes task id − MIN as the shard index from 0.
    /// The `%` limit of `--array` (tasks running at once) changes nothing here.
    public static func fromSlurm(_ env: [String: String], shardCount: Int?) throws -> Shard? {
        guard let raw = env["SLURM_ARRAY_TASK_ID"] else { return nil }
        guard let id = Int(raw) else { throw MWError.usage("SLURM_ARRAY_TASK_ID \(quoted(raw)) is not a number") }
        func number(_ name: String) throws -> Int? {
            guard let v = env[name] else { return nil }
            guard let n = Int(v) else { throw MWError.usage("\(name) \(quoted(v)) is not a number") }
            return n
        }
        let min = try number("SLURM_ARRAY_TASK_MIN") ?? 0
        let step = try number("SLURM_ARRAY_TASK_STEP") ?? 1
        let max = try number("SLURM_ARRAY_TASK_MAX")
        let count = try number("SLURM_ARRAY_TASK_COUNT")
        guard step >= 1 else { throw MWError.usage("SLURM_ARRAY_TASK_STEP \(step) must be at least 1") }
        // Slurm's ids are 0…4,000,000 (MaxArraySize); bounding them keeps the arithmetic below exact.
        for (name, v) in [("SLURM_ARRAY_TASK_ID", id), ("SLURM_ARRAY_TASK_MIN", min), ("SLURM_ARRAY_TASK_MAX", max ?? 0), ("SLURM_ARRAY_TASK_STEP", step)]
        where !(0...Int(Int32.max)).contains(v) {
            throw MWError.usage("\(name) \(v) is outside 0…\(Int32.max)")
        }
        if let n = shardCount {
            guard id >= min, let s = Shard(index: id - min + 1, count: n) else {
                throw MWError.usage("SLURM_ARRAY_TASK_ID \(id) − SLURM_ARRAY_TASK_MIN \(min) is not in 0..<\(n) (--shard-count)")
            }
            return s
        }
        guard let max, max >= min else {
            throw MWError.usage("SLURM_ARRAY_TASK_ID is set without SLURM_ARRAY_TASK_MAX; give --shard-count N")
        }
        let span = (max - min) / step + 1
        // An id list such as 1,5,7 has MIN 1, MAX 7 and COUNT 3: not a range, so no split of ours.
        if let count, count != span {
            throw MWError.usage("the Slurm array is not a range (\(count) tasks with ids \(min)…\(max), step \(step)); submit --array=0-\(count - 1) or give --shard-count N")
        }
        guard id >= min, id <= max, (id - min) % step == 0, let s = Shard(index: (id - min) / step + 1, count: span) else {
            throw MWError.usage("SLURM_ARRAY_TASK_ID \(id) is not one of the array's ids \(min)…\(max) step \(step)")
        }
        return s
    }
}
