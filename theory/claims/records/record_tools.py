"""What the record scripts (measure_rates.py, measure_paths.py, measure_scans.py, measure_sigma.py,
measure_audit.py) share: how they run boa, which commit they record, and their common flags."""
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


def count_failures(claim_id, param, value, seed_base, instances, script):
    """CI's configuration of a claim with one parameter fixed, drawn to `instances` counted
    instances from `seed_base`: (instances, failures). Exits naming `script` if boa fails."""
    run = run_boa("check", claim_id, "--params", f"{param}={value_text(value)}", "--seed",
                  str(seed_base), "--instances", str(instances), "--run-to-cap", "--budget",
                  "quick", "--no-shrink", "--json")
    if run.returncode not in (0, 1):
        sys.exit(f"{script}: boa check {claim_id} exited {run.returncode}: {run.stderr}")
    v = json.loads(run.stdout)
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
    shard, shards = (int(x) for x in shard_text.split("/"))
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


def add_selection_flags(parser, unit):
    """--jobs, --claims and --shard, the same in every script; `unit` names what a shard splits."""
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--claims", default="*", help="comma-separated globs over claim ids")
    parser.add_argument("--shard", default="0/1", help=f"k/N: the {unit} whose index %% N == k")
