#!/usr/bin/env python3
"""`./boa measure` sharded and merged (theory/claims/records/measure.py; ctest
records.measure_shards_merge): two shards of a small σ measurement, merged, give the record the
unsharded run writes, byte for byte; a merge with a shard missing, or one given twice, refuses and
writes nothing. The same for the flake audit's JSON record, in three shards of (claim, seed base)
runs. The mutation record's parts (run_mutants' own, made here from the committed record: a real
mutant run builds the tree once a mutant) merge through the same command, and a missing shard is
named. A small report (one claim, one figure) measured as 2 shards and merged gives the unsharded
run's summary.json but for its timing fields, and a merge without a shard refuses
(report_test.cpp compares a larger one file by file). The scans record's writer replaces a claim
judged per cell by its per-cell rows. BOA_PROGRAM is the built boa program (CMake passes it)."""
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEASURE = ROOT / "theory" / "claims" / "records" / "measure.py"
SIGMA = ROOT / "theory" / "claims" / "records" / "sigma.csv"
# Two cheap scaling claims (one two-step sweep ≈ 0.3 s), two replicate sweeps each.
RUN = ["--claims", "magen24.snr.threshold_sa,magen24.snr.threshold_sb", "--replicates", "2",
       "--jobs", "1"]
AUDIT = ROOT / "theory" / "claims" / "records" / "flake_audit.json"
MUTANTS = ROOT / "properties" / "mutants" / "mutants.json"
# One cheap probabilistic claim (≈ 0.05 s a run), 10 seed bases.
AUDIT_RUN = ["--claims", "magen24.maxmargin.assumption_c_antipodal", "--jobs", "1"]


def measure(*args, ok=True):
    run = subprocess.run([sys.executable, str(MEASURE), *map(str, args)], capture_output=True,
                         text=True)
    if ok and run.returncode != 0:
        sys.exit(f"FAIL: measure {' '.join(map(str, args))} exited {run.returncode}:\n{run.stderr}")
    return run


def main():
    if "BOA_PROGRAM" not in os.environ:
        sys.exit("FAIL: set BOA_PROGRAM to the built boa program")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        whole, merged, refused = tmp / "whole.csv", tmp / "merged.csv", tmp / "refused.csv"
        for copy in (whole, merged, refused):
            shutil.copyfile(SIGMA, copy)
        measure("sigma", *RUN, "--record", whole)
        for k in range(2):
            measure("sigma", *RUN, "--shard", f"{k}/2", "--out", tmp / f"part-{k}.json")
        measure("merge", tmp / "part-1.json", tmp / "part-0.json", "--record", merged)
        failures = []
        if whole.read_bytes() != merged.read_bytes():
            failures.append("the merged record differs from the unsharded one")
        if whole.read_bytes() == SIGMA.read_bytes():
            failures.append("the unsharded run left the record as it was (2 replicates a claim)")
        kept = [line for line in SIGMA.read_text().splitlines() if "snr.threshold_s" not in line]
        if not all(line in whole.read_text().splitlines() for line in kept):
            failures.append("a row of a claim the run did not measure changed")
        missing = measure("merge", tmp / "part-0.json", "--record", refused, ok=False)
        if missing.returncode == 0 or "shards missing: 1/2" not in missing.stderr:
            failures.append(f"a merge without shard 1/2 did not refuse naming it: {missing.stderr}")
        twice = measure("merge", tmp / "part-0.json", tmp / "part-0.json", "--record", refused,
                        ok=False)
        if twice.returncode == 0 or "given twice" not in twice.stderr:
            failures.append(f"a merge with shard 0/2 twice did not refuse: {twice.stderr}")
        if refused.read_bytes() != SIGMA.read_bytes():
            failures.append("a refused merge wrote the record")
        failures += audit_failures(tmp)
        failures += mutants_failures(tmp)
        failures += report_failures(tmp)
        failures += scans_writer_failures(tmp)
        if failures:
            sys.exit("FAIL: " + "; ".join(failures))
    print("ok: 2 shards merged to the unsharded record byte for byte; bad merges refused; the "
          "audit's 3 shards, the mutation record's and a report's too; per-cell scan rows")


def audit_failures(tmp):
    """The flake audit's record from 3 shards against the unsharded run's (the same day)."""
    whole, merged = tmp / "audit-whole.json", tmp / "audit-merged.json"
    for copy in (whole, merged):
        shutil.copyfile(AUDIT, copy)
    measure("audit", *AUDIT_RUN, "--record", whole)
    for k in range(3):
        measure("audit", *AUDIT_RUN, "--shard", f"{k}/3", "--out", tmp / f"audit-{k}.json")
    missing = measure("merge", tmp / "audit-2.json", tmp / "audit-0.json", "--record", merged,
                      ok=False)
    failures = []
    if missing.returncode == 0 or "shards missing: 1/3" not in missing.stderr:
        failures.append(f"an audit merge without shard 1/3 did not refuse: {missing.stderr}")
    if merged.read_bytes() != AUDIT.read_bytes():
        failures.append("a refused audit merge wrote the record")
    measure("merge", *(tmp / f"audit-{k}.json" for k in (2, 0, 1)), "--record", merged)
    if whole.read_bytes() != merged.read_bytes():
        failures.append("the merged audit record differs from the unsharded one")
    if "./boa measure audit --claims" not in whole.read_text():
        failures.append("the audit's re-measured rows do not name their command")
    return failures


