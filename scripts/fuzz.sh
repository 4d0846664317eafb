#!/usr/bin/env bash
# `make fuzz`: coverage-guided fuzzing of every reader with libFuzzer (docs/HARDENING.md).
#
#   scripts/fuzz.sh [build|run|all]      (default all)
#   FUZZ_SECONDS=60     time per target per run
#   FUZZ_TARGETS="json zip tmdb db import csv"
#   FUZZ_TIMEOUT=10     seconds one input may take before it counts as a hang
#   FUZZ_RSS_MB=2048    memory one process may use before it counts as a blow-up
#   FUZZ_PROCS=1        processes per target, sharing its corpus (executions are summed)
#   FUZZ_LEAKS_AFTER="db zip"  targets whose leak check runs on the final corpus, not after
#                       every input (see "Leaks" below)
#
# Leaks. libFuzzer checks for leaks after an input only when it saw more mallocs than frees;
# GRDB/SQLite (db) and libarchive + the ZIP reader's worker threads (zip) free some memory
# after the input returns, so every input triggers a full LeakSanitizer scan of an ~80 MB
# heap: 95% of db's time (37 inputs/s with it, ~1,000/s without) and a third of zip's. For
# those targets the mutation loop runs with -detect_leaks=0 and then the whole corpus (every
# input that reached new code) is replayed with leak detection on; a leak there is a finding
# like any other. The other targets check after every input.
#
# Layout. SwiftPM cannot link a fuzzer itself: an executable target gets its entry point
# renamed (for testability), and libFuzzer then brings a second `main`. So the library targets
# are built by SwiftPM with coverage instrumentation and ASan into their own scratch path
# (.build-fuzz, git-ignored), and each harness in Fuzz/ is compiled and linked by swiftc
# against those modules and objects, with libFuzzer's own main. `-enable-testing` lets a
# harness reach an internal entry point (the TMDb decoders) through `@testable import`.
#
# Corpora live in .build-fuzz/corpus/<target> and grow across runs (seeded from
# scripts/fuzz_seeds.py); findings go to .build-fuzz/findings/<target>; every run appends its
# figures to .build-fuzz/ledger.tsv, so totals over many runs can be reported.
set -euo pipefail
shopt -s inherit_errexit 2>/dev/null || true
cd "$(dirname "$0")/.."

MODE=${1:-all}
SECONDS_PER=${FUZZ_SECONDS:-60}
TARGETS=${FUZZ_TARGETS:-json zip tmdb db import csv books}
TIMEOUT=${FUZZ_TIMEOUT:-10}
RSS=${FUZZ_RSS_MB:-2048}
PROCS=${FUZZ_PROCS:-1}
LEAKS_AFTER=" ${FUZZ_LEAKS_AFTER-db zip} "
SCRATCH=.build-fuzz
SWIFT=${SWIFT:-swift}
NICE=${FUZZ_NICE:-"nice -n 10"}
FLAGS=(-c release --scratch-path "$SCRATCH" -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing)

build() {
    # Two roots cover every library the harnesses import (MWJobs: Core, Archive, Store, TMDb).
    for t in MWJobs MWImport; do
        $NICE "$SWIFT" build "${FLAGS[@]}" --target "$t" 2>&1 | grep -E "error|warning: unre|Compiling|Build" | tail -3
    done
    local bin
    bin=$("$SWIFT" build "${FLAGS[@]}" --show-bin-path)
    # Every object SwiftPM built for the libraries and their dependencies; never the CLI's
    # (its main), a test target's, or the compiler plugin's and its swift-syntax (host tools,
    # `*-tool.build`; MWMacrosPlugin has a main of its own).
    local host=(MWMacrosPlugin 'Swift*Syntax*' 'SwiftParser*' SwiftDiagnostics SwiftBasicFormat SwiftOperators
                SwiftIfConfig 'SwiftCompilerPlugin*' SwiftLibraryPluginProvider SwiftIDEUtils SwiftLexicalLookup
                SwiftRefactor SwiftWarningControl)
    local skip=()
    for h in "${host[@]}"; do skip+=(! -path "*/$h.build/*"); done
    mapfile -t objs < <(find "$bin/" -name '*.o' -path '*.build/*' \
        ! -path '*/mwkit.build/*' ! -path '*Tests.build/*' ! -path '*/FlyingFox*' ! -path '*/PropertyBased*' \
        ! -path '*/ArgumentParser*' ! -path '*-tool.build/*' "${skip[@]}" | sort)
    # The module maps of the C modules the Swift modules import (ours, GRDB's SQLite, BoringSSL);
    # not every map in the tree: the generated Swift-header maps define some modules twice.
    local maps=()
    while IFS= read -r m; do maps+=(-Xcc "-fmodule-map-file=$m"); done < <(
        find Sources "$bin/CSQLiteTuning.build" "$SCRATCH/checkouts/GRDB.swift/Sources/GRDBSQLite" \
            "$SCRATCH/checkouts/swift-crypto/Sources" -name module.modulemap 2>/dev/null | sort)
    for t in $TARGETS; do
        echo "link  fuzz-$t"
        $NICE swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
            -I "$bin/Modules" -I "$bin" "${maps[@]}" \
            Fuzz/Support.swift "Fuzz/$t.swift" "${objs[@]}" \
            -lsqlite3 -larchive -lz -lstdc++ \
            -o "$SCRATCH/fuzz-$t"
    done
}

