"""What the record scripts (measure_rates.py, measure_paths.py, measure_scans.py, measure_sigma.py,
measure_audit.py) share: how they run boa, which commit they record, their common flags, and the
part files of a sharded run and their merge (measure.py)."""
import argparse
import csv
import fnmatch
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def run_boa(*args, capture=True):
    # BOA_PROGRAM: a built `boa` program to use instead of the wrapper (e.g. a copy, so that a
    # rebuild during the measurement cannot change the program half-way).
    program = os.environ.get("BOA_PROGRAM", str(ROOT / "boa"))
    return subprocess.run([program, *args], capture_output=capture, text=True)


def git(*args):
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True,
                          text=True).stdout.strip()


def head_commit():
    """The commit the rows are measured at, "-dirty" when the checkout differs from it (the row
    then says so, and whoever commits it names the commit that holds the measured code)."""
    commit = git("rev-parse", "--short", "HEAD")
    # The record files themselves are left out (a second script's run would see the first's rows);
    # untracked files count: a new source file is part of what is measured.
    changes = git("status", "--porcelain", "--untracked-files=normal", "--", ".",
                  ":(exclude,glob)theory/claims/records/*.csv",
                  ":(exclude,glob)theory/claims/records/*.json")
    return commit + ("-dirty" if changes else "")


def value_text(x):
    return str(int(x)) if float(x).is_integer() else repr(float(x))


def check_with(claim_id, param, value, seed_base, instances, script):
    """CI's configuration of a claim with one parameter fixed, drawn to `instances` counted
    instances from `seed_base` (a claim judged per cell: in each cell): `boa check --json`'s
    verdict. Exits naming `script` if boa fails."""
    run = run_boa("check", claim_id, "--params", f"{param}={value_text(value)}", "--seed",
                  str(seed_base), "--instances", str(instances), "--run-to-cap", "--budget",
                  "quick", "--no-shrink", "--json")
    if run.returncode not in (0, 1):
        sys.exit(f"{script}: boa check {claim_id} exited {run.returncode}: {run.stderr}")
    return json.loads(run.stdout)


def judged_units(claim_id, verdict):
    """A verdict's judged units as (row id, counts): one per cell ("<id>@<cell>") for a claim
    judged per cell, else the claim itself."""
    return ([(f"{claim_id}@{c['cell']}", c) for c in verdict.get("cells") or []] or
            [(claim_id, verdict)])


def count_failures(claim_id, param, value, seed_base, instances, script):
    """check_with's counts over the whole claim: (instances, failures)."""
    v = check_with(claim_id, param, value, seed_base, instances, script)
    print(f"{claim_id} {param}={value_text(value)}: {v['failures']}/{v['instances']} failed",
          file=sys.stderr, flush=True)
    return v["instances"], v["failures"]


def boa_catalog(script):
    """`boa list --json`: every claim with its paths, scans and plans. Exits naming `script`."""
    listing = run_boa("list", "--json")
    if listing.returncode != 0:
        sys.exit(f"{script}: boa list failed: {listing.stderr}")
    return json.loads(listing.stdout)


def selected(catalog, globs):
    """The claims whose id matches one of the comma-separated shell globs."""
    return [c for c in catalog if any(fnmatch.fnmatch(c["id"], g) for g in globs.split(","))]


def this_shard(jobs, shard_text):
    """The jobs of shard k/N: those whose index % N == k."""
    shard, shards = parse_shard(shard_text)
    return [j for k, j in enumerate(jobs) if k % shards == shard]


def merge_record(record, columns, fresh, keep, sort_key):
    """Writes `record` (a CSV of `columns`): the `fresh` rows and the old rows `keep` accepts,
    sorted by `sort_key` — so a partial run (--claims, --shard) updates only its own rows."""
    rows = list(fresh)
    if record.exists():
        with record.open() as f:
            rows += [r for r in csv.DictReader(f) if keep(r)]
    rows.sort(key=sort_key)
    with record.open("w", newline="") as f:
        writer = csv.DictWriter(f, columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)


def selection_parser(doc, unit, record):
    """A record script's parser (described by its docstring's first line) with --jobs, --claims,
    --shard, --out and --record, the same in every script; `unit` names what a shard splits,
    `record` is the committed record."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--claims", default="*", help="comma-separated globs over claim ids")
    parser.add_argument("--shard", default="0/1", help=f"k/N: the {unit} whose index %% N == k")
    parser.add_argument("--out", help="write this shard's rows to this part file, not the record "
                        "(`./boa measure merge` joins the parts)")
    parser.add_argument("--record", type=Path, default=record,
                        help=f"the record to update (default {record.relative_to(ROOT)})")
    return parser


def parse_shard(text):
    """k/N with 0 ≤ k < N, or exit."""
    try:
        shard, shards = (int(x) for x in text.split("/"))
    except ValueError:
        sys.exit(f"measure: --shard must be k/N, not '{text}'")
    if not 0 <= shard < shards:
        sys.exit(f"measure: --shard {text}: k must be in 0 … N − 1")
    return shard, shards


def finish(name, args, commit, fresh, write):
    """A run's end: with --out, this shard's rows as a part file (JSON: the record's name, the
    commit, the shard, the run's options and the rows); otherwise `write(record, fresh)`, which
    replaces the rows of what was measured and keeps the others."""
    if args.out is None:
        write(args.record, fresh)
        return
    options = {k: v for k, v in vars(args).items() if k not in ("jobs", "shard", "out", "record")}
    part = {"record": name, "commit": commit, "shard": args.shard, "options": options,
            "rows": fresh}
    Path(args.out).write_text(json.dumps(part, indent=1, sort_keys=True) + "\n")
    print(f"measure: wrote shard {args.shard} of {name} ({len(fresh)} rows) to {args.out}",
          file=sys.stderr)


def read_parts(paths):
    """The parts of one sharded run: (record name, commit, options, rows in shard order). Exits,
    writing nothing, unless every part is of the same record, commit and options and the shards
    0 … N − 1 are all there, each once (the missing ones are named)."""
    parts = []
    for path in paths:
        try:
            parts.append(json.loads(Path(path).read_text()))
        except (OSError, ValueError) as error:
            sys.exit(f"measure merge: cannot read the part {path}: {error}")
    if not parts:
        sys.exit("measure merge: no parts given")
    first = parts[0]
    for path, part in zip(paths, parts):
        for field in ("record", "commit", "options"):
            if part.get(field) != first.get(field):
                sys.exit(f"measure merge: {path} has {field} {part.get(field)!r}, "
                         f"{paths[0]} has {first.get(field)!r}: parts of different runs")
    shards = {}
    for path, part in zip(paths, parts):
        k, n = parse_shard(part["shard"])
        if n != parse_shard(first["shard"])[1]:
            sys.exit(f"measure merge: {path} is one of {n} shards, {paths[0]} of another count")
        if k in shards:
            sys.exit(f"measure merge: shard {k}/{n} given twice ({shards[k]} and {path})")
        shards[k] = path
    n = parse_shard(first["shard"])[1]
    missing = [f"{k}/{n}" for k in range(n) if k not in shards]
    if missing:
        sys.exit(f"measure merge: shards missing: {', '.join(missing)}; the record is unchanged")
    ordered = sorted(parts, key=lambda part: parse_shard(part["shard"])[0])
    return first["record"], first["commit"], first["options"], [r for p in ordered
                                                                 for r in p["rows"]]
