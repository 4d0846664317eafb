#!/usr/bin/env bash
# The shipping checks of `make test`, on the debug binary (the static release binary is checked
# by `make dist-check`, which needs the ~8-minute release build; README "Install"):
#   install   make install into a DESTDIR: the file list, a man page per command, man finds them
#             and renders each without a warning (man --warnings -l), bash completion completes, the installed binary runs from an empty PATH;
#             make uninstall removes exactly those files
#   version   --version names the commit of the checkout; build-info.sh in a `git archive` tree
#   sarif     validate/verify/check --format sarif pass the official SARIF 2.1.0 schema and hold
#             the same findings as --format json; a broken document fails the same check
#   demo      scripts/demo.sh with its output redirected prints no escape codes, writes its own
#             library database under DEMO_OUT and leaves the user's default one and $MWKIT_DB alone
#   action    action.yml passes Schemas/github-action.schema.json; its Validate step, run as
#             GitHub would, annotates, writes JUnit and sets `valid`
#   pre-commit the real pre-commit tool in a throwaway repository: a valid backup commits, an
#             invalid one is refused with mwkit's diagnostic
# Each check prints ok/FAIL; the last line is `ship-check: N passed, M failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BIN=$(swift build --show-bin-path)/mwkit
[ -x "$BIN" ] || { echo "ship-check: build first (swift build): $BIN is missing" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
ok() { echo "ok    $*"; passed=$((passed + 1)); }
fail() { echo "FAIL  $*"; failed=$((failed + 1)); }
# check NAME COMMAND…: ok when COMMAND succeeds.
check() { local name=$1; shift; if "$@"; then ok "$name"; else fail "$name"; fi; }

VALID=Samples/mediawatch-v1.json
INVALID=Samples/invalid/title-tmdbid-positive.json

# ---- install / uninstall --------------------------------------------------------------------
stage=$tmp/stage
mkdir -p "$stage/usr/share/man/man1" "$tmp/empty"
echo "not ours" > "$stage/usr/share/man/man1/other.1"   # must survive uninstall
make --no-print-directory install CONFIG=debug PREFIX=/usr DESTDIR="$stage" > "$tmp/install.log" 2>&1 \
  || { cat "$tmp/install.log"; fail "make install"; }
(cd "$stage" && find . -type f | sed 's|^\./||' | LC_ALL=C sort) > "$tmp/installed.txt"
echo "installed files:"; sed 's/^/  /' "$tmp/installed.txt"
# Every subcommand (as the binary itself lists them) has its page.
commands=$("$BIN" --experimental-dump-help | python3 -c 'import json,sys; print(" ".join(c["commandName"] for c in json.load(sys.stdin)["command"]["subcommands"]))')
expected=$( {
  echo usr/bin/mwkit
  echo usr/share/bash-completion/completions/mwkit
  echo usr/share/fish/vendor_completions.d/mwkit.fish
  echo usr/share/man/man1/mwkit.1
  for c in $commands; do echo "usr/share/man/man1/mwkit.$c.1"; done
  echo usr/share/man/man1/other.1
  echo usr/share/zsh/site-functions/_mwkit
} | LC_ALL=C sort)
check "install: the binary, a man page per command ($(echo "$commands" | wc -w) + mwkit.1), 3 completions" \
  diff <(echo "$expected") "$tmp/installed.txt"
if command -v man > /dev/null; then
  check "install: man finds and renders mwkit.validate, generated from the definitions (--format … sarif)" \
    bash -c "MANPATH='$stage/usr/share/man' MANPAGER=cat man mwkit.validate 2>/dev/null | grep -q 'sarif'"
  # Every page renders without a warning from groff (man --warnings, as a reader's man would
  # show them): the warnings, page by page, are the failure message.
  : > "$tmp/man-warnings.txt"
  for page in "$stage"/usr/share/man/man1/mwkit*.1; do
    MANPAGER=cat MANWIDTH=80 man --warnings -l "$page" 2>&1 > /dev/null | sed "s|^|  $(basename "$page"): |" >> "$tmp/man-warnings.txt"
  done
  check "install: every man page renders without a warning (man --warnings -l, $(ls "$stage"/usr/share/man/man1/mwkit*.1 | wc -l) pages)" \
    bash -c "[ ! -s '$tmp/man-warnings.txt' ] || { head -40 '$tmp/man-warnings.txt'; false; }"
else
  check "install: mwkit.validate.1 is generated from the definitions (--format … sarif; no man here to render it)" \
    grep -q 'sarif' "$stage/usr/share/man/man1/mwkit.validate.1"
fi
check "install: bash completes 'mwkit valid' to validate and --format to its five styles" bash -c "
  PATH='$stage/usr/bin':\$PATH; source '$stage/usr/share/bash-completion/completions/mwkit'
  complete_line() { COMP_LINE=\$1; COMP_POINT=\${#COMP_LINE}; read -ra COMP_WORDS <<< \"\$COMP_LINE\"
    [[ \$COMP_LINE == *' ' ]] && COMP_WORDS+=(''); COMP_CWORD=\$(( \${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
    _mwkit \"\${COMP_WORDS[0]}\" \"\${COMP_WORDS[COMP_CWORD]}\" \"\${COMP_WORDS[COMP_CWORD-1]}\"; printf '%s\n' \"\${COMPREPLY[@]}\"; }
  [ \"\$(complete_line 'mwkit valid')\" = validate ] && [ \"\$(complete_line 'mwkit validate --format ' | tr '\n' ' ')\" = 'text json github junit sarif ' ]"
if command -v zsh >/dev/null; then check "install: zsh completion parses" zsh -n "$stage/usr/share/zsh/site-functions/_mwkit"; fi
if command -v fish >/dev/null; then
  check "install: fish completes 'mwkit valid' to validate" bash -c "
    [ \"\$(fish -c \"source '$stage/usr/share/fish/vendor_completions.d/mwkit.fish'; complete -C 'mwkit valid'\" | cut -f1)\" = validate ]"
fi
# The installed binary with nothing on PATH (an empty directory) and a bare environment.
env -i PATH="$tmp/empty" HOME="$tmp" "$stage/usr/bin/mwkit" validate "$VALID" > "$tmp/run-valid.txt" 2>&1
check "installed binary, empty PATH: validate a valid backup → exit 0, valid" \
  bash -c "[ $? = 0 ] && grep -q ': valid (mediawatch-v1)' '$tmp/run-valid.txt'"
env -i PATH="$tmp/empty" HOME="$tmp" "$stage/usr/bin/mwkit" validate "$INVALID" > "$tmp/run-invalid.txt" 2>&1
check "installed binary, empty PATH: an invalid backup → exit 1 with its diagnostic" \
  bash -c "[ $? = 1 ] && grep -q 'title-tmdbid-positive' '$tmp/run-invalid.txt'"
make --no-print-directory uninstall CONFIG=debug PREFIX=/usr DESTDIR="$stage" > /dev/null 2>&1
check "uninstall: removes exactly what install wrote (other.1 stays)" \
  bash -c "[ \"\$(cd '$stage' && find . -type f)\" = ./usr/share/man/man1/other.1 ]"

# ---- version --------------------------------------------------------------------------------
version=$("$BIN" --version)
echo "version: $version"
check "--version: 'N.N.N (git <12 hex>[-dirty])'" bash -c "[[ '$version' =~ ^[0-9]+\.[0-9]+\.[0-9]+\ \(git\ [0-9a-f]{12}(-dirty)?\)$ ]]"
if head=$(git rev-parse --short=12 HEAD 2>/dev/null); then
  check "--version: the commit of this checkout ($head)" bash -c "[[ '$version' == *'(git $head'* ]]"
  # A source tarball (git archive, as a forge's download) has no .git: the commit comes from
  # the export-subst placeholder, which only a committed .gitattributes turns into the commit.
  mkdir -p "$tmp/archive"
  git archive HEAD scripts/build-info.sh scripts/build-commit | tar -x -C "$tmp/archive"
  sh "$tmp/archive/scripts/build-info.sh" "$tmp/archive" "$tmp/archive/out" </dev/null
  check "build-info.sh in a git-archive tree: the archived commit" grep -q "commit = \"$head\"" "$tmp/archive/out/BuildInfo.swift"
  MWKIT_BUILD_COMMIT=feedfacecafe sh scripts/build-info.sh "$ROOT" "$tmp/override"
  check "build-info.sh: MWKIT_BUILD_COMMIT wins" grep -q 'commit = "feedfacecafe"' "$tmp/override/BuildInfo.swift"
fi

# ---- SARIF ------------------------------------------------------------------------------------
"$BIN" validate --format sarif Samples > "$tmp/valid.sarif"
"$BIN" validate --format sarif Samples/invalid Samples/books/invalid Samples/warnings > "$tmp/invalid.sarif"
"$BIN" validate --format json Samples/invalid Samples/books/invalid Samples/warnings > "$tmp/invalid.json"
mkdir -p "$tmp/img"
"$BIN" pack "$VALID" --images "$tmp/img" -o "$tmp/good.zip" 2>/dev/null
cp "$tmp/good.zip" "$tmp/bad.zip"
printf 'XXXX' | dd of="$tmp/bad.zip" bs=1 seek=200 conv=notrunc 2>/dev/null   # corrupt the deflated JSON
"$BIN" verify --format sarif "$tmp/good.zip" "$tmp/bad.zip" > "$tmp/verify.sarif"
MWKIT_DB="$tmp/lib.sqlite" "$BIN" restore "$VALID" --strategy merge > /dev/null 2>&1
"$BIN" check --db "$tmp/lib.sqlite" --format sarif > "$tmp/check.sarif"
check "sarif: validate (valid, invalid), verify and check output pass the SARIF 2.1.0 schema" \
  python3 scripts/check_sarif.py "$tmp/valid.sarif" "$tmp/invalid.sarif" "$tmp/verify.sarif" "$tmp/check.sarif"
check "sarif: the same findings as --format json (code, level, line, column of each)" python3 - "$tmp/invalid.sarif" "$tmp/invalid.json" <<'PY'
import json, sys
sarif, js = (json.load(open(p)) for p in sys.argv[1:3])
run = sarif["runs"][0]
rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
got = sorted((r["ruleId"], r["level"], r["locations"][0]["physicalLocation"].get("region", {}).get("startLine", 0),
              r["locations"][0]["physicalLocation"].get("region", {}).get("startColumn", 0)) for r in run["results"])
want = sorted((d["code"], d["severity"], d.get("line") or 0, d.get("column") or 0) for f in js["files"] for d in f["diagnostics"])
assert got == want and len(got) > 40, f"{len(got)} SARIF results vs {len(want)} JSON diagnostics"
assert all(rules[r["ruleIndex"]] == r["ruleId"] for r in run["results"]), "ruleIndex does not point at ruleId"
assert len(run["artifacts"]) == len(js["files"])
PY
check "sarif: verify finds the corrupted ZIP" python3 -c "
import json; r = json.load(open('$tmp/verify.sarif'))['runs'][0]
assert [a['properties']['valid'] for a in r['artifacts']] == [True, False], r['artifacts']"
python3 -c "
import json; d = json.load(open('$tmp/invalid.sarif')); d['runs'][0]['results'][0]['level'] = 'fatal'
json.dump(d, open('$tmp/broken.sarif', 'w'))"
check "sarif: the schema check refuses a broken document (level 'fatal')" \
  bash -c "! python3 scripts/check_sarif.py '$tmp/broken.sarif' > /dev/null"

# ---- demo ---------------------------------------------------------------------------------------
# Its output redirected (not a terminal): no escape codes. Run as a user whose default library
# database exists (MWKIT_DB and the XDG one): the demo writes its own under DEMO_OUT, says so,
# and leaves both real ones byte for byte.
mkdir -p "$tmp/home/data/mwkit"
echo "the user's library" > "$tmp/home/data/mwkit/library.sqlite"; echo "the user's MWKIT_DB" > "$tmp/home/mwkit-db.sqlite"
MWKIT=$BIN HOME="$tmp/home" XDG_DATA_HOME="$tmp/home/data" MWKIT_DB="$tmp/home/mwkit-db.sqlite" DEMO_OUT="$tmp/demo" \
  bash scripts/demo.sh > "$tmp/demo.txt" 2>&1
check "demo: redirected, it prints no terminal escape codes ($(wc -l < "$tmp/demo.txt") lines)" \
  bash -c "grep -q 'demo outputs are in' '$tmp/demo.txt' && ! grep -q \$'\\x1b' '$tmp/demo.txt'"
check "demo: its own library database ($tmp/demo/library.sqlite, named in its output); the user's default and \$MWKIT_DB untouched" \
  bash -c "[ -s '$tmp/demo/library.sqlite' ] && grep -q 'the demo library database is $tmp/demo/library.sqlite' '$tmp/demo.txt' \
    && [ \"\$(cat '$tmp/home/data/mwkit/library.sqlite')\" = \"the user's library\" ] && [ \"\$(cat '$tmp/home/mwkit-db.sqlite')\" = \"the user's MWKIT_DB\" ] \
    && [ \"\$(ls '$tmp/home/data/mwkit')\" = library.sqlite ] && [ ! -e '$tmp/home/.local' ]"

# ---- action.yml -------------------------------------------------------------------------------
check "action.yml passes Schemas/github-action.schema.json" \
  python3 scripts/check_schemas.py --schema Schemas/github-action.schema.json action.yml
# The Validate step as the runner runs it: its env expressions filled in, bash, GITHUB_OUTPUT.
check "action.yml: the Validate step annotates, writes JUnit and sets valid=false for an invalid backup" \
  python3 - "$BIN" "$tmp/action" <<'PY'
import os, re, subprocess, sys, yaml
mwkit, work = sys.argv[1], sys.argv[2]
os.makedirs(work)
action = yaml.safe_load(open("action.yml"))
inputs = {k: str(v.get("default", "")) for k, v in action["inputs"].items()}
inputs.update(paths="Samples/mediawatch-v1.json\nSamples/invalid/title-tmdbid-positive.json",
              **{"junit-file": f"{work}/junit.xml", "sarif-file": f"{work}/out.sarif"})
values = {**{f"inputs.{k}": v for k, v in inputs.items()}, "steps.build.outputs.mwkit": mwkit}
step = next(s for s in action["runs"]["steps"] if s.get("id") == "validate")
def fill(text):
    def one(m):
        assert m.group(1) in values, f"unknown expression {m.group(1)}"
        return values[m.group(1)]
    return re.sub(r"\$\{\{\s*([^}]+?)\s*\}\}", one, text)
env = dict(os.environ, GITHUB_OUTPUT=f"{work}/output", **{k: fill(str(v)) for k, v in step["env"].items()})
assert not re.search(r"\$\{\{", step["run"]), "inputs must reach the script through env"
p = subprocess.run(["bash", "-e", "-c", step["run"]], env=env, capture_output=True, text=True)
assert p.returncode == 1, (p.returncode, p.stderr)
assert "::error file=Samples/invalid/title-tmdbid-positive.json,line=1,col=772,title=mwkit title-tmdbid-positive::" in p.stdout, p.stdout
out = dict(l.split("=", 1) for l in open(f"{work}/output").read().split())
assert out == {"valid": "false", "junit-file": f"{work}/junit.xml"}, out
junit = open(f"{work}/junit.xml").read()
assert 'tests="2" failures="1"' in junit, junit[:300]
assert '"version" : "2.1.0"' in open(f"{work}/out.sarif").read()
for name, want in (("output_names", set(action["outputs"])), ):
    assert want == {"valid", "junit-file"}
PY

# ---- pre-commit -------------------------------------------------------------------------------
# The hooks as committed in a repository of their own (a copy of this tree's
# .pre-commit-hooks.yaml, so uncommitted edits are what is tested), used by a throwaway project.
if python3 -m pre_commit --version > /dev/null 2>&1; then
  export PRE_COMMIT_HOME=$tmp/pre-commit-home GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.invalid \
         GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.invalid GIT_CONFIG_GLOBAL=/dev/null
  hooks=$tmp/hooks-repo project=$tmp/project
  git init -q -b main "$hooks" && cp .pre-commit-hooks.yaml "$hooks/" && git -C "$hooks" add . && git -C "$hooks" commit -qm hooks
  rev=$(git -C "$hooks" rev-parse HEAD)
  git init -q -b main "$project"
  printf 'repos:\n- repo: %s\n  rev: %s\n  hooks: [{id: mwkit-validate}, {id: mwkit-verify}]\n' "$hooks" "$rev" > "$project/.pre-commit-config.yaml"
  (cd "$project" && python3 -m pre_commit install > /dev/null && git add .pre-commit-config.yaml && git commit -qm config) > "$tmp/pc-setup.txt" 2>&1 \
    || { cat "$tmp/pc-setup.txt"; fail "pre-commit: setup"; }
  mkdir -p "$project/backups"
  cp "$VALID" "$project/backups/good.json"; cp "$tmp/good.zip" "$project/backups/good.zip"
  (cd "$project" && PATH="$(dirname "$BIN"):$PATH" git add backups && PATH="$(dirname "$BIN"):$PATH" git commit -m good) > "$tmp/pc-good.txt" 2>&1
  status=$?
  sed 's/^/  | /' "$tmp/pc-good.txt"
  check "pre-commit: a valid JSON and ZIP backup commit (validate and verify pass)" \
    bash -c "[ $status = 0 ] && grep -q 'mwkit validate.*Passed' '$tmp/pc-good.txt' && grep -q 'mwkit verify.*Passed' '$tmp/pc-good.txt'"
  cp "$INVALID" "$project/backups/bad.json"
  (cd "$project" && PATH="$(dirname "$BIN"):$PATH" git add backups && PATH="$(dirname "$BIN"):$PATH" git commit -m bad) > "$tmp/pc-bad.txt" 2>&1
  status=$?
  sed 's/^/  | /' "$tmp/pc-bad.txt"
  check "pre-commit: the invalid backup's commit is refused with mwkit's diagnostic" \
    bash -c "[ $status != 0 ] && grep -q 'mwkit validate.*Failed' '$tmp/pc-bad.txt' && grep -q 'error: \[title-tmdbid-positive\] /titles/1/tmdbId' '$tmp/pc-bad.txt' && [ \$(git -C '$project' rev-list --count HEAD) = 2 ]"
else
  fail "pre-commit: the pre-commit Python package is missing (scripts/ensure-deps.sh installs it)"
fi

echo "ship-check: $passed passed, $failed failed"
[ "$failed" = 0 ]
