#!/usr/bin/env python3
"""One command for the committed records measured off CI's path (`./boa measure`, README
§ Measuring at scale):

    ./boa measure rates|paths|scans|sigma [--claims GLOB,...] [--jobs 2] [record's own flags]
    ./boa measure RECORD --shard k/N --out part-k.json     # one of N shards: its rows only
    ./boa measure merge part-*.json [--record FILE]        # the parts → the record

Each record's own script (measure_rates.py, …) says what it measures; this front end runs it. An
unsharded run writes the record (--record FILE: another copy of it). A shard with --out writes a
part file instead: the record's name, the commit, the shard and the run's options, and its rows.
`merge` checks that the parts are of one run (record, commit, options) and that every shard
0 … N − 1 is there once — naming the missing ones and writing nothing otherwise — and then writes
the record exactly as the unsharded run at that commit would. The flake audit keeps its own
`measure_audit.py --shard/--merge` (a `boa sweep`), and mutants `./boa mutants --shard`.
"""
import sys

import measure_paths
import measure_rates
import measure_scans
import measure_sigma
from record_tools import boa_catalog, read_parts

RECORDS = {"rates": measure_rates, "paths": measure_paths, "scans": measure_scans,
           "sigma": measure_sigma}


def merge(argv):
    record = None
    if "--record" in argv:
        at = argv.index("--record")
        if at + 1 >= len(argv):
            sys.exit("measure merge: --record needs a file")
        record = argv[at + 1]
        argv = argv[:at] + argv[at + 2:]
    name, commit, options, rows = read_parts(argv)
    if name not in RECORDS:
        sys.exit(f"measure merge: the parts are of '{name}', which is no record "
                 f"({', '.join(RECORDS)})")
    module = RECORDS[name]
    # The run's own options, as its shards had them: the writer keeps and drops old rows by them.
    args = module.parser().parse_args([])
    vars(args).update(options)
    if record is not None:
        args.record = type(args.record)(record)
    module.writer(args, boa_catalog(f"measure merge {name}"))(args.record, rows)
    print(f"measure merge: {len(argv)} shards of {name} at {commit}, {len(rows)} rows → "
          f"{args.record}", file=sys.stderr)


def main():
    argv = sys.argv[1:]
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if argv else 2)
    what, rest = argv[0], argv[1:]
    if what == "merge":
        merge(rest)
    elif what in RECORDS:
        RECORDS[what].main(rest)
    else:
        sys.exit(f"measure: no record '{what}': use {', '.join(RECORDS)} or merge")


if __name__ == "__main__":
    main()
