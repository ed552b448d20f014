#!/usr/bin/env python3
"""Measure every scaling claim's per-sweep sd σ of its exponent on a seed base that CI, the flake
audit and the report never use, and write the committed record sigma.csv (README § Verdicts,
"Scaling verdicts").

    python3 theory/claims/records/measure_sigma.py [--jobs 2] [--claims GLOB,...] [--shard k/N]
                                                   [--replicates N]

Each claim runs `boa check <id> --seed 1000000000 --instances N --budget quick --no-shrink
--json`: CI's configuration (quick budget), N replicate sweeps (default: the claim's current
row's count, else 100; the CNN sweeps were measured with 30). σ = exponent_standard_error × √N,
and the sweeps' mean exponent, which sets a scaling finding's exponent bound. A claim that judges
another's sweeps (sigma_from) reads that claim's row and is not measured itself.
"""
import csv
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from record_tools import (boa_catalog, finish, head_commit, merge_record, run_boa, selected,
                          selection_parser, this_shard)

RECORD = Path(__file__).resolve().parent / "sigma.csv"
SEED_BASE = 1000000000  # the rate record's: disjoint from CI (1), the flake audit, the report
REPLICATES = 100
COLUMNS = ["id", "seed_base", "replicates", "rejected", "sd", "mean", "budget", "commit", "inputs"]


def measure(claim, replicates, commit):
    run = run_boa("check", claim["id"], "--seed", str(SEED_BASE), "--instances", str(replicates),
                  "--budget", "quick", "--no-shrink", "--json")
    if run.returncode not in (0, 1):
        sys.exit(f"measure_sigma: boa check {claim['id']} exited {run.returncode}: {run.stderr}")
    v = json.loads(run.stdout)
    m = v["measured"]
    sd = m["exponent_standard_error"] * v["instances"] ** 0.5
    print(f"{claim['id']}: σ = {sd:.3g} over {v['instances']} sweeps, mean exponent "
          f"{m['exponent_mean']:.4g}", file=sys.stderr, flush=True)
    return {"id": claim["id"], "seed_base": SEED_BASE, "replicates": v["instances"],
            "rejected": v["rejected"], "sd": f"{sd:.3g}", "mean": f"{m['exponent_mean']:.4g}",
            "budget": "quick", "commit": commit, "inputs": claim["sigma_inputs"]}


def parser():
    p = selection_parser(__doc__, "claims", RECORD)
    p.add_argument("--replicates", type=int, default=0,
                   help="replicate sweeps per claim (default: the row's count, else 100)")
    return p


def selected_claims(args, catalog):
    """The claims a run measures (all shards together): those with a σ of their own."""
    return [c for c in selected(catalog, args.claims) if "sigma_inputs" in c]


def writer(args, catalog):
    """Writes the record: the re-measured claims' rows replace theirs; every other row is kept."""
    def write(record, fresh):
        ids = {r["id"] for r in fresh}
        merge_record(record, COLUMNS, fresh, lambda r: r["id"] not in ids, lambda r: r["id"])
    return write


def main(argv=None):
    args = parser().parse_args(argv)
    catalog = boa_catalog("measure_sigma")
    claims = this_shard(selected_claims(args, catalog), args.shard)
    old = {}
    if args.record.exists():
        with args.record.open() as f:
            old = {r["id"]: int(r["replicates"]) for r in csv.DictReader(f)}
    commit = head_commit()
    with ThreadPoolExecutor(args.jobs) as pool:
        fresh = list(pool.map(
            lambda c: measure(c, args.replicates or old.get(c["id"], REPLICATES), commit), claims))
    finish("sigma", args, commit, fresh, writer(args, catalog))


if __name__ == "__main__":
    main()
