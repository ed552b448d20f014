#!/usr/bin/env python3
"""Measure every finding along its limit path and write the committed record finding_paths.csv
(README § Findings, "Finding classes").

    python3 theory/claims/records/measure_paths.py [--jobs 2] [--claims GLOB,...] [--shard k/N]
                                                   [--instances N]

For each finding with a declared limit path (`boa list --json`'s "limit_path") and each value x
of the path, it runs `boa check <id> --params <param>=x --seed 3000000000 --instances N
--run-to-cap --budget quick --no-shrink --json`: CI's configuration with the path parameter
fixed, drawn to N counted instances on a seed base that CI, the flake audit, the rate record and
the report never use. The class follows from the counts by one rule (finding_class.hpp); a unit
test recomputes it and checks it against the class each claim declares. A partial run (--claims,
--shard) updates only its rows. BOA_PROGRAM names a built `boa` program to use instead of ./boa.
"""
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from record_tools import (boa_catalog, count_failures, finish, head_commit, merge_record, selected,
                          selection_parser, this_shard, value_text)

RECORD = Path(__file__).resolve().parent / "finding_paths.csv"
SEED_BASE = 3000000000  # kPathSeedBase (claim.hpp): above every other run's seeds (runner_test)
INSTANCES = 100
COLUMNS = ["id", "param", "value", "seed_base", "instances", "failures", "commit", "inputs"]


def measure(job):
    claim_id, param, value, instances, commit, inputs = job
    counted, failures = count_failures(claim_id, param, value, SEED_BASE, instances,
                                       "measure_paths")
    return {"id": claim_id, "param": param, "value": value_text(value), "seed_base": SEED_BASE,
            "instances": counted, "failures": failures, "commit": commit, "inputs": inputs}


def parser():
    p = selection_parser(__doc__, "jobs (claim, path value)", RECORD)
    p.add_argument("--instances", type=int, default=INSTANCES,
                   help=f"counted instances per path point (default {INSTANCES})")
    return p


def writer(args, catalog):
    """Writes the record: the fresh rows, and the old rows of points not re-measured that are on
    their claim's path today (any other row could only ever be stale)."""
    current = {(c["id"], c["limit_path"]["param"], value_text(x))
               for c in catalog if "limit_path" in c for x in c["limit_path"]["values"]}

    def write(record, fresh):
        measured = {(r["id"], r["value"]) for r in fresh}
        merge_record(record, COLUMNS, fresh,
                     lambda r: (r["id"], r["value"]) not in measured and
                     (r["id"], r["param"], value_text(float(r["value"]))) in current,
                     lambda r: (r["id"], float(r["value"])))
    return write


def main(argv=None):
    args = parser().parse_args(argv)
    commit = head_commit()
    catalog = boa_catalog("measure_paths")
    claims = [c for c in selected(catalog, args.claims) if "limit_path" in c]
    jobs = this_shard([(c["id"], c["limit_path"]["param"], x, args.instances, commit,
                        c["limit_path"]["inputs"])
                       for c in claims for x in c["limit_path"]["values"]], args.shard)
    # The longest runs (largest path values) first, so that the pool ends together.
    jobs.sort(key=lambda j: -j[2])
    with ThreadPoolExecutor(args.jobs) as pool:
        fresh = list(pool.map(measure, jobs))
    finish("paths", args, commit, fresh, writer(args, catalog))


if __name__ == "__main__":
    main()
