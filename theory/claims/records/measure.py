#!/usr/bin/env python3
"""One command for the committed records measured off CI's path (`./boa measure`, README
§ Measuring at scale):

    ./boa measure rates|paths|scans|sigma|audit|mutants|report [--claims GLOB,...] [--jobs 2]
                  [record's flags]
    ./boa measure RECORD --shard k/N --out part-k.json     # one of N shards: its rows only
    ./boa measure merge part-*.json [--record FILE]        # the parts → the record
    ./boa measure RECORD --slurm N [--parts DIR] [--submit]   # an sbatch array + a merge job
    ./boa measure RECORD --print-parallel HOST,... N [--parts DIR]   # the GNU parallel lines

Each record's own script (measure_rates.py, …) says what it measures; this front end runs it. An
unsharded run writes the record (--record FILE: another copy of it). A shard with --out writes a
part file instead: the record's name, the commit, the shard and the run's options, and its rows.
`merge` checks that the parts are of one run (record, commit, options) and that every shard
0 … N − 1 is there once — naming the missing ones and writing nothing otherwise — and then writes
the record exactly as the unsharded run at that commit would (the audit's record carries the date
it was written: merge on the day the shards ran to match). `mutants` is the mutation record
(measure_mutants.py: --only/--changed re-measure some mutants into it; its parts are run_mutants',
merged to the record but for timings and killers). `report` is a whole `./boa report`
(measure_report.py: `--budget full` is the papers' sizes; its record is the report folder,
--record DIR), merged to the same pages as one unsharded run but for the measuring time.

--slurm N writes DIR/shards.sbatch (an array of N tasks, task k running shard k/N into
DIR/part-k.json; an earlier run's parts there are removed) and DIR/merge.sbatch (the merge), and
prints how to submit them; with --submit it submits both, the merge with --dependency=afterok on
the array, so a failed or cancelled shard leaves the merge unrun (and a merge run by hand on the
parts refuses). DIR defaults to measure-parts/RECORD. --print-parallel prints the same run as GNU
parallel lines for the hosts given (each with a checkout at this path).
"""
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import json

import measure_audit
import measure_mutants
import measure_paths
import measure_rates
import measure_report
import measure_scans
import measure_sigma
from record_tools import ROOT, boa_catalog, read_parts

RECORDS = {"rates": measure_rates, "paths": measure_paths, "scans": measure_scans,
           "sigma": measure_sigma, "audit": measure_audit, "mutants": measure_mutants,
           "report": measure_report}


def merge(argv):
    argv, record = take(argv, "--record", 1)
    try:
        first = json.loads(Path(argv[0]).read_text()) if argv else {}
    except (OSError, ValueError):
        first = {}  # read_parts names the unreadable part
    if measure_mutants.is_part(first):
        measure_mutants.merge(argv, record[0] if record else None)
    if measure_report.is_part(first):
        measure_report.merge(argv, record[0] if record else None)
    name, commit, options, rows = read_parts(argv)
    if name not in RECORDS:
        sys.exit(f"measure merge: the parts are of '{name}', which is no record "
                 f"({', '.join(RECORDS)})")
    module = RECORDS[name]
    # The run's own options, as its shards had them: the writer keeps and drops old rows by them.
    args = module.parser().parse_args([])
    vars(args).update(options)
    if record is not None:
        args.record = Path(record[0])
    module.writer(args, boa_catalog(f"measure merge {name}"))(args.record, rows)
    print(f"measure merge: {len(argv)} shards of {name} at {commit}, {len(rows)} rows → "
          f"{args.record}", file=sys.stderr)


def take(argv, flag, values):
    """argv without `flag` and its `values` following words, and those words (None: absent)."""
    if flag not in argv:
        return argv, None
    at = argv.index(flag)
    words = argv[at + 1:at + 1 + values]
    if len(words) < values:
        sys.exit(f"measure: {flag} needs {values} value(s)")
    return argv[:at] + argv[at + 1 + values:], words


def shard_count(text, flag):
    if not text.isdigit() or int(text) < 1:
        sys.exit(f"measure: {flag} needs a number of shards ≥ 1, not '{text}'")
    return int(text)


