#!/usr/bin/env bash
# `mwkit migrate` as a Slurm job array on a real (one-node) Slurm cluster on this machine
# (`make slurm-check`; not part of `make test`; docs/JOBS.md "Slurm"). As root:
#   1. installs Debian's slurm-wlm and munge when missing;
#   2. starts munged (as the munge user, a key of its own), slurmctld and slurmd (as root, a
#      minimal slurm.conf in a temporary directory: no systemd, no cgroups, no accounting);
#   3. generates a bucket of personal-sized v1 backups (bench/gen_backup.py, seeded) and submits
#      the sbatch script below as --array=0-3: each task takes its shard from
#      SLURM_ARRAY_TASK_ID; checks with the merged JSON Lines reports that every input was done
#      exactly once across the four tasks;
#   4. submits it again: every input is skipped;
#   5. into a new output directory, submits again and cancels task 2 (scancel) mid-run, then
#      re-submits: the re-run does exactly the inputs the cancelled task had not finished;
#   6. stops the daemons it started (by the pids in their files) and removes its files.
# Prints the figures: inputs, per-task counts, wall times. There is no accounting database
# (sacct fails): job ids come from `sbatch --parsable`, completion from polling squeue.
# env: MWKIT (default: the debug build), SLURM_CHECK_FILES (default 600), KEEP=1 keeps the files.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
[ "$(id -u)" = 0 ] || { echo "slurm-check: run as root (it starts slurmctld, slurmd and munged)" >&2; exit 2; }
N=${SLURM_CHECK_FILES:-600}
MWKIT=${MWKIT:-$(swift build --show-bin-path)/mwkit}
[ -x "$MWKIT" ] || { echo "slurm-check: no mwkit at $MWKIT (make build, or set MWKIT)" >&2; exit 2; }

