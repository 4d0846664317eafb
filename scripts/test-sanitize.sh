#!/usr/bin/env bash
# `make test-sanitize`: the whole test suite under AddressSanitizer, then under ThreadSanitizer,
# each in its own scratch path (.build-asan, .build-tsan; git-ignored) so neither rebuilds the
# other or the plain .build. A sanitizer report anywhere in the output fails the run, even when
# the tests themselves pass (TSan reports a race without failing the test that raced).
#
#   SANITIZERS="address thread"   which runs to do
#   SANITIZE_FILTER=…              passed to `swift test --filter` (to rerun one suite)
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
status=0
mkdir -p .build-sanitize-logs
for s in ${SANITIZERS:-address thread}; do
    case $s in address) dir=.build-asan ;; thread) dir=.build-tsan ;; *) echo "unknown sanitizer $s" >&2; exit 2 ;; esac
    log=.build-sanitize-logs/$s.log
    echo "== $s: building (scratch path $dir)"
    if ! nice -n 10 "$SWIFT" build --build-tests --sanitize="$s" --scratch-path "$dir" >"$log.build" 2>&1; then
        tail -20 "$log.build"; status=1; continue
    fi
    echo "== $s: testing"
    filter=()
    [ -n "${SANITIZE_FILTER:-}" ] && filter=(--filter "$SANITIZE_FILTER")
    # Reports go to files, one per process (log_path → <prefix>.<pid>): the tests run the
    # instrumented mwkit CLI as a child process whose stderr they capture, so a report there
    # would otherwise never reach the log.
    reportdir=.build-sanitize-logs/$s-reports
    rm -rf "$reportdir"; mkdir -p "$reportdir"
    # halt_on_error=0: report every race/error of the run, not only the first.
    # SWIFT_BACKTRACE=enable=no: the Swift runtime's crash backtracer forks a helper, which
    # TSan's runtime cannot follow in a many-threaded process (it aborts with a CHECK failure
    # and hides the crash); without it a trap prints its message and the test process stops.
    # MWKIT_TEST_TIME_SCALE: the TMDb and matching tests' client timeouts (5 s) are too short
    # for a sanitized run on a loaded machine; a timed-out attempt changes what the test sees.
    TSAN_OPTIONS="halt_on_error=0 second_deadlock_stack=1 log_path=$PWD/$reportdir/report suppressions=$PWD/scripts/sanitize/tsan.supp ${TSAN_OPTIONS:-}" \
    LSAN_OPTIONS="suppressions=$PWD/scripts/sanitize/lsan.supp print_suppressions=0 ${LSAN_OPTIONS:-}" \
    ASAN_OPTIONS="log_path=$PWD/$reportdir/report ${ASAN_OPTIONS:-}" \
    SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}" \
    MWKIT_TEST_TIME_SCALE="${MWKIT_TEST_TIME_SCALE:-10}" \
        nice -n 10 "$SWIFT" test --skip-build --sanitize="$s" --scratch-path "$dir" "${filter[@]}" >"$log" 2>&1
    rc=$?
    reports=$(cat "$log" "$reportdir"/* 2>/dev/null | grep -cE '^(WARNING: ThreadSanitizer|==[0-9]+==ERROR: (AddressSanitizer|LeakSanitizer)|SUMMARY: (Address|Thread|Undefined|Leak))')
    tail -3 "$log"
    echo "== $s: exit $rc, $reports sanitizer report(s) (log: $log, per-process reports: $reportdir/)"
    if [ "$rc" -ne 0 ] || [ "$reports" -ne 0 ]; then status=1; fi
done
exit $status
