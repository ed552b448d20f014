#!/usr/bin/env python3
"""The report through `./boa measure report` (issue 53): a whole `./boa report`, typically at
`--budget full` (the papers' sizes, far past one machine), as shards and a merge.

    ./boa measure report [--budget B] [--claims GLOB,...] [--figures GLOB,...] [--seed S]
                         [--engine E] [--record DIR]
    ./boa measure report [those flags] --shard k/N --out part-k.json
    ./boa measure merge part-*.json [--record DIR]

Unsharded, it is `./boa report` with those flags into DIR (default reports/out, or
reports/out-partial for a --claims/--figures selection, as `./boa report` chooses). A shard is
`boa report --shard k/N --part part-k.json`: claims i ≡ k (mod N) and the cells c ≡ k of every
figure's sweep and of a live flake audit, with the PyTorch peer's summary in shard 0's part when
the report is whole. `merge` recognises the parts by their content and runs `boa report --merge`,
which refuses parts of different runs or commits and a set with a shard missing or doubled
(naming them), and otherwise writes the same folder as the unsharded run at that commit: every
file byte for byte but the measuring time in REPORT.md's first line and summary.json's "seconds",
"shards" and "cost" (report_test.cpp checks it on a reduced catalog).

    python3 measure_report.py --folder-of PART   # where a merge of PART's run goes (./boa uses it)
"""
import argparse
import json
import sys
from pathlib import Path

from record_tools import ROOT, parse_shard, run_boa


def parser():
    p = argparse.ArgumentParser(prog="./boa measure report", description=__doc__.split("\n")[0])
    p.add_argument("--budget", default="default", help="quick | default | full")
    p.add_argument("--claims", help="comma-separated globs over claim ids (a partial report)")
    p.add_argument("--figures", help="comma-separated globs over figure names")
    p.add_argument("--seed", help="seed base (default: the report's pre-registered one)")
    p.add_argument("--engine", help="auto | direct | gram")
    p.add_argument("--shard", type=parse_shard, help="k/N: one of N shards, into --out")
    p.add_argument("--out", help="the shard's part file")
    p.add_argument("--record", type=Path, help="the report folder to write")
    return p


def folder(record, claims, figures):
    """Where the report goes: --record, else reports/out for the whole catalog and
    reports/out-partial for a selection (as `./boa report`: a part never replaces the whole)."""
    partial = claims not in (None, "*", ["*"]) or figures not in (None, "*", ["*"])
    return record or ROOT / "reports" / ("out-partial" if partial else "out")


def folder_of_part(path):
    """The default folder of the report a part belongs to (its run's selection)."""
    try:
        options = json.loads(Path(path).read_text())["options"]
        return folder(None, options["claims"], options["figures"])
    except (OSError, ValueError, KeyError, TypeError):
        return folder(None, None, None)  # boa report --merge names what is wrong with the part


def report(*args):
    """`boa report ARGS` (through ./boa: a whole report or shard 0 runs the peer), or exit."""
    result = run_boa("report", *args, capture=False)
    if result.returncode not in (0, 1):  # 1: a verdict differs from its expectation, said there
        sys.exit(f"measure report: boa report exited {result.returncode}")
    return result.returncode


def main(argv=None):
    args = parser().parse_args(argv)
    flags = ["--budget", args.budget]
    for name in ("claims", "figures", "seed", "engine"):
        if getattr(args, name) is not None:
            flags += [f"--{name}", getattr(args, name)]
    if args.shard is not None:
        if not args.out:  # --record names the merge's folder (the scheduler passes it here too)
            sys.exit("measure report: a shard writes its part (--out part-k.json), not a report")
        k, n = args.shard
        sys.exit(report(*flags, "--shard", f"{k}/{n}", "--part", args.out))
    if args.out:
        sys.exit("measure report: --out goes with --shard (the report's folder is --record)")
    sys.exit(report(*flags, "--out", str(folder(args.record, args.claims, args.figures))))


def is_part(part):
    """Whether a part file is a sharded report's (`boa report --shard`)."""
    return "boa_report_part" in part


def merge(paths, record):
    """The shards of one report → the report folder; `boa report --merge` refuses any other set."""
    target = Path(record) if record else folder_of_part(paths[0])
    sys.exit(report("--merge", *map(str, paths), "--out", str(target)))


if __name__ == "__main__":
    if sys.argv[1:2] == ["--folder-of"] and len(sys.argv) == 3:
        print(folder_of_part(sys.argv[2]))
    else:
        main()
