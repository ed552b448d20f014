#!/usr/bin/env python3
"""Measure every probabilistic claim's failure and rejection rates on a seed base that CI, the
flake audit and the report never use, and write the committed record rates.csv (README §
Verdicts, "The rate record").

    python3 theory/claims/records/measure_rates.py [--jobs 2] [--claims GLOB,...] [--shard k/N]
                                                   [--instances N]

Each claim runs `boa check <id> --seed 1000000000 --instances 400 --run-to-cap --budget quick
--no-shrink --json`: CI's configuration (quick budget), drawn to 400 counted instances whatever
the sequential test decides (a claim judged per cell: 400 per cell, one row "<id>@<cell>"
each). The record feeds the plans (a finding's cap is set at its rate's
one-sided 95% lower bound) and the suite's error budget (the health term at the rejection
rate's upper bound). A partial run (--claims, --shard) updates only its rows.
"""
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from record_tools import (boa_catalog, finish, head_commit, judged_units, merge_record, run_boa,
                          selected, selection_parser, this_shard)

RECORD = Path(__file__).resolve().parent / "rates.csv"
SEED_BASE = 1000000000  # disjoint from CI (1), the flake audit (1 + 1000003·j, j < 10), the report
INSTANCES = 400  # the least; a claim with a small δ needs more to resolve it (--instances)
COLUMNS = ["id", "seed_base", "instances", "failures", "rejected", "budget", "commit", "inputs"]


def boa(*args):
    return run_boa(*args)


def measure(claim_id, inputs, commit, instances):
    run = boa("check", claim_id, "--seed", str(SEED_BASE), "--instances", str(instances),
              "--run-to-cap", "--budget", "quick", "--no-shrink", "--json")
    if run.returncode not in (0, 1):
        sys.exit(f"measure_rates: boa check {claim_id} exited {run.returncode}: {run.stderr}")
    v = json.loads(run.stdout)
    # A claim judged per cell: one row per cell ("<id>@<cell>", `instances` each), none for the
    # claim (its plans are its cells').
    rows = []
    for row_id, part in judged_units(claim_id, v):
        print(f"{row_id}: {part['failures']}/{part['instances']} failed, {part['rejected']} "
              "rejected", file=sys.stderr, flush=True)
        rows.append({"id": row_id, "seed_base": SEED_BASE, "instances": part["instances"],
                     "failures": part["failures"], "rejected": part["rejected"],
                     "budget": "quick", "commit": commit, "inputs": inputs})
    return rows


def parser():
    p = selection_parser(__doc__, "claims", RECORD)
    p.add_argument("--instances", type=int, default=INSTANCES,
                   help=f"counted instances per claim (at least {INSTANCES})")
    return p


def selected_ids(args, catalog):
    """The claims a run measures (all shards together), with the inputs each row is stamped with
    (claim.hpp RecordStamp)."""
    return {c["id"]: c["rate_inputs"] for c in selected(catalog, args.claims) if "rate_inputs" in c}


def writer(args, catalog):
    """Writes the record: a re-measured claim's rows replace all its old ones (its cells may have
    changed); every other row is kept."""
    def write(record, fresh):
        ids = {r["id"].split("@")[0] for r in fresh}
        merge_record(record, COLUMNS, fresh, lambda r: r["id"].split("@")[0] not in ids,
                     lambda r: r["id"])
    return write


def main(argv=None):
    args = parser().parse_args(argv)
    if args.instances < INSTANCES:
        sys.exit(f"measure_rates: --instances must be at least {INSTANCES}")
    catalog = boa_catalog("measure_rates")
    inputs = selected_ids(args, catalog)
    ids = this_shard(list(inputs), args.shard)
    commit = head_commit()
    with ThreadPoolExecutor(args.jobs) as pool:
        measured = list(pool.map(lambda i: measure(i, inputs[i], commit, args.instances), ids))
    finish("rates", args, commit, [r for part in measured for r in part], writer(args, catalog))


if __name__ == "__main__":
    main()
