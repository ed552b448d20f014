#!/usr/bin/env python3
"""The mutation record (properties/mutants/mutants.json) through `./boa measure mutants`: a thin
caller of properties/mutants/run_mutants.py (README § Mutation analysis), which builds and tests
each mutant in its own scratch copy.

    ./boa measure mutants [--only ID,...] [--changed REV] [--record FILE]
    ./boa measure mutants --shard k/N --out part-k.json
    ./boa measure merge part-*.json [--record FILE]

Unsharded, every mutant is measured and the record written; with --only or --changed only the
selected mutants are re-measured into it (run_mutants --update), like a partial run of the other
records. A shard writes run_mutants' own part file; `merge` recognises the parts by their content
and refuses, naming the missing shards, unless every shard 0 … N − 1 of one run is there once.
The merged record equals the unsharded one but for timings and killers (the first failures ctest
met, which depend on its order).
"""
import argparse
import subprocess
import sys
from pathlib import Path

from record_tools import ROOT, parse_shard

RUNNER = ROOT / "properties" / "mutants" / "run_mutants.py"
RECORD = ROOT / "properties" / "mutants" / "mutants.json"


def parser():
    p = argparse.ArgumentParser(prog="./boa measure mutants", description=__doc__.split("\n")[0])
    p.add_argument("--only", help="comma-separated mutant ids (re-measured into the record)")
    p.add_argument("--changed", metavar="REV", help="only mutants touching lines changed since REV")
    p.add_argument("--shard", type=parse_shard, help="k/N: one of N shards, into --out")
    p.add_argument("--out", help="the shard's part file")
    p.add_argument("--record", type=Path, default=RECORD, help="the record to write")
    return p


def run(args):
    result = subprocess.run([sys.executable, str(RUNNER), *args])
    return result.returncode


def main(argv=None):
    args = parser().parse_args(argv)
    select = (["--only", args.only] if args.only else []) + (
        ["--changed", args.changed] if args.changed else [])
    if args.shard is not None:
        if not args.out:
            sys.exit("measure mutants: a shard needs --out part-k.json")
        k, n = args.shard
        sys.exit(run([*select, "--shard", f"{k}/{n}", "--out", args.out]))
    if args.out:
        sys.exit("measure mutants: --out goes with --shard (the record is --record)")
    if select:  # a partial run replaces only the selected mutants' entries
        sys.exit(run([*select, "--update", str(args.record)]))
    sys.exit(run(["--out", str(args.record)]))


def is_part(part):
    """Whether a part file is run_mutants' (it names no record, and lists mutants)."""
    return "record" not in part and "mutants" in part and "catalog" in part


def merge(paths, record):
    """The shards of one mutants run → the record; run_mutants refuses any other set."""
    sys.exit(run(["merge", *map(str, paths), "--out", str(record or RECORD)]))


if __name__ == "__main__":
    main()
