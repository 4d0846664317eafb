#!/usr/bin/env bash
# Builds the Containerfile with Debian's podman on a machine where no container registry is
# reachable, and runs `validate` inside (README "Container"; not part of `make test`):
#   1. the base image is bootstrapped from Debian's packages (mmdebstrap --variant=minbase) and
#      imported with `podman import`, then passed as --build-arg BASE=…;
#   2. podman runs with runtime "runc" and nofile/nproc ulimits of 1024 from a containers.conf
#      written to a temporary directory (CONTAINERS_CONF), its own storage (vfs) in that
#      directory, and --network=host for the build (apt) / none for the run;
#   3. the image is the `make dist` tarball (made first when dist/ has none).
# Everything it makes is removed at the end (images included: their storage is the temporary
# directory). Usage: scripts/container-check.sh [SUITE] (default bookworm).
# The Debian mirror mmdebstrap uses is $MWKIT_DEBIAN_MIRROR, else the one this machine's own apt
# configuration uses for a main archive suite (`apt-cache policy`): no host name is written here.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SUITE=${1:-bookworm}
MIRROR=${MWKIT_DEBIAN_MIRROR:-$({ apt-cache policy 2> /dev/null || true; } | awk '$2 ~ /^(https?|file):/ && $3 ~ /^[a-z]+\/main$/ { print $2; exit }')}
if [ -z "$MIRROR" ]; then
  echo "container-check: no Debian mirror in this machine's apt configuration; set MWKIT_DEBIAN_MIRROR=URL" >&2
  exit 2
fi
echo "container-check: Debian mirror $MIRROR"

need=()
command -v podman > /dev/null || need+=(podman)
command -v mmdebstrap > /dev/null || need+=(mmdebstrap)
command -v runc > /dev/null || need+=(runc)
if [ ${#need[@]} -gt 0 ]; then
  echo "container-check: installing ${need[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" > /dev/null
fi

tarball=$(ls -t dist/mwkit-*-linux-"$(uname -m)".tar.gz 2> /dev/null | head -n 1 || true)
if [ -z "$tarball" ]; then
  make dist
  tarball=$(ls -t dist/mwkit-*-linux-"$(uname -m)".tar.gz | head -n 1)
fi
echo "container-check: tarball $tarball"

tmp=$(mktemp -d /var/tmp/mwkit-container.XXXXXX)
P() { podman --root "$tmp/storage" --runroot "$tmp/run" --storage-driver vfs "$@"; }
cleanup() { P rmi -af > /dev/null 2>&1 || true; rm -rf "$tmp"; }
trap cleanup EXIT
cat > "$tmp/containers.conf" << 'EOF'
[containers]
default_ulimits = ["nofile=1024:1024", "nproc=1024:1024"]
[engine]
runtime = "runc"
EOF
export CONTAINERS_CONF=$tmp/containers.conf

t0=$(date +%s)
echo "container-check: mmdebstrap --variant=minbase $SUITE"
mmdebstrap --quiet --variant=minbase "$SUITE" "$tmp/base.tar" "$MIRROR"
P import "$tmp/base.tar" localhost/mwkit-base:"$SUITE" > /dev/null
t1=$(date +%s)
echo "container-check: base imported ($(du -h "$tmp/base.tar" | cut -f1), $((t1 - t0)) s); building"
P build --network=host --build-arg BASE=localhost/mwkit-base:"$SUITE" --build-arg TARBALL="$tarball" \
  -f Containerfile -t localhost/mwkit:check "$ROOT"
t2=$(date +%s)
P image ls --format '{{.Repository}}:{{.Tag}} {{.Size}}'

status=0
run() { P run --rm --network=none -v "$ROOT/Samples:/data:ro" localhost/mwkit:check "$@"; }
echo "\$ podman run --rm -v \"\$PWD/Samples:/data:ro\" mwkit validate mediawatch-v1.json mediawatch-v2.json"
run validate mediawatch-v1.json mediawatch-v2.json || status=1
echo "\$ podman run … mwkit validate invalid/title-tmdbid-positive.json   (must exit 1)"
set +e; run validate invalid/title-tmdbid-positive.json; code=$?; set -e
[ "$code" = 1 ] || { echo "container-check: expected exit 1 for the invalid sample, got $code"; status=1; }
user=$(P run --rm --network=none --entrypoint id localhost/mwkit:check -u)
wd=$(P run --rm --network=none --entrypoint pwd localhost/mwkit:check)
version=$(P run --rm --network=none localhost/mwkit:check --version)
echo "container-check: user id $user, working directory $wd, mwkit $version"
[ "$user" != 0 ] && [ "$wd" = /data ] || status=1
echo "container-check: base $((t1 - t0)) s, build $((t2 - t1)) s; $([ $status = 0 ] && echo passed || echo FAILED)"
exit $status
