#!/usr/bin/env bash
# ZIP benchmark (issue 3): packs ~2,000 generated images (>= 300 MB) plus a 50 MB backup JSON
# with `mwkit pack`, and the same inputs with `bsdtar --format zip` (its default: deflate),
# `bsdtar --format zip --options zip:compression=store` (stores, as mwkit does for images) and
# `zip -0`; prints time ratios, peak RSS and full/quick `verify` throughput.
# Targets: pack <= 1.25x bsdtar's time, peak RSS <= 64 MiB, full verify >= 400 MB/s.
#
# Usage: bench/zip.sh            (from the repository root; RUNS=3 by default, best run kept)
#        MWKIT=path/to/mwkit bench/zip.sh   (`make bench` → bench/run.sh does this)
# Wall times on a shared machine are noisy; the cpu column (user+sys) is steadier.
# Data goes to bench/data/zip/ (git-ignored) and is reused between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
DATA=$PWD/bench/data/zip
if [ -z "${MWKIT:-}" ]; then
  swift build -c release --product mwkit >/dev/null   # incremental; skipped when MWKIT is given
  MWKIT=.build/release/mwkit
fi
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "zip.sh: needs GNU time (apt-get install time)" >&2; exit 2; }
for t in bsdtar zip python3; do command -v $t >/dev/null || { echo "zip.sh: needs $t" >&2; exit 2; }; done

mkdir -p "$DATA"
python3 bench/zip/gen.py "$DATA" 2000 320 50 backup.json
python3 bench/zip/gen.py "$DATA" 2000 320 0.2 backup-small.json
cat "$DATA"/images/* "$DATA"/*.json > /dev/null      # warm the page cache for every tool alike
IMG_MB=$(du -sm "$DATA/images" | cut -f1)
JSON_MB=$(du -sm "$DATA/backup.json" | cut -f1)
echo "inputs: $(ls "$DATA/images" | wc -l) images, ${IMG_MB} MB; backup.json ${JSON_MB} MB; best of $RUNS runs"

# best NAME OUTPUT CMD...: runs CMD $RUNS times (removing OUTPUT first), keeps the fastest
# wall time and the largest peak RSS; sets BEST_S and BEST_KB.
best() {
  local name=$1 out=$2; shift 2
  BEST_S=""; BEST_KB=0; BEST_CPU=0
  for _ in $(seq "$RUNS"); do
    rm -rf "$out"
    $TIME -f "%e %M %U %S" -o "$DATA/time.txt" "$@" >/dev/null 2>"$DATA/stderr.txt" || { cat "$DATA/stderr.txt" >&2; exit 1; }
    read -r s kb u sy < "$DATA/time.txt"
    if [ -z "$BEST_S" ] || awk "BEGIN{exit !($s < $BEST_S)}"; then BEST_S=$s; BEST_CPU=$(awk "BEGIN{print $u+$sy}"); fi
    [ "$kb" -gt "$BEST_KB" ] && BEST_KB=$kb
  done
  printf "  %-34s %7.2f s  (cpu %5.2f s)   peak RSS %6.1f MiB\n" "$name" "$BEST_S" "$BEST_CPU" "$(awk "BEGIN{print $BEST_KB/1024}")"
}

echo "pack:"
best "mwkit pack" "$DATA/mwkit.zip" "$MWKIT" pack "$DATA/backup.json" --images "$DATA/images" -o "$DATA/mwkit.zip"
MW_S=$BEST_S; MW_KB=$BEST_KB
best "mwkit pack (0.2 MB JSON)" "$DATA/mwkit-small.zip" "$MWKIT" pack "$DATA/backup-small.json" --images "$DATA/images" -o "$DATA/mwkit-small.zip"
SMALL_KB=$BEST_KB; SMALL_S=$BEST_S
best "bsdtar --format zip (deflate)" "$DATA/bsdtar.zip" bsdtar --format zip -cf "$DATA/bsdtar.zip" -C "$DATA" backup.json images
BSD_S=$BEST_S
best "bsdtar --format zip (store)" "$DATA/bsdtar0.zip" bsdtar --format zip --options zip:compression=store -cf "$DATA/bsdtar0.zip" -C "$DATA" backup.json images
BSD0_S=$BEST_S
best "zip -0" "$DATA/zip0.zip" sh -c 'cd "$1" && zip -q -0 -r zip0.zip backup.json images' sh "$DATA"
ZIP0_S=$BEST_S

ZIP_MB=$(awk "BEGIN{print $(stat -c %s "$DATA/mwkit.zip")/1048576}")
echo "verify ($(printf %.0f "$ZIP_MB") MiB archive):"
best "mwkit verify (full)" "$DATA/none" "$MWKIT" verify "$DATA/mwkit.zip"
V_S=$BEST_S; V_KB=$BEST_KB
best "mwkit verify --quick" "$DATA/none" "$MWKIT" verify --quick "$DATA/mwkit.zip"
VQ_S=$BEST_S

ratio() { awk "BEGIN{printf \"%.2fx\", $1/$2}"; }
echo "ratios (mwkit pack time / other):"
echo "  vs bsdtar --format zip (deflate): $(ratio "$MW_S" "$BSD_S")   (target <= 1.25x)"
echo "  vs bsdtar --format zip (store):   $(ratio "$MW_S" "$BSD0_S")"
echo "  vs zip -0:                        $(ratio "$MW_S" "$ZIP0_S")"
echo "  images only (0.2 MB JSON) vs bsdtar (store): $(ratio "$SMALL_S" "$BSD0_S")"
echo "  (mwkit also validates the JSON, hashes every entry and fsyncs before renaming; the others do not)"
echo "peak RSS: pack $(awk "BEGIN{printf \"%.1f\", $MW_KB/1024}") MiB (50 MB JSON), $(awk "BEGIN{printf \"%.1f\", $SMALL_KB/1024}") MiB (0.2 MB JSON, same images); verify $(awk "BEGIN{printf \"%.1f\", $V_KB/1024}") MiB   (target <= 64 MiB)"
echo "verify throughput: full $(awk "BEGIN{printf \"%.0f\", $ZIP_MB/$V_S}") MiB/s, quick $(awk "BEGIN{printf \"%.0f\", $ZIP_MB/$VQ_S}") MiB/s   (target >= 400 MB/s full)"
echo "load average during the run: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -f "$DATA"/bsdtar.zip "$DATA"/bsdtar0.zip "$DATA"/zip0.zip "$DATA"/mwkit-small.zip "$DATA"/time.txt "$DATA"/stderr.txt
