#!/usr/bin/env bash
# Checks the `make dist` tarball as a user without Swift would use it (`make dist-check`):
# the SHA-256 file matches, the tree holds the binary, a man page per command, three
# completions, LICENSE and SHA256SUMS; the binary links no Swift runtime library and runs from
# an empty PATH directory in a bare environment, with no toolchain anywhere on PATH.
# Usage: dist-check.sh DIST_DIR
set -euo pipefail
dist=${1:-dist}
cd "$(dirname "$0")/.."
root=$PWD
tarball=$(ls -t "$dist"/mwkit-*-linux-"$(uname -m)".tar.gz | head -n 1)
name=$(basename "$tarball" .tar.gz)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "dist-check: FAIL $*" >&2; exit 1; }

(cd "$dist" && sha256sum -c "$name.tar.gz.sha256") || fail "the .sha256 file does not match"
tar -xzf "$tarball" -C "$tmp"
d=$tmp/$name
(cd "$d" && sha256sum -c --quiet SHA256SUMS) || fail "SHA256SUMS does not match the files"
echo "dist-check: $tarball ($(wc -c < "$tarball") bytes):"
(cd "$tmp" && find "$name" -type f | LC_ALL=C sort | sed 's/^/  /')
for f in bin/mwkit LICENSE share/man/man1/mwkit.1 share/man/man1/mwkit.validate.1 \
         share/bash-completion/completions/mwkit share/zsh/site-functions/_mwkit share/fish/vendor_completions.d/mwkit.fish; do
  [ -f "$d/$f" ] || fail "$f is missing"
done
echo "dist-check: shared libraries the binary needs:"
ldd "$d/bin/mwkit" | sed 's/^/  /'
if ldd "$d/bin/mwkit" | grep -qi 'swift\|libFoundation\|libdispatch\|libBlocksRuntime'; then fail "the binary links a Swift runtime library"; fi
if ldd "$d/bin/mwkit" | grep -q 'not found'; then fail "a shared library is missing"; fi
# No toolchain on PATH: an empty directory is the whole PATH, the environment is bare.
mkdir "$tmp/empty"
env -i PATH="$tmp/empty" HOME="$tmp" "$d/bin/mwkit" --version
env -i PATH="$tmp/empty" HOME="$tmp" "$d/bin/mwkit" validate "$root/Samples/mediawatch-v1.json" || fail "validate of a valid sample"
set +e
env -i PATH="$tmp/empty" HOME="$tmp" "$d/bin/mwkit" validate "$root/Samples/invalid/title-tmdbid-positive.json"
code=$?
set -e
[ "$code" = 1 ] || fail "an invalid sample exits $code, not 1"
env -i PATH="$tmp/empty" HOME="$tmp" MWKIT_DB="$tmp/lib.sqlite" "$d/bin/mwkit" restore "$root/Samples/mediawatch-v1.json" --strategy merge > /dev/null \
  || fail "restore into a new database"
echo "dist-check: passed"