need=()
command -v slurmctld > /dev/null || need+=(slurm-wlm)
command -v munged > /dev/null || need+=(munge)
if [ ${#need[@]} -gt 0 ]; then
  echo "slurm-check: installing ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" > /dev/null
fi
echo "slurm-check: $(slurmctld -V), munge $(munged --version 2>&1 | head -n 1 | awk '{print $2}')"

tmp=$(mktemp -d /var/tmp/mwkit-slurm.XXXXXX)
chmod 755 "$tmp"
made_run_munge=0
stop_daemons() {
  for f in "$tmp/slurmd.pid" "$tmp/slurmctld.pid" "$tmp/munge/munged.pid"; do
    [ -s "$f" ] || continue
    pid=$(cat "$f")
    kill "$pid" 2> /dev/null || continue
    for _ in $(seq 50); do kill -0 "$pid" 2> /dev/null || break; sleep 0.2; done
  done
}
cleanup() {
  stop_daemons
  [ "$made_run_munge" = 1 ] && rm -rf /run/munge
  if [ "${KEEP:-0}" = 1 ]; then echo "slurm-check: files kept in $tmp"; else rm -rf "$tmp"; fi
}
trap cleanup EXIT

# ---- munge: its own key, pid, log and seed; the socket where Slurm looks (/run/munge) --------
if [ ! -d /run/munge ]; then made_run_munge=1; install -d -o munge -g munge -m 0755 /run/munge; fi
install -d -o munge -g munge -m 0700 "$tmp/munge"
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chown munge:munge "$tmp/munge/munge.key" && chmod 0600 "$tmp/munge/munge.key"
runuser -u munge -- munged --key-file="$tmp/munge/munge.key" --pid-file="$tmp/munge/munged.pid" \
  --log-file="$tmp/munge/munged.log" --seed-file="$tmp/munge/munged.seed" --socket=/run/munge/munge.socket.2
for _ in $(seq 50); do munge -n < /dev/null > /dev/null 2>&1 && break; sleep 0.1; done
munge -n < /dev/null | unmunge > /dev/null || { echo "slurm-check: munged does not answer" >&2; exit 1; }

# ---- slurm.conf: one node (this machine, on loopback), everything in $tmp ---------------------
host=$(hostname -s)
node=$(slurmd -C | head -n 1 | sed -E "s/^NodeName=[^ ]+/NodeName=$host NodeAddr=127.0.0.1/")
mkdir -p "$tmp/state" "$tmp/spool"
export SLURM_CONF=$tmp/slurm.conf
cat > "$SLURM_CONF" << EOF
ClusterName=mwkitcheck
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CryptoType=crypto/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
MinJobAge=600
KillWait=5
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
$node
PartitionName=check Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 100); do
  state=$(sinfo -h -o %T 2> /dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.3
done
[ "$state" = idle ] || { echo "slurm-check: the node is '$state', not idle"; tail -n 20 "$tmp/slurmctld.log" "$tmp/slurmd.log"; exit 1; }
echo "slurm-check: one-node cluster up: $(sinfo -h -o '%P %D node(s) %c CPUs %m MB %T')"

# ---- data and the sbatch script ---------------------------------------------------------------
work=$tmp/work
mkdir -p "$work/reports"
python3 bench/gen_backup.py --small "$N" "$work/bucket" --personal --seed 22 > /dev/null
inputs=$(find "$work/bucket" -name '*.json' | wc -l)
echo "slurm-check: $inputs generated backups ($(du -sh "$work/bucket" | cut -f1)) in bucket/"
# The script documented in docs/JOBS.md; OUT is the output directory, the report of each task
# is named by the array job and task so no run overwrites another's.
cat > "$work/migrate.sbatch" << EOF
#!/bin/bash
#SBATCH --job-name=mwkit-migrate
#SBATCH --array=0-3
#SBATCH --cpus-per-task=1
#SBATCH --output=reports/%A_%a.log
# Each task migrates its shard: SLURM_ARRAY_TASK_ID (0-3) is shard ID+1 of SLURM_ARRAY_TASK_COUNT.
exec "\${MWKIT:-mwkit}" migrate bucket --to 2 -o "\${OUT:-out}" --jobs 1 \\
  --report "reports/\${SLURM_ARRAY_JOB_ID}_\${SLURM_ARRAY_TASK_ID}.jsonl"
EOF
cd "$work"
export MWKIT

submit() { OUT=$1 sbatch --parsable --export=ALL migrate.sbatch; }
wait_job() { while [ -n "$(squeue -h -j "$1" 2> /dev/null)" ]; do sleep 0.5; done; }
now() { date +%s.%N; }
secs() { python3 -c "import sys; print(f'{float(sys.argv[2]) - float(sys.argv[1]):.1f}')" "$1" "$2"; }
# counts JOB: per task "task=done/skipped/failed", from that job's reports.
counts() {
  python3 - "$1" reports << 'PY'
import json, os, sys
job, d = sys.argv[1], sys.argv[2]
out = []
for t in range(4):
    p = os.path.join(d, f"{job}_{t}.jsonl")
    rows = [json.loads(l) for l in open(p)] if os.path.exists(p) else []
    n = {s: sum(r["status"] == s for r in rows) for s in ("done", "skipped", "failed")}
    out.append(f"task {t}: {n['done']} done, {n['skipped']} skipped, {n['failed']} failed")
print("; ".join(out))
PY
}
# exactly_once OUT JOB…: every input has status done exactly once in those jobs' reports, and
# its output exists.
exactly_once() {
  local out=$1; shift
  python3 - "$out" "$@" << 'PY'
import collections, glob, json, os, sys
out, jobs = sys.argv[1], sys.argv[2:]
inputs = sorted(os.path.relpath(p, "bucket") for p in glob.glob("bucket/**/*.json", recursive=True))
done = collections.Counter()
for j in jobs:
    for p in glob.glob(f"reports/{j}_*.jsonl"):
        for line in open(p):
            r = json.loads(line)
            if r["status"] == "done":
                done[os.path.relpath(r["path"], "bucket")] += 1
twice = [p for p, n in done.items() if n > 1]
missing = [p for p in inputs if done[p] == 0]
absent = [p for p in inputs if not os.path.exists(os.path.join(out, p))]
print(f"{len(inputs)} inputs, {sum(done.values())} done, {len(twice)} done twice, {len(missing)} never done, {len(absent)} outputs absent")
sys.exit(1 if twice or missing or absent else 0)
PY
}
status=0

# ---- 1. the array, all four shards ------------------------------------------------------------
t0=$(now); job1=$(submit out); wait_job "$job1"; t1=$(now)
echo "run 1 (job $job1, --array=0-3): $(secs "$t0" "$t1") s; $(counts "$job1")"
echo "  exactly once: $(exactly_once out "$job1")" || status=1
exactly_once out "$job1" > /dev/null || status=1

# ---- 2. re-submitted: nothing left to do ------------------------------------------------------
t0=$(now); job2=$(submit out); wait_job "$job2"; t1=$(now)
c2=$(counts "$job2")
echo "run 2 (job $job2, re-submitted): $(secs "$t0" "$t1") s; $c2"
skipped=$(cat reports/"${job2}"_*.jsonl | python3 -c 'import json,sys; r=[json.loads(l) for l in sys.stdin]; print(sum(x["status"]=="skipped" for x in r), len(r))')
[ "$skipped" = "$inputs $inputs" ] || { echo "  expected all $inputs skipped, got (skipped, rows) = $skipped"; status=1; }

# ---- 3. a task cancelled mid-run, then the rest -----------------------------------------------
t0=$(now); job3=$(submit out3)
report=reports/${job3}_2.jsonl
for _ in $(seq 1200); do
  [ -f "$report" ] && [ "$(wc -l < "$report")" -ge 5 ] && break
  sleep 0.1
done
before=$(wc -l < "$report" 2> /dev/null || echo 0)
scancel "${job3}_2"
wait_job "$job3"; t1=$(now)
state=$(scontrol show job "${job3}_2" 2> /dev/null | grep -o 'JobState=[A-Z]*' | head -n 1 || true)
echo "run 3 (job $job3, into out3): task 2 cancelled after $before report line(s), $state; $(secs "$t0" "$t1") s; $(counts "$job3")"
[ "$state" = JobState=CANCELLED ] || { echo "  task 2 was not cancelled mid-run (it finished first?)"; status=1; }
t0=$(now); job4=$(submit out3); wait_job "$job4"; t1=$(now)
echo "run 4 (job $job4, re-submitted into out3): $(secs "$t0" "$t1") s; $(counts "$job4")"
echo "  exactly once over runs 3 and 4: $(exactly_once out3 "$job3" "$job4")" || true
exactly_once out3 "$job3" "$job4" > /dev/null || status=1
# Only the cancelled task had work left.
others=$(cat reports/"${job4}"_0.jsonl reports/"${job4}"_1.jsonl reports/"${job4}"_3.jsonl | python3 -c 'import json,sys; print(sum(json.loads(l)["status"] == "done" for l in sys.stdin))')
[ "$others" = 0 ] || { echo "  tasks 0, 1, 3 of the re-submit did $others inputs again"; status=1; }

cd "$ROOT"
echo "slurm-check: $([ $status = 0 ] && echo passed || echo FAILED)"
exit $status
