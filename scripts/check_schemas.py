#!/usr/bin/env python3
"""Checks that the JSON Schemas in Schemas/ agree with the samples in Samples/.

  Samples/*.json            valid backups: each must PASS the schema of its version.
  Samples/warnings/*.json   valid backups that only draw warnings: must PASS.
  Samples/conversion/*.json valid v2 backups (they only fail when converted): must PASS.
  Samples/books/...          the same layout for bookstrack-v1 and -v2 (bookstrack-v1/-v2.schema.json, by formatVersion).
  Samples/invalid/<code>.json
      code is one a schema can express (STRUCTURAL below): must FAIL its schema.
      any other code (cross-record rules, JSON-level defects Python's parser hides): must PASS,
      which shows the file breaks only its own rule as far as a schema can tell.
      Files that are not strict JSON (empty, truncated, invalid UTF-8, NaN, ...) are skipped with a note.

The version is detected as mwkit does: an object with a "format" key is v2 (its formatVersion
3 checked against the v3 schema), anything else is checked against v1. Exit status 1 on any disagreement; the last line reads
`schemas: N passed, M failed`.

`check_schemas.py --schema SCHEMA FILE…` instead checks that each FILE passes SCHEMA (see
check_instances): mwkit's SARIF output, action.yml.
"""
from __future__ import annotations

import json
import os
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:  # pragma: no cover - reported, not hidden
    sys.exit("check_schemas: Python package 'jsonschema' is missing (pip install jsonschema)")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMAS = os.path.join(ROOT, "Schemas")
SAMPLES = os.path.join(ROOT, "Samples")

# Diagnostic codes whose sample a JSON Schema must reject (docs/DIAGNOSTICS.md, "schema" column).
STRUCTURAL = {
    "schema-type", "schema-required", "schema-range", "format-unknown-version", "format-unrecognized",
    "json-number-range", "date-invalid", "stripped-record-metadata", "id-format",
    "title-tmdbid-positive", "title-media-type", "title-title-empty", "title-imdbid-format",
    "title-liked-status", "title-language-format",
    "episode-season-number", "episode-episode-number", "episode-name-empty",
    "list-name-empty", "list-name-length", "list-color-hex", "listitem-duplicate",
    "note-text-length", "note-parent-type", "preferences-liked-status",
    "schema-unknown-key",  # only as an error, i.e. in Samples/invalid/ (a v2 file)
    # formatVersion 3 (rating-range is not: a schema cannot compare a value with its scale)
    "date-precision-unknown", "day-not-midnight", "provenance-duplicate",
    # formatVersion 4
    "title-watch-status",
    # formatVersion 5
    "title-service-id", "title-unnumbered-episode",
}

# The same for the books samples (Samples/books/, checked against bookstrack-v1.schema.json).
STRUCTURAL_BOOKS = {
    "schema-type", "schema-required", "schema-range", "schema-unknown-key", "format-unknown-version", "date-invalid",
    "book-title-empty", "book-author-name-empty", "book-wishlist-edition", "book-rating-range",
    "book-personal-rating-range", "book-progress-range", "book-notes-length",
}


class NotStrictJSON(Exception):
    pass


def _reject_constant(name: str):
    raise NotStrictJSON(f"non-standard literal {name}")


def _no_duplicates(pairs):
    keys = [k for k, _ in pairs]
    if len(keys) != len(set(keys)):
        dup = next(k for k in keys if keys.count(k) > 1)
        raise NotStrictJSON(f"duplicate key {dup!r}")
    return dict(pairs)


