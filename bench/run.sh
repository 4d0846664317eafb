#!/usr/bin/env bash
# `make bench`: every benchmark in one run, our figures beside the peer tools on the same data.
# Not a test — numbers depend on the machine. Generated data lives in bench/data/ (git-ignored).
set -uo pipefail
cd "$(dirname "$0")/.."
export MWKIT="${MWKIT:-$(swift build -c release --show-bin-path)/mwkit}"
status=0
for b in validate zip store tmdb jobs import services books report; do
  if [ -x "bench/$b.sh" ] || [ -f "bench/$b.sh" ]; then
    printf '\n=== bench/%s.sh ===\n' "$b"
    bash "bench/$b.sh" || { echo "bench/$b.sh failed ($?)"; status=1; }
  fi
done
exit $status
