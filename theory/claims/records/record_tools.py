"""What the record scripts (measure_rates.py, measure_paths.py, measure_audit.py) share: how they
run boa, which commit they record, and their common flags."""
import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def run_boa(*args, capture=True):
    # BOA_PROGRAM: a built `boa` program to use instead of the wrapper (e.g. a copy, so that a
    # rebuild during the measurement cannot change the program half-way).
    program = os.environ.get("BOA_PROGRAM", str(ROOT / "boa"))
    return subprocess.run([program, *args], capture_output=capture, text=True)


def git(*args):
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True,
                          text=True).stdout.strip()


def head_commit():
    return git("rev-parse", "--short", "HEAD")


def add_selection_flags(parser, unit):
    """--jobs, --claims and --shard, the same in every script; `unit` names what a shard splits."""
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--claims", default="*", help="comma-separated globs over claim ids")
    parser.add_argument("--shard", default="0/1", help=f"k/N: the {unit} whose index %% N == k")