def load_strict(path: str):
    """Parses a file as strict RFC 8259 JSON (UTF-8, optional BOM, no NaN, no duplicate keys)."""
    with open(path, "rb") as f:
        data = f.read()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if not data.strip():
        raise NotStrictJSON("empty")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise NotStrictJSON(f"invalid UTF-8 at byte {e.start}") from None
    try:
        return json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_no_duplicates)
    except json.JSONDecodeError as e:
        raise NotStrictJSON(f"not JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except RecursionError:
        raise NotStrictJSON("nesting too deep for Python's parser") from None


def validators():
    out = {}
    for v, name in ((1, "mediawatch-backup-v1"), (2, "mediawatch-backup-v2"), (3, "mediawatch-backup-v3"), (4, "mediawatch-backup-v4"), (5, "mediawatch-backup-v5"),
                    ("books", "bookstrack-v1"), ("books-v2", "bookstrack-v2")):
        with open(os.path.join(SCHEMAS, f"{name}.schema.json"), encoding="utf-8") as f:
            schema = json.load(f)
        Draft202012Validator.check_schema(schema)
        checker = getattr(Draft202012Validator, "FORMAT_CHECKER", None)
        if checker is None:  # jsonschema < 4.5
            from jsonschema import FormatChecker
            checker = FormatChecker()
        out[v] = Draft202012Validator(schema, format_checker=checker)
    return out


def version_of(doc):
    """"books" for a BooksTrack backup ("books-v2" at formatVersion 2); 1 without a "format" key; else 3, 4 or 5 for formatVersion 3, 4 or 5 and
    2 otherwise (whose schema then refuses an unknown formatVersion)."""
    if isinstance(doc, dict) and doc.get("format") == "bookstrack-backup":
        return "books-v2" if doc.get("formatVersion") == 2 else "books"
    if not (isinstance(doc, dict) and "format" in doc):
        return 1
    return doc["formatVersion"] if doc.get("formatVersion") in (3, 4, 5) else 2


def first_error(validator, doc) -> str | None:
    best = None
    for err in validator.iter_errors(doc):
        if best is None or len(err.absolute_path) > len(best.absolute_path):
            best = err
    if best is None:
        return None
    ptr = "/" + "/".join(str(p) for p in best.absolute_path)
    msg = best.message if len(best.message) < 160 else best.message[:157] + "..."
    return f"{ptr}: {msg}"


def cases():
    """(path, expectation) for every sample: 'pass' or 'fail'."""
    def jsons(d):
        if not os.path.isdir(d):
            return []
        return sorted(os.path.join(d, n) for n in os.listdir(d) if n.endswith(".json"))
    for p in jsons(SAMPLES):
        yield p, "pass"
    for p in jsons(os.path.join(SAMPLES, "warnings")):
        yield p, "pass"
    for p in jsons(os.path.join(SAMPLES, "conversion")):
        yield p, "pass"
    for p in jsons(os.path.join(SAMPLES, "invalid")):
        code = os.path.basename(p)[:-5]
        yield p, "fail" if code in STRUCTURAL else "pass"
    books = os.path.join(SAMPLES, "books")
    for p in jsons(books) + jsons(os.path.join(books, "warnings")):
        yield p, "pass"
    for p in jsons(os.path.join(books, "invalid")):
        code = os.path.basename(p)[:-5]
        yield p, "fail" if code in STRUCTURAL_BOOKS else "pass"


def known_codes() -> set[str]:
    """Every stable diagnostic code: the `static let x: DiagnosticCode = "code"` declarations
    each target makes (MWFoundation, MWCore, MWArchive, MWStore, MWImport, …)."""
    import re
    codes: set[str] = set()
    for dirpath, _, files in os.walk(os.path.join(ROOT, "Sources")):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                    codes |= set(re.findall(r'static\s+let\s+\w+\s*:\s*DiagnosticCode\s*=\s*"([a-z0-9-]+)"', f.read()))
    return codes


def coverage_problems() -> list[str]:
    """Sample names and docs must match the codes: no sample for an unknown code, every
    structural code has a sample, every code has a row in docs/DIAGNOSTICS.md."""
    codes = known_codes()
    out = []
    for sub in ("invalid", "warnings", "conversion", "books/invalid", "books/warnings"):
        d = os.path.join(SAMPLES, sub)
        for n in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            if n.endswith(".json") and n[:-5] not in codes:
                out.append(f"Samples/{sub}/{n} is named after no DiagnosticCode")
    for code in sorted(STRUCTURAL - codes):
        out.append(f"STRUCTURAL lists {code!r}, which is not a DiagnosticCode")
    for code in sorted(STRUCTURAL & codes):
        if not os.path.exists(os.path.join(SAMPLES, "invalid", code + ".json")):
            out.append(f"no sample Samples/invalid/{code}.json for structural code {code}")
    for code in sorted(c for c in codes if c.startswith("book-")):
        if not any(os.path.exists(os.path.join(SAMPLES, "books", d, code + ".json")) for d in ("invalid", "warnings")):
            out.append(f"no sample Samples/books/(invalid|warnings)/{code}.json for books code {code}")
    doc = os.path.join(ROOT, "docs", "DIAGNOSTICS.md")
    text = open(doc, encoding="utf-8").read() if os.path.exists(doc) else ""
    for code in sorted(codes):
        if f"| `{code}` |" not in text:
            out.append(f"docs/DIAGNOSTICS.md has no row for {code}")
    return out


def main() -> int:
    vals = validators()
    passed = failed = skipped = 0
    for problem in coverage_problems():
        failed += 1
        print(f"FAIL  {problem}")
    for path, expect in cases():
        rel = os.path.relpath(path, ROOT)
        try:
            doc = load_strict(path)
        except NotStrictJSON as e:
            skipped += 1
            print(f"skip  {rel}: {e} (a JSON-level defect; mwkit reports it, a schema cannot)")
            continue
        v = version_of(doc)
        err = first_error(vals[v], doc)
        ok = (err is None) == (expect == "pass")
        if ok:
            passed += 1
            detail = f"rejected ({err})" if err else "accepted"
            print(f"ok    {rel} [v{v}] {detail}")
        else:
            failed += 1
            if expect == "pass":
                print(f"FAIL  {rel} [v{v}] should pass the schema but: {err}")
            else:
                print(f"FAIL  {rel} [v{v}] should fail the schema but was accepted")
    if skipped:
        print(f"skipped {skipped} file(s) that are not strict JSON")
    print(f"schemas: {passed} passed, {failed} failed")
    return 1 if failed else 0


def check_instances(schema_path: str, instances: list[str]) -> int:
    """`check_schemas.py --schema S FILE…`: each FILE (JSON, or YAML when named *.yml/*.yaml)
    must pass schema S, validated under the draft S declares (SARIF's is Draft 4). Used by
    scripts/ship-check.sh for mwkit's SARIF output and action.yml. Prints one line per file."""
    from jsonschema.validators import validator_for
    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    cls = validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema)
    bad = 0
    for path in instances:
        with open(path, encoding="utf-8") as f:
            if path.endswith((".yml", ".yaml")):
                import yaml  # PyYAML: scripts/ensure-deps.sh installs it
                doc = yaml.safe_load(f)
            else:
                doc = json.load(f)
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
        if errors:
            bad += 1
            where = "/".join(str(p) for p in errors[0].absolute_path)
            print(f"FAIL  {path} against {os.path.basename(schema_path)}: /{where}: {errors[0].message[:200]} ({len(errors)} error(s))")
        else:
            print(f"ok    {path} against {os.path.basename(schema_path)}")
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--schema":
        sys.exit(check_instances(sys.argv[2], sys.argv[3:]))
    sys.exit(main())
