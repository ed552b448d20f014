#!/usr/bin/env python3
"""Run the full flake audit and write the committed record flake_audit.json (README § Verdicts,
"The flake audit's record").

    python3 theory/claims/records/measure_audit.py                  # ≈ 25 CPU-minutes, one machine
    python3 theory/claims/records/measure_audit.py --shard k/N --out part-k.csv   # one of N shards
    python3 theory/claims/records/measure_audit.py --merge part-*.csv             # then the record
    python3 theory/claims/records/measure_audit.py --claims 'sakamoto24.gd.*'     # only these rows

The audit is `boa sweep run flake_audit --budget full`: every probabilistic and scaling claim run
exactly as CI runs it (quick budget, its CI cap) under the seed bases 1 + 1000003·j, j < 10. A
shard only writes its part (`--shard`/`--out` are passed through); the unsharded run and
`--merge` (`boa sweep merge`, which checks that the parts cover every cell once) write the record:
per claim its runs, their verdicts, the pooled instances and failing instances, and the plan
fingerprint (`boa list --json`'s "plan") the runs were made under, so that the report and the
record test see when a plan has changed since. Run the shards and the merge at one commit.
BOA_PROGRAM names a built `boa` program to use instead of the ./boa wrapper.
"""
import argparse
import csv
import datetime
import fnmatch
import json
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from record_tools import ROOT, git, head_commit, run_boa

RECORD = Path(__file__).resolve().parent / "flake_audit.json"
SCRIPT = "python3 theory/claims/records/measure_audit.py"
STATUS = {0: "holds", 1: "fails", 2: "inconclusive"}  # the sweep's status column (3: reported)


def boa(*args, capture=True):
    run = run_boa(*args, capture=capture)
    if run.returncode != 0:
        sys.exit(f"measure_audit: boa {' '.join(args)} exited {run.returncode}: "
                 f"{run.stderr if capture else ''}")
    return run.stdout


def statistical_claims():
    # The audited claims in claim_index order: the probabilistic and scaling claims in catalog
    # order, which `boa list --json` keeps — the same order as FlakeAuditClaimIds() in
    # theory/claims/src/flake_audit_sweep.cpp.
    return [c for c in json.loads(boa("list", "--json"))
            if c["kind"] in ("probabilistic", "scaling")]


def read_sweep(path):
    with open(path) as f:
        header = f.readline().split()
        fields = dict(word.split("=", 1) for word in header if "=" in word)
        if header[:3] != ["#", "boa", "sweep"] or header[3] != "flake_audit":
            sys.exit(f"measure_audit: {path} is not a flake_audit sweep")
        if fields.get("budget") != "full":
            sys.exit(f"measure_audit: {path} ran at budget {fields.get('budget')}, not full")
        return list(csv.DictReader(f))


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