def mutants_failures(tmp):
    """The mutation record as 3 shards' parts (index mod 3, as run_mutants --shard k/3 splits it):
    merged through `./boa measure merge` they give its mutants back; without one, the merge names
    it and writes nothing. The scheduler lines run `./boa measure mutants --shard`."""
    record = json.loads(MUTANTS.read_text())
    for k in range(3):
        part = dict(record, shard=f"{k}/3",
                    mutants=[m for m in record["mutants"] if m["index"] % 3 == k])
        (tmp / f"mutants-{k}.json").write_text(json.dumps(part))
    merged = tmp / "mutants" / "merged.json"
    failures = []
    missing = measure("merge", tmp / "mutants-0.json", tmp / "mutants-2.json", "--record", merged,
                      ok=False)
    if missing.returncode == 0 or "shards missing: 1/3" not in missing.stderr:
        failures.append(f"a mutants merge without shard 1/3 did not refuse: {missing.stderr}")
    if merged.exists():
        failures.append("a refused mutants merge wrote the record")
    measure("merge", *(tmp / f"mutants-{k}.json" for k in (2, 0, 1)), "--record", merged)
    if json.loads(merged.read_text())["mutants"] != record["mutants"]:
        failures.append("the merged mutation record's mutants differ from the record's")
    lines = measure("mutants", "--print-parallel", "h1,h2", "3").stdout
    if "measure mutants --shard {}/3" not in lines or "measure merge" not in lines:
        failures.append(f"the GNU parallel lines do not shard `measure mutants`: {lines}")
    measure("mutants", "--slurm", "2", "--parts", tmp / "slurm")
    if "measure mutants --shard" not in (tmp / "slurm" / "shards.sbatch").read_text():
        failures.append("the sbatch array does not run `measure mutants --shard`")
    return failures


def scans_writer_failures(tmp):
    """measure_scans.py's writer with a claim judged per cell: its fresh per-cell rows
    ("<id>@<cell>") replace the claim's old rows at the values measured, pooled or per cell;
    its other declared values and other claims' rows are kept; a value no scan declares goes."""
    sys.path.insert(0, str(ROOT / "theory" / "claims" / "records"))
    import measure_scans
    catalog = [{"id": "x.cells", "scans": [{"param": "p", "values": [1.0, 2.0]}]},
               {"id": "x.whole", "scans": [{"param": "q", "values": [3.0]}]}]
    columns = measure_scans.COLUMNS

    def row(row_id, param, value, failures):
        return {c: "" for c in columns} | {"id": row_id, "param": param, "value": value,
                                           "instances": "100", "failures": failures}
    record = tmp / "scans.csv"
    with record.open("w") as f:
        f.write(",".join(columns) + "\n")
        for r in (row("x.cells", "p", "1", "7"), row("x.cells", "p", "2", "8"),
                  row("x.cells@a", "p", "9", "1"), row("x.whole", "q", "3", "5")):
            f.write(",".join(str(r[c]) for c in columns) + "\n")
    fresh = [row("x.cells@a", "p", "1", "2"), row("x.cells@b", "p", "1", "0")]
    measure_scans.writer(None, catalog)(record, fresh)
    with record.open() as f:
        got = sorted((r["id"], r["param"], r["value"], r["failures"]) for r in csv.DictReader(f))
    want = sorted([("x.cells@a", "p", "1", "2"), ("x.cells@b", "p", "1", "0"),
                   ("x.cells", "p", "2", "8"), ("x.whole", "q", "3", "5")])
    return [] if got == want else [f"the scans writer wrote {got}, not {want}"]


def report_failures(tmp):
    """`./boa measure report` as 2 shards and a merge against the unsharded run: the same
    summary.json but for the timing fields; without shard 1/2 the merge refuses and writes
    nothing."""
    run = ["--budget", "quick", "--claims", "magen24.maxmargin.assumption_c_antipodal",
           "--figures", "growth_function"]
    measure("report", *run, "--record", tmp / "report-whole")
    for k in range(2):
        measure("report", *run, "--shard", f"{k}/2", "--out", tmp / f"report-{k}.json")
    failures = []
    missing = measure("merge", tmp / "report-0.json", "--record", tmp / "report-refused", ok=False)
    if missing.returncode == 0 or "run the missing shards: 1/2" not in missing.stderr:
        failures.append(f"a report merge without shard 1/2 did not refuse: {missing.stderr}")
    if (tmp / "report-refused").exists():
        failures.append("a refused report merge wrote a report")
    measure("merge", tmp / "report-1.json", tmp / "report-0.json", "--record", tmp / "report")

    def untimed(folder):
        summary = json.loads((folder / "summary.json").read_text())
        return {k: v for k, v in summary.items() if k not in ("seconds", "shards", "cost")}
    if untimed(tmp / "report") != untimed(tmp / "report-whole"):
        failures.append("the merged report's summary.json differs from the unsharded one's")
    lines = measure("report", "--budget", "full", "--slurm", "4", "--parts", tmp / "slurm-r")
    shards = (tmp / "slurm-r" / "shards.sbatch").read_text()
    if "measure report --budget full --shard" not in shards:
        failures.append(f"the sbatch array does not run `measure report --shard`: {shards}")
    if "measure merge" not in (tmp / "slurm-r" / "merge.sbatch").read_text():
        failures.append(f"the merge job does not merge the report: {lines.stdout}")
    return failures


if __name__ == "__main__":
    main()
