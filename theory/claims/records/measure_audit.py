#!/usr/bin/env python3
"""Run the full flake audit and write the committed record flake_audit.json (README § Verdicts,
"The flake audit's record").

    ./boa measure audit [--jobs 2] [--claims GLOB,...]        # ≈ 25 CPU-minutes for every claim
    ./boa measure audit --shard k/N --out part-k.json         # one of N shards: its runs only
    ./boa measure merge part-*.json                           # the parts → the record

The audit runs every probabilistic and scaling claim exactly as CI runs it (`boa check <id>
--budget quick --seed B --no-shrink --json`: the CI budget and cap, as the flake_audit sweep's
cells do) under the seed bases B = 1 + 1000003·j, j < 10 (j = 0 is CI's own run). A shard is a
set of (claim, seed base) runs. The record holds, per claim, its runs, their verdicts, the pooled
instances and failing instances (per cell too, for a claim judged per cell) and the plan
fingerprint (`boa list --json`'s "plan") the runs were made under, so that the report and the
record test see when a plan has changed since; and the commit, date, budget and command of the
measurement. With --claims only those claims' rows are replaced (each then carries its own commit
and command); the others stay as they were measured.
"""
import datetime
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from record_tools import (boa_catalog, finish, head_commit, run_boa, selected, selection_parser,
                          this_shard)

RECORD = Path(__file__).resolve().parent / "flake_audit.json"
SEED_BASES = [1 + 1000003 * j for j in range(10)]  # FlakeAuditSeedBases(kFull) in flake_audit_sweep.cpp
VERDICTS = ("holds", "fails", "inconclusive")


def statistical_claims(catalog, globs="*"):
    # The audited claims in catalog order (`boa list --json` keeps it): the order of
    # FlakeAuditClaimIds() in theory/claims/src/flake_audit_sweep.cpp.
    return [c for c in selected(catalog, globs) if c["kind"] in ("probabilistic", "scaling")]


def run(claim_id, seed_base, commit):
    out = run_boa("check", claim_id, "--budget", "quick", "--seed", str(seed_base), "--no-shrink",
                  "--json")
    if out.returncode not in (0, 1):
        sys.exit(f"measure_audit: boa check {claim_id} exited {out.returncode}: {out.stderr}")
    v = json.loads(out.stdout)
    print(f"{claim_id} seed {seed_base}: {v['verdict']}", file=sys.stderr, flush=True)
    return {"id": claim_id, "seed_base": seed_base, "commit": commit, "verdict": v["verdict"],
            "instances": v["instances"], "failures": v["failures"],
            "cells": [{"cell": c["cell"], "instances": c["instances"], "failures": c["failures"]}
                      for c in v.get("cells", [])]}


def new_row(claim, **extra):
    # A claim judged per cell (`boa list --json`'s "cells") also pools its counts per cell.
    row = {"id": claim["id"], "kind": claim["kind"], "expected": claim["expected"],
           "plan": claim["plan"], "runs": 0, "holds": 0, "fails": 0, "inconclusive": 0,
           "instances": 0, "failing_instances": 0}
    if claim.get("cells"):
        row["cells"] = [{"name": name, "instances": 0, "failing_instances": 0}
                        for name in claim["cells"]]
    row.update(extra)
    return row


def parser():
    return selection_parser(__doc__, "(claim, seed base) runs", RECORD)


def command_of(args):
    return "./boa measure audit" + ("" if args.claims == "*" else f" --claims {args.claims}")


def writer(args, catalog):
    """Writes the record from the runs: a full run writes every claim's row; a --claims run
    replaces those claims' rows, each stamped with its own commit and command, and keeps the
    rest."""
    everything = args.claims == "*"

    def write(record_path, runs):
        # The commit the runs were made at (a merge may run elsewhere, later).
        commit = runs[0]["commit"] if runs else head_commit()
        command = command_of(args)
        claims = statistical_claims(catalog, args.claims)
        extra = {} if everything else {"commit": commit, "command": command}
        rows = {c["id"]: new_row(c, **extra) for c in claims}
        for r in runs:
            row = rows.get(r["id"])
            if row is None or r["verdict"] not in VERDICTS:
                sys.exit(f"measure_audit: the run {r['id']} ({r['verdict']}) does not fit today's "
                         "catalog: run the shards and the merge at one commit")
            row["runs"] += 1
            row[r["verdict"]] += 1
            row["instances"] += r["instances"]
            row["failing_instances"] += r["failures"]
            for part, cell in zip(row.get("cells", []), r["cells"]):
                if part["name"] != cell["cell"]:
                    sys.exit(f"measure_audit: {r['id']}'s cells are not `boa list`'s")
                part["instances"] += cell["instances"]
                part["failing_instances"] += cell["failures"]
        if everything or not record_path.exists():
            record = {"commit": commit, "dirty": commit.endswith("-dirty"),
                      "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
                      "budget": "full", "seed_bases": SEED_BASES, "command": command,
                      "claims": []}
        else:
            record = json.loads(record_path.read_text())
            if record.get("seed_bases") != SEED_BASES:
                sys.exit(f"measure_audit: {record_path} was measured on seed bases "
                         f"{record.get('seed_bases')}, not {SEED_BASES}: re-measure it whole")
        kept = {r["id"]: r for r in record["claims"] if r["id"] not in rows}
        order = [c["id"] for c in statistical_claims(catalog)]
        merged = list(kept.values()) + list(rows.values())
        record["claims"] = sorted(merged, key=lambda r: order.index(r["id"])
                                  if r["id"] in order else len(order))
        record_path.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n")
        unexpected = sum(r["runs"] - r[r["expected"]] for r in rows.values())
        print(f"measure_audit: wrote {len(rows)} claims' rows, {len(runs)} runs, {unexpected} "
              f"unexpected, to {record_path}", file=sys.stderr)
    return write


def main(argv=None):
    args = parser().parse_args(argv)
    catalog = boa_catalog("measure_audit")
    claims = statistical_claims(catalog, args.claims)
    if not claims:
        sys.exit(f"measure_audit: --claims {args.claims} matches no probabilistic or scaling claim")
    commit = head_commit()
    jobs = this_shard([(c["id"], base) for c in claims for base in SEED_BASES], args.shard)
    with ThreadPoolExecutor(args.jobs) as pool:
        runs = list(pool.map(lambda job: run(*job, commit), jobs))
    finish("audit", args, commit, runs, writer(args, catalog))


if __name__ == "__main__":
    main()