def write_record(csv_path, command):
    claims = statistical_claims()
    rows = [new_row(c) for c in claims]
    seed_bases = set()
    for cell in read_sweep(csv_path):
        index, status = int(cell["claim_index"]), int(float(cell["status"]))
        part = int(float(cell.get("cell", -1)))  # a claim judged per cell: its cell's part
        if index >= len(rows) or status not in STATUS or part >= len(rows[index].get("cells", [])):
            sys.exit(f"measure_audit: sweep row (claim {index}, status {status}, cell {part}) does "
                     "not fit today's catalog: run the sweep and the merge at one commit")
        row = rows[index]
        if part >= 0:
            row["cells"][part]["instances"] += int(float(cell["instances"]))
            row["cells"][part]["failing_instances"] += int(float(cell["failures"]))
            continue
        row["runs"] += 1
        row[STATUS[status]] += 1
        row["instances"] += int(float(cell["instances"]))
        row["failing_instances"] += int(float(cell["failures"]))
        seed_bases.add(int(float(cell["seed_base"])))
    record = {
        "commit": head_commit(),
        "dirty": git("status", "--porcelain", "--untracked-files=no") != "",
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"),
        "budget": "full",
        "seed_bases": sorted(seed_bases),
        "command": command,
        "claims": rows,
    }
    RECORD.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    unexpected = sum(r["runs"] - r[r["expected"]] for r in rows)
    print(f"measure_audit: wrote {RECORD.relative_to(ROOT)}: {len(rows)} claims, "
          f"{sum(r['runs'] for r in rows)} runs, {unexpected} unexpected", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shard", help="k/N: run one shard of the sweep into --out (no record)")
    parser.add_argument("--out", help="the sweep's CSV (a shard's part; else kept beside)")
    parser.add_argument("--merge", nargs="+", metavar="PART",
                        help="merge the shards' parts (boa sweep merge) and write the record")
    parser.add_argument("--claims", help="re-measure only these claims (globs) into the record")
    parser.add_argument("--jobs", type=int, default=2, help="parallel runs with --claims")
    args = parser.parse_args()
    if args.claims:
        if args.merge or args.shard:
            sys.exit("measure_audit: --claims re-measures claims into the record; no --merge/--shard")
        update_claims(args.claims, args.jobs)
        return
    if args.merge and args.shard:
        sys.exit("measure_audit: --merge takes the parts of finished shards, not --shard")
    if args.shard and not args.out:
        sys.exit("measure_audit: --shard needs --out part-k.csv")
    with tempfile.TemporaryDirectory() as scratch:
        out = args.out or str(Path(scratch) / "flake_audit.csv")
        if args.merge:
            boa("sweep", "merge", *args.merge, "--out", out)
            shards = sorted({read_sweep_shards(p) for p in args.merge})
            command = (f"{SCRIPT} --merge {' '.join(Path(p).name for p in args.merge)} "
                       f"(the parts of {SCRIPT} --shard k/{'|'.join(shards)})")
            write_record(out, command)
            return
        sweep = ["sweep", "run", "flake_audit", "--budget", "full", "--out", out]
        if args.shard:
            boa(*sweep, "--shard", args.shard, capture=False)
            return
        boa(*sweep, capture=False)
        write_record(out, SCRIPT + (f" --out {args.out}" if args.out else ""))


def update_claims(globs, jobs):
    """Re-measures the statistical claims matching `globs` under the record's seed bases, each run
    exactly as the sweep runs it (`boa check --budget quick --seed B --no-shrink`: the CI budget
    and cap), and replaces or adds their rows; the other rows stay as they were measured. A row
    re-measured so carries its own commit and command."""
    record = json.loads(RECORD.read_text())
    claims = [c for c in statistical_claims()
              if any(fnmatch.fnmatch(c["id"], g) for g in globs.split(","))]
    if not claims:
        sys.exit(f"measure_audit: --claims {globs} matches no probabilistic or scaling claim")
    cells = [(c, base) for c in claims for base in record["seed_bases"]]

    def run(cell):
        claim, base = cell
        out = run_boa("check", claim["id"], "--budget", "quick", "--seed", str(base),
                      "--no-shrink", "--json")
        if out.returncode not in (0, 1):
            sys.exit(f"measure_audit: boa check {claim['id']} exited {out.returncode}: {out.stderr}")
        return claim["id"], json.loads(out.stdout)

    with ThreadPoolExecutor(jobs) as pool:
        verdicts = list(pool.map(run, cells))
    commit, command = head_commit(), f"{SCRIPT} --claims {globs}"
    rows = {r["id"]: r for r in record["claims"]}
    for c in claims:
        row = new_row(c, commit=commit, command=command)
        for claim_id, v in verdicts:
            if claim_id != c["id"]:
                continue
            row["runs"] += 1
            row[v["verdict"]] += 1
            row["instances"] += v["instances"]
            row["failing_instances"] += v["failures"]
            for part, cell in zip(row.get("cells", []), v.get("cells", [])):
                if part["name"] != cell["cell"]:
                    sys.exit(f"measure_audit: {claim_id}'s cells are not `boa list`'s")
                part["instances"] += cell["instances"]
                part["failing_instances"] += cell["failures"]
        rows[c["id"]] = row
    order = [c["id"] for c in statistical_claims()]
    record["claims"] = sorted(rows.values(),
                              key=lambda r: order.index(r["id"]) if r["id"] in order else 1e9)
    RECORD.write_text(json.dumps(record, indent=2, ensure_ascii=False) + "\n")
    print(f"measure_audit: re-measured {len(claims)} claims × {len(record['seed_bases'])} seed "
          f"bases into {RECORD.relative_to(ROOT)}", file=sys.stderr)


def read_sweep_shards(path):
    # A part's N, from its header's shard=k/N.
    with open(path) as f:
        for word in f.readline().split():
            if word.startswith("shard="):
                return word.split("=", 1)[1].split("/")[-1]
    return "?"


if __name__ == "__main__":
    main()