def scheduled(what, argv):
    """--slurm / --print-parallel: the run as N shards and a merge, for a scheduler."""
    argv, slurm = take(argv, "--slurm", 1)
    argv, parallel = take(argv, "--print-parallel", 2)
    argv, parts = take(argv, "--parts", 1)
    submit = "--submit" in argv
    argv = [a for a in argv if a != "--submit"]
    if slurm is None and parallel is None:
        if submit or parts is not None:
            sys.exit("measure: --submit and --parts go with --slurm or --print-parallel")
        return False
    if "--shard" in argv or "--out" in argv:
        sys.exit("measure: --slurm and --print-parallel choose the shards and parts themselves")
    # The jobs run in the checkout's root: a record named relative to here is made absolute.
    argv, record = take(argv, "--record", 1)
    if record is not None:
        argv += ["--record", str(Path(record[0]).resolve())]
    RECORDS[what].parser().parse_args(argv)  # the record's own flags, refused here if wrong
    folder = Path(parts[0] if parts else f"measure-parts/{what}").resolve()
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("part-*.json"):  # an earlier run's parts would mix into the merge
        stale.unlink()
    boa = shlex.quote(str(ROOT / "boa"))
    run = " ".join([f"{boa} measure {what}", *(shlex.quote(a) for a in argv)])
    merge = (f"{boa} measure merge {shlex.quote(str(folder))}/part-*.json" +
             (f" --record {shlex.quote(argv[-1])}" if record else ""))
    if parallel is not None:
        hosts, n = parallel[0], shard_count(parallel[1], "--print-parallel")
        print(f"parallel -S {shlex.quote(hosts)} --workdir {shlex.quote(str(ROOT))} "
              f"--return {shlex.quote(str(folder))}/part-{{}}.json "
              f"{run} --shard {{}}/{n} "
              f"--out {shlex.quote(str(folder))}/part-{{}}.json ::: $(seq 0 {n - 1})")
        print(merge)
        return True
    n = shard_count(slurm[0], "--slurm")
    header = "#!/bin/bash\n#SBATCH --job-name=boa-measure-" + what
    (folder / "shards.sbatch").write_text(
        f"{header}\n#SBATCH --array=0-{n - 1}\n#SBATCH --output={folder}/shard-%a.log\n"
        f"cd {shlex.quote(str(ROOT))}\n"
        f"exec {run} --shard \"$SLURM_ARRAY_TASK_ID/{n}\" "
        f"--out \"{folder}/part-$SLURM_ARRAY_TASK_ID.json\"\n")
    (folder / "merge.sbatch").write_text(
        f"{header}-merge\n#SBATCH --output={folder}/merge.log\n"
        f"cd {shlex.quote(str(ROOT))}\nexec {merge}\n")
    shards_job, merge_job = folder / "shards.sbatch", folder / "merge.sbatch"
    if not submit:
        print(f"jobid=$(sbatch --parsable {shards_job}) && "
              f"sbatch --dependency=afterok:$jobid {merge_job}")
        return True
    if shutil.which("sbatch") is None:
        sys.exit("measure: --submit needs Slurm's sbatch on PATH, and there is none: "
                 f"submit {shards_job} and then {merge_job} where Slurm runs")

    def sbatch(*args):
        result = subprocess.run(["sbatch", "--parsable", *map(str, args)], capture_output=True,
                                text=True)
        if result.returncode != 0:
            sys.exit(f"measure: sbatch {' '.join(map(str, args))} failed: {result.stderr.strip()}")
        return result.stdout.strip().split(";")[0]
    array = sbatch(shards_job)
    after = sbatch(f"--dependency=afterok:{array}", merge_job)
    print(f"measure: submitted {n} shards of {what} as job {array}, the merge as job {after} "
          f"(runs after every shard succeeds); parts in {folder}")
    return True


def main():
    argv = sys.argv[1:]
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if argv else 2)
    what, rest = argv[0], argv[1:]
    if what == "merge":
        merge(rest)
    elif what in RECORDS:
        if not scheduled(what, rest):
            RECORDS[what].main(rest)
    else:
        sys.exit(f"measure: no record '{what}': use {', '.join(RECORDS)} or merge")


if __name__ == "__main__":
    main()