seeds() {
    rm -rf "$SCRATCH/seeds"
    local mwkit=""
    [ -x .build/debug/mwkit ] && mwkit=.build/debug/mwkit
    python3 scripts/fuzz_seeds.py "$SCRATCH/seeds" $mwkit
    # Every input a finding came from stays a seed (Fuzz/regressions; the tests read them too).
    for d in Fuzz/regressions/*/; do mkdir -p "$SCRATCH/seeds/$(basename "$d")"; cp "$d"* "$SCRATCH/seeds/$(basename "$d")/"; done
    # The db seeds come from the harness itself (current schema, small pages).
    MWFUZZ_WRITE_SEEDS="$SCRATCH/seeds/db" MWFUZZ_SAMPLE=Samples/mediawatch-v2.json "$SCRATCH/fuzz-db" >/dev/null 2>&1 || true
}

run() {
    seeds
    mkdir -p "$SCRATCH/logs"
    [ -f "$SCRATCH/ledger.tsv" ] || printf 'date\ttarget\tseconds\texecs\texec_s\tcov\tft\tcorpus\tfindings\n' > "$SCRATCH/ledger.tsv"
    printf '%-7s %12s %8s %7s %7s %7s %9s\n' target executions exec/s cov ft corpus findings
    for t in $TARGETS; do
        local corpus="$SCRATCH/corpus/$t" found="$SCRATCH/findings/$t" log="$SCRATCH/logs/$t.log"
        mkdir -p "$corpus" "$found"
        local dict=()
        [ -f "Fuzz/dicts/$t.dict" ] && dict=(-dict="Fuzz/dicts/$t.dict")
        # A crash, hang (-timeout), blow-up (-rss_limit_mb/-malloc_limit_mb) or leak ends the run
        # and leaves its input in $found; the exit status is the finding, not a script error.
        # Swift traps go to libFuzzer as a plain signal (the runtime backtracer would read
        # memory ASan then reports as an underflow, hiding the real cause).
        local leaks=1
        [[ "$LEAKS_AFTER" == *" $t "* ]] && leaks=0
        local pids=() p
        for p in $(seq "$PROCS"); do
            SWIFT_BACKTRACE=enable=no $NICE "$SCRATCH/fuzz-$t" "${dict[@]}" -max_total_time="$SECONDS_PER" -timeout="$TIMEOUT" \
                -rss_limit_mb="$RSS" -malloc_limit_mb="$RSS" -print_final_stats=1 -detect_leaks="$leaks" \
                -artifact_prefix="$found/" "$corpus" "$SCRATCH/seeds/$t" >"$log.$p" 2>&1 &
            pids+=($!)
        done
        for p in "${pids[@]}"; do wait "$p" || true; done
        cat "$log".* > "$log"; rm -f "$log".*
        if [ "$leaks" = 0 ]; then
            # The leak pass: every corpus input once, leak detection on (-runs=0: no mutation).
            SWIFT_BACKTRACE=enable=no $NICE "$SCRATCH/fuzz-$t" -runs=0 -timeout="$TIMEOUT" -rss_limit_mb="$RSS" \
                -detect_leaks=1 -artifact_prefix="$found/" "$corpus" >"$log.leaks" 2>&1 || true
            cat "$log.leaks" >> "$log"; rm -f "$log.leaks"
        fi
        local execs rate cov ft units findings
        # Summed over the processes (the leak pass prints no stats: -print_final_stats is off).
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | awk '{s+=$1} END {print s+0}')
        rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | awk '{s+=$1} END {print s+0}')
        cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
        ft=$(grep -oE 'ft: [0-9]+' "$log" | tail -1 | cut -d' ' -f2)
        units=$(ls "$corpus" | wc -l)
        findings=$(ls "$found" | grep -cE '^(crash|timeout|leak|oom|slow-unit)-' || true)
        printf '%-7s %12s %8s %7s %7s %7s %9s\n' "$t" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$units" "$findings"
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" "$SECONDS_PER" "${execs:-0}" "${rate:-0}" \
            "${cov:-0}" "${ft:-0}" "$units" "$findings" >> "$SCRATCH/ledger.tsv"
        if grep -q 'ERROR: libFuzzer\|ERROR: AddressSanitizer\|ERROR: LeakSanitizer\|SUMMARY: ' "$log"; then
            echo "        finding: $(grep -m1 -E 'ERROR: |SUMMARY: |mwkit-fuzz:' "$log")"
            echo "        input:   $(grep -m1 -oE "$found/[^ ]+" "$log" || echo "see $log")"
        fi
    done
    echo "totals over every run so far (.build-fuzz/ledger.tsv):"
    awk -F'\t' 'NR>1 {e[$2]+=$4; s[$2]+=$3} END {for (t in e) printf "  %-7s %12d executions in %d s\n", t, e[t], s[t]}' "$SCRATCH/ledger.tsv" | sort
}

case "$MODE" in
    build) build ;;
    run) run ;;
    all) build; run ;;
    *) echo "usage: $0 [build|run|all]" >&2; exit 2 ;;
esac
