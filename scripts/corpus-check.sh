#!/usr/bin/env bash
# Checks a local corpus of real third-party export files against Tests/corpus/corpus.tsv: every
# listed file must be present as CORPUS_DIR/<service>/<local_file> with the listed SHA-256, and
# no other file may be there. The files are other people's data, published in public
# repositories: they are for testing only and are NEVER committed (docs/CORPUS.md says how to
# rebuild the folder from the repository, commit and path in the list).
# Usage: corpus-check.sh [--list FILE] CORPUS_DIR
# Prints one line per problem and a summary line; exits 0 when the folder matches the list,
# 1 when a file is missing, extra or different, 2 on bad usage or a malformed list.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
list=$root/Tests/corpus/corpus.tsv
usage() { echo "usage: corpus-check.sh [--list FILE] CORPUS_DIR" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --list) [ $# -ge 2 ] || usage; list=$2; shift 2 ;;
    -h|--help) usage ;;
    -*) echo "corpus-check: unknown option $1" >&2; usage ;;
    *) break ;;
  esac
done
[ $# -eq 1 ] || usage
dir=${1%/}
[ -d "$dir" ] || { echo "corpus-check: $dir is not a folder" >&2; exit 2; }
[ -f "$list" ] || { echo "corpus-check: no list at $list" >&2; exit 2; }
if command -v sha256sum >/dev/null; then sha() { sha256sum "$1" | cut -d' ' -f1; }
else sha() { shasum -a 256 "$1" | cut -d' ' -f1; }; fi

header=$'service\trepository\tcommit\tpath\tsha256\tlocal_file'
[ "$(head -n 1 "$list")" = "$header" ] || { echo "corpus-check: $list: line 1 is not the header ($header)" >&2; exit 2; }

listed=0 ok=0 missing=0 mismatched=0 extra=0
expected=$(mktemp); trap 'rm -f "$expected"' EXIT
line=1
while IFS=$'\t' read -r service repo commit path want local rest || [ -n "${service:-}" ]; do
  line=$((line + 1))
  # A malformed line is an error in the list, not in the folder: say where and stop.
  if [ -n "${rest:-}" ] || [ -z "$local" ] || [[ ! $commit =~ ^[0-9a-f]{40}$ ]] || [[ ! $want =~ ^[0-9a-f]{64}$ ]] \
     || [[ $service == */* ]] || [[ $local == /* ]] || [[ $local == *..* ]]; then
    echo "corpus-check: $list:$line: malformed line (want 6 tab-separated fields, 40-hex commit, 64-hex sha256, relative local_file)" >&2
    exit 2
  fi
  rel=$service/$local
  if grep -qxF -- "$rel" "$expected"; then echo "corpus-check: $list:$line: $rel is listed twice" >&2; exit 2; fi
  printf '%s\n' "$rel" >> "$expected"
  listed=$((listed + 1))
  if [ ! -f "$dir/$rel" ]; then
    echo "missing: $rel (from $repo@${commit:0:10}:$path)"; missing=$((missing + 1))
  else
    got=$(sha "$dir/$rel")
    if [ "$got" = "$want" ]; then ok=$((ok + 1))
    else echo "mismatch: $rel: sha256 $got, list says $want"; mismatched=$((mismatched + 1)); fi
  fi
done < <(tail -n +2 "$list")

# Anything else in the folder is not in the list (hidden files included: they would be read too).
while IFS= read -r -d '' f; do
  rel=${f#"$dir"/}
  if ! grep -qxF -- "$rel" "$expected"; then echo "extra: $rel"; extra=$((extra + 1)); fi
done < <(find "$dir" -mindepth 1 \( -type f -o -type l \) -print0 | sort -z)

echo "corpus-check: $listed listed, $ok ok, $missing missing, $mismatched mismatched, $extra extra ($dir)"
[ $((missing + mismatched + extra)) -eq 0 ]
