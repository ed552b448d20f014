#!/usr/bin/env python3
"""Measure every declared scan of a finding's constants and write the committed record scans.csv
(README § The ledger; boa/ledger.hpp ReadScan).

    python3 theory/claims/records/measure_scans.py [--jobs 2] [--claims GLOB,...] [--shard k/N]

For each claim with scans (`boa list --json`'s "scans") and each value x of each scan, it runs
`boa check <id> --params <param>=x --seed 4000000000 --instances 100 --run-to-cap --budget quick
--no-shrink --json`: CI's configuration with that one constant moved, the others at the claim's
values, drawn to 100 counted instances on a seed base that no other run uses (kScanSeedBase); a
claim judged per cell draws 100 in each cell and writes one row per cell ("<id>@<cell>"). A
scaling claim's value runs 10 replicate sweeps instead (kScanReplicates; `--instances 10`, no
`--run-to-cap`) and its row keeps their mean exponent and standard error (failures 0). What the
counts say — the failure across the whole range, or where it stops — follows by one rule
(ReadScan). A partial run (--claims, --shard) updates only its rows. BOA_PROGRAM names a built
`boa` program to use instead of ./boa.
"""
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from record_tools import (boa_catalog, check_with, finish, head_commit, judged_units, merge_record,
                          run_boa, selected, selection_parser, this_shard, value_text)

RECORD = Path(__file__).resolve().parent / "scans.csv"
SEED_BASE = 4000000000  # kScanSeedBase (claim.hpp): above every other run's seeds (runner_test)
INSTANCES = 100         # kScanInstances
REPLICATES = 10         # kScanReplicates: a scaling claim's replicate sweeps per value
# The element a parameter moves is the claim's to say (Claim::scans), so no free text is stored.
COLUMNS = ["id", "param", "value", "seed_base", "instances", "failures", "exponent_mean",
           "exponent_se", "commit", "inputs"]


def exponent_at(claim_id, param, value):
    """A scaling claim's replicate sweeps at one value: (sweeps counted, mean exponent, its SE)."""
    run = run_boa("check", claim_id, "--params", f"{param}={value_text(value)}", "--seed",
                  str(SEED_BASE), "--instances", str(REPLICATES), "--budget", "quick",
                  "--no-shrink", "--json")
    if run.returncode not in (0, 1):
        sys.exit(f"measure_scans: boa check {claim_id} exited {run.returncode}: {run.stderr}")
    v = json.loads(run.stdout)
    m = v["measured"]
    print(f"{claim_id} {param}={value_text(value)}: exponent {m['exponent_mean']:.4g} ± "
          f"{m['exponent_standard_error']:.3g} over {v['instances']} sweeps", file=sys.stderr,
          flush=True)
    return v["instances"], f"{m['exponent_mean']:.4g}", f"{m['exponent_standard_error']:.3g}"


def measure(job):
    """The job's rows: one, or one per cell ("<id>@<cell>") for a claim judged per cell, whose
    cells are scanned apart so that the holding ones do not dilute a failing one."""
    claim_id, kind, param, value, commit, inputs = job
    row = {"id": claim_id, "param": param, "value": value_text(value), "seed_base": SEED_BASE,
           "exponent_mean": "", "exponent_se": "", "commit": commit, "inputs": inputs}
    if kind == "scaling":
        row["instances"], row["exponent_mean"], row["exponent_se"] = exponent_at(claim_id, param,
                                                                                value)
        row["failures"] = 0
        return [row]
    verdict = check_with(claim_id, param, value, SEED_BASE, INSTANCES, "measure_scans")
    rows = []
    for row_id, counts in judged_units(claim_id, verdict):
        print(f"{row_id} {param}={value_text(value)}: {counts['failures']}/{counts['instances']} "
              "failed", file=sys.stderr, flush=True)
        rows.append(dict(row, id=row_id, instances=counts["instances"],
                         failures=counts["failures"]))
    return rows


def parser():
    p = selection_parser(__doc__, "jobs (claim, scan value)", RECORD)
    return p


def writer(args, catalog):
    """Writes the record: the fresh rows, and the old rows of values not re-measured that a
    declared scan still has (a row of a scan the claim no longer declares, or of a value not in
    it, could only ever be stale)."""
    declared = {(c["id"], s["param"], value_text(x))
                for c in catalog for s in c.get("scans", []) for x in s["values"]}

    def claim_of(row_id):  # a cell's row "<id>@<cell>" belongs to its claim's scan
        return row_id.split("@")[0]

    def write(record, fresh):
        measured = {(claim_of(r["id"]), r["param"], r["value"]) for r in fresh}
        merge_record(record, COLUMNS, fresh,
                     lambda r: (claim_of(r["id"]), r["param"], r["value"]) not in measured and
                     (claim_of(r["id"]), r["param"], value_text(float(r["value"]))) in declared,
                     lambda r: (r["id"], r["param"], float(r["value"])))
    return write


def main(argv=None):
    args = parser().parse_args(argv)
    commit = head_commit()
    catalog = boa_catalog("measure_scans")
    claims = [c for c in selected(catalog, args.claims) if "scans" in c]
    jobs = this_shard([(c["id"], c["kind"], s["param"], x, commit, s["inputs"])
                       for c in claims for s in c["scans"] for x in s["values"]], args.shard)
    with ThreadPoolExecutor(args.jobs) as pool:
        fresh = [row for rows in pool.map(measure, jobs) for row in rows]
    finish("scans", args, commit, fresh, writer(args, catalog))


if __name__ == "__main__":
    main()
