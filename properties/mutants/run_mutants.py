#!/usr/bin/env python3
"""boa mutants: how many plausible bugs in theory/ does the CI test tier catch?

Each mutant in catalog.json replaces one exact, unique piece of a theory/ source file (find →
replace) and stands for one plausible bug that changes a conclusion of a paper. This runner copies
the checkout into a scratch folder (build/mutants/<shard>/src, never the user's tree), builds it
once, checks that the unmutated suite passes there, then for each mutant: applies it, builds
incrementally, runs ctest the way ./boa test does — the fast tests first with --stop-on-failure,
the slow ones only if none failed — and records who killed it (the failing tests), or that it
survived, or that it did not compile (invalid: the catalog entry is wrong), and the seconds taken.

    ./boa mutants --list                      the catalog
    ./boa mutants [--only ID,...] [--changed REV] [--shard k/N] [--out FILE]
    ./boa mutants merge PART.json... --out FILE
    ./boa mutants --only ID,... --update FILE re-measure some mutants into an existing record

Results: reports/out/mutants.json (or --out) and MUTANTS.md beside it. --shard k/N runs the mutants
whose catalog index i has i mod N = k, each shard in its own scratch folder, so N machines or GNU
parallel can share a run; merge checks that the parts come from one commit and catalog and cover
each mutant once, and writes what an unsharded run writes (timings aside, and the killers: they
are the first failures ctest met, which depend on its test order). --update re-measures the
selected mutants (new ones, or survivors after a new property) at the current commit and replaces
their entries in FILE, each marked with that commit; the other entries must be unchanged in the
catalog since they were measured. Exit 0 on success, 1
when a selected mutant is invalid or the unmutated suite fails in the scratch copy, 2 on bad input.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CATALOG = os.path.join(ROOT, "properties", "mutants", "catalog.json")
LAYERS = ("base", "data", "model", "train", "gram", "eval", "magen24", "sakamoto24", "verify",
          "claims")
SCHEMA = 1


class BadInput(Exception):
    pass


def say(message):
    print("boa mutants: " + message, file=sys.stderr, flush=True)


def run(args, cwd, log=None):
    """Runs a command; its output goes to `log` (a file path, appended) or is discarded."""
    with open(log, "a") if log else open(os.devnull, "w") as out:
        return subprocess.run(args, cwd=cwd, stdout=out, stderr=subprocess.STDOUT).returncode


def git(*args):
    return subprocess.run(["git", *args], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout


def load_catalog():
    with open(CATALOG, encoding="utf-8") as f:
        text = f.read()
    try:
        entries = json.loads(text)
    except json.JSONDecodeError as e:
        raise BadInput(f"{CATALOG}: {e}")
    seen = set()
    for k, m in enumerate(entries):
        where = f"{CATALOG}: entry {k}"
        for key in ("id", "layer", "description", "file", "find", "replace"):
            if not isinstance(m.get(key), str) or not m[key]:
                raise BadInput(f"{where}: \"{key}\" must be a non-empty string")
        if not re.fullmatch(r"[a-z0-9_.-]+", m["id"]) or m["id"] in seen:
            raise BadInput(f"{where}: id '{m['id']}' is malformed or repeated")
        seen.add(m["id"])
        if m["layer"] not in LAYERS:
            raise BadInput(f"{where}: layer must be one of {', '.join(LAYERS)}")
        if not m["file"].startswith("theory/"):
            raise BadInput(f"{where}: a mutant changes a file under theory/")
        path = os.path.join(ROOT, m["file"])
        if not os.path.isfile(path):
            raise BadInput(f"{where}: {m['file']} does not exist")
        with open(path, encoding="utf-8") as f:
            count = f.read().count(m["find"])
        if count != 1:
            raise BadInput(f"{where} ({m['id']}): its find text occurs {count} times in "
                           f"{m['file']}; it must occur exactly once")
    return entries, hashlib.sha256(text.encode()).hexdigest()[:16]


def lines_of_find(m):
    """The 1-based line numbers that the mutant's find text spans in the current tree."""
    with open(os.path.join(ROOT, m["file"]), encoding="utf-8") as f:
        text = f.read()
    start = text[:text.index(m["find"])].count("\n") + 1
    return set(range(start, start + m["find"].count("\n") + 1))


def changed_lines(rev, path):
    """Lines of `path` (current tree) added or changed since `rev`, from git diff -U0."""
    diff = git("diff", "-U0", rev, "--", path)
    lines = set()
    for match in re.finditer(r"^@@ -\S+ \+(\d+)(?:,(\d+))? @@", diff, re.M):
        start, count = int(match.group(1)), int(match.group(2) or "1")
        lines.update(range(start, start + count))
    return lines


def select(entries, args):
    chosen = list(enumerate(entries))
    if args.only:
        ids = args.only.split(",")
        known = {m["id"] for m in entries}
        unknown = [i for i in ids if i not in known]
        if unknown:
            raise BadInput(f"--only: no mutant {', '.join(unknown)} (see ./boa mutants --list)")
        chosen = [(k, m) for k, m in chosen if m["id"] in ids]
    if args.changed:
        try:
            git("rev-parse", "--verify", args.changed + "^{commit}")
        except subprocess.CalledProcessError:
            raise BadInput(f"--changed: {args.changed} is not a commit")
        chosen = [(k, m) for k, m in chosen
                  if lines_of_find(m) & changed_lines(args.changed, m["file"])]
    shard, shards = args.shard
    return [(k, m) for k, m in chosen if k % shards == shard]


def parse_shard(text):
    match = re.fullmatch(r"(\d{1,4})/(\d{1,4})", text)
    if not match or int(match.group(2)) == 0 or int(match.group(1)) >= int(match.group(2)):
        raise argparse.ArgumentTypeError("--shard must be k/N with 0 ≤ k < N (e.g. 3/8)")
    return int(match.group(1)), int(match.group(2))


def sync_tree(src):
    """Copies the checkout's tracked and unignored files into src, touching only files whose
    content differs, so the scratch build stays incremental."""
    files = git("ls-files", "-z", "--cached", "--others", "--exclude-standard").split("\0")
    for rel in filter(None, files):
        a, b = os.path.join(ROOT, rel), os.path.join(src, rel)
        if not os.path.isfile(a):
            continue
        same = False
        if os.path.isfile(b):
            with open(a, "rb") as fa, open(b, "rb") as fb:
                same = fa.read() == fb.read()
        if not same:
            os.makedirs(os.path.dirname(b), exist_ok=True)
            shutil.copyfile(a, b)  # a fresh mtime, so the build sees the change
        shutil.copymode(a, b)  # the test scripts must stay executable


def build(scratch, log):
    src, out = os.path.join(scratch, "src"), os.path.join(scratch, "build")
    if not os.path.isfile(os.path.join(out, "CMakeCache.txt")):
        # Through ccache where ./boa has it (the wrapper installs it and sets CCACHE_BASEDIR to the
        # checkout): a new scratch folder's unmutated files are then served from the cache of the
        # last scratch build.
        launcher = ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"] if shutil.which("ccache") else []
        if run(["cmake", "-S", src, "-B", out, "-DCMAKE_BUILD_TYPE=Release", *launcher], scratch,
               log):
            return False
    return run(["cmake", "--build", out, "-j", str(os.cpu_count() or 1)], scratch, log) == 0


def failing_tests(log_text):
    tail = log_text.split("The following tests FAILED:")[-1]
    return re.findall(r"^\s*\d+ - (\S+) \(", tail, re.M)


def run_tests(scratch, log):
    """The CI tier in two phases: everything but label slow with --stop-on-failure, then the slow
    tests. Returns the failing tests ([] when the suite passed)."""
    out = os.path.join(scratch, "build")
    jobs = str(os.cpu_count() or 1)
    # mutants.catalog_applies checks the catalog against the unmutated tree: in a mutated copy the
    # mutant's own find text is gone by construction, so that test would "kill" every mutant.
    skip = ["-E", "^mutants\\.catalog_applies$"]
    for phase in (["-LE", "slow", "--stop-on-failure", *skip],
                  ["-L", "slow", "--stop-on-failure", *skip]):
        phase_log = log + ".ctest"
        if os.path.exists(phase_log):
            os.remove(phase_log)
        code = run(["ctest", "--test-dir", out, "-j", jobs, "--timeout", "1200", *phase], out,
                   phase_log)
        with open(phase_log, encoding="utf-8", errors="replace") as f:
            text = f.read()
        with open(log, "a") as f:
            f.write(text)
        if code != 0:
            return failing_tests(text) or ["ctest exited " + str(code)]
    return []


def mutate(scratch, m):
    """Applies the mutant in the scratch copy; returns the file's original text, for restore()."""
    path = os.path.join(scratch, "src", m["file"])
    with open(path, encoding="utf-8") as f:
        text = f.read()
    assert text.count(m["find"]) == 1, f"{m['id']}: scratch copy of {m['file']} out of step"
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(m["find"], m["replace"]))
    return text


def restore(scratch, m, original):
    # The original text, not a reverse replacement: a mutant may duplicate an existing line.
    with open(os.path.join(scratch, "src", m["file"]), "w", encoding="utf-8") as f:
        f.write(original)


def write_results(results, out):
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    tmp = out + ".partial"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(results, f, indent=2, ensure_ascii=False)
        f.write("\n")
    os.replace(tmp, out)
    md = os.path.join(os.path.dirname(os.path.abspath(out)), "MUTANTS.md")
    with open(md + ".partial", "w", encoding="utf-8") as f:
        f.write(markdown(results))
    os.replace(md + ".partial", md)


def score(mutants):
    counted = [m for m in mutants if m["status"] in ("killed", "survived") and not m.get("equivalent")]
    killed = sum(m["status"] == "killed" for m in counted)
    return killed, len(counted)


def markdown(results):
    killed, counted = score(results["mutants"])
    seconds = sum(m["seconds"] for m in results["mutants"])
    later = sum(m.get("commit", results["commit"]) != results["commit"] for m in results["mutants"])
    lines = [
        "# Mutation analysis",
        "",
        f"Measured here by `./boa mutants` at commit {results['commit']} (catalog "
        f"{results['catalog']}, shard {results['shard']}"
        f"{f'; {later} re-measured at later commits, marked' if later else ''}): "
        f"{killed} of {counted} mutants killed "
        f"by the CI test tier ({100.0 * killed / max(counted, 1):.0f}%); mutants documented as "
        f"equivalent are not counted. {seconds / 60:.1f} minutes of mutant runs "
        f"({results['jobs']} build and test jobs), plus the scratch build and the unmutated suite "
        f"({results['setup_seconds'] / 60:.1f} minutes).",
        "",
        "| id | layer | plausible bug | status | killed by | s |",
        "|---|---|---|---|---|---|",
    ]
    for m in results["mutants"]:
        status = m["status"] + (" (equivalent: " + m["equivalent"] + ")" if m.get("equivalent") else "")
        if m.get("commit", results["commit"]) != results["commit"]:
            status += f" (at commit {m['commit']})"
        killers = ", ".join(f"`{t}`" for t in m["killed_by"][:3])
        if len(m["killed_by"]) > 3:
            killers += f" and {len(m['killed_by']) - 3} more"
        lines.append(f"| `{m['id']}` | {m['layer']} | {m['description']} | {status} | {killers} "
                     f"| {m['seconds']:.0f} |")
    return "\n".join(lines) + "\n"


def mutant_key(m):
    return (m["file"], m["find"], m["replace"])


def read_record(path):
    try:
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        raise BadInput(f"cannot read mutant results {path}: {e}")
    if record.get("schema") != SCHEMA or not record.get("complete"):
        raise BadInput(f"{path} is not a complete run of this schema; run every mutant instead")
    return record


def check_updatable(record, path, entries, chosen):
    """The entries of `record` that this run does not re-measure must still stand for the same
    patch: the catalog at the commit each was measured at must hold the same file/find/replace."""
    if git("status", "--porcelain", "--untracked-files=no").strip():
        raise BadInput("--update records measurements against a commit: commit your changes first")
    current = {m["id"]: mutant_key(m) for m in entries}
    remeasured = {m["id"] for _, m in chosen}
    catalogs = {}
    for r in record["mutants"]:
        if r["id"] in remeasured or r["id"] not in current:
            continue
        commit = r.get("commit", record["commit"])
        if commit not in catalogs:
            try:
                text = git("show", f"{commit}:properties/mutants/catalog.json")
            except subprocess.CalledProcessError:
                raise BadInput(f"{path}: commit {commit} is not in this repository")
            catalogs[commit] = {m["id"]: mutant_key(m) for m in json.loads(text)}
        if catalogs[commit].get(r["id"]) != current[r["id"]]:
            raise BadInput(f"{path}: {r['id']} changed in the catalog since commit {commit}; "
                           f"re-measure it too (--only ...,{r['id']})")


def updated(record, results, entries):
    """`record` with the entries of `results` replacing or adding theirs, in catalog order;
    mutants no longer in the catalog are dropped."""
    index = {m["id"]: k for k, m in enumerate(entries)}
    fresh = {r["id"]: dict(r, commit=results["commit"]) for r in results["mutants"]}
    kept = [dict(r, index=index[r["id"]]) for r in record["mutants"]
            if r["id"] in index and r["id"] not in fresh]
    dropped = [r["id"] for r in record["mutants"] if r["id"] not in index]
    if dropped:
        say(f"dropped from the record (no longer in the catalog): {', '.join(dropped)}")
    out = dict(record, catalog=results["catalog"], mutants=sorted(
        kept + list(fresh.values()), key=lambda r: r["index"]))
    return out


def run_mutants(args):
    entries, catalog_hash = load_catalog()
    if args.list:
        for m in entries:
            tag = " [equivalent]" if m.get("equivalent") else ""
            print(f"{m['id']:<40} {m['layer']:<11} {m['description']}{tag}")
        return 0
    chosen = select(entries, args)
    out = args.out or os.path.join(ROOT, "reports", "out", "mutants.json")
    record = None
    if args.update:
        if args.out or args.shard != (0, 1):
            raise BadInput("--update writes its FILE: no --out or --shard with it")
        record, out = read_record(args.update), args.update
        check_updatable(record, args.update, entries, chosen)
    shard, shards = args.shard
    scratch = os.path.join(ROOT, "build", "mutants", f"{shard}-of-{shards}")
    os.makedirs(os.path.join(scratch, "src"), exist_ok=True)
    log = os.path.join(scratch, "log.txt")
    say(f"{len(chosen)} of {len(entries)} mutants selected; scratch copy {scratch} (log {log})")
    started = time.monotonic()
    # The commit and state of the tree as copied: later edits or commits in the checkout do not
    # change what this run measures.
    commit = git("rev-parse", "--short=12", "HEAD").strip()
    dirty = bool(git("status", "--porcelain", "--untracked-files=no").strip())
    sync_tree(os.path.join(scratch, "src"))
    say("building the unmutated scratch copy")
    if not build(scratch, log):
        say(f"the unmutated scratch copy does not build: see {log}")
        return 1
    say("running the unmutated suite in the scratch copy")
    broken = run_tests(scratch, log)
    if broken:
        say(f"the unmutated suite fails in the scratch copy ({', '.join(broken)}): see {log}")
        return 1
    results = {
        "schema": SCHEMA, "commit": commit, "dirty": dirty,
        "catalog": catalog_hash, "shard": f"{shard}/{shards}", "jobs": os.cpu_count() or 1,
        "setup_seconds": round(time.monotonic() - started, 1), "complete": False, "mutants": [],
    }
    invalid = 0
    for done, (index, m) in enumerate(chosen, 1):
        say(f"[{done}/{len(chosen)}] {m['id']}: {m['description']}")
        t0 = time.monotonic()
        original = mutate(scratch, m)
        try:
            if build(scratch, log):
                killers = run_tests(scratch, log)
                status = "killed" if killers else "survived"
            else:
                killers, status = [], "invalid"
                invalid += 1
        finally:
            restore(scratch, m, original)
        entry = {"index": index, "id": m["id"], "layer": m["layer"],
                 "description": m["description"], "status": status, "killed_by": killers,
                 "seconds": round(time.monotonic() - t0, 1)}
        if m.get("equivalent"):
            entry["equivalent"] = m["equivalent"]
        results["mutants"].append(entry)
        say(f"    {status}" + (f" by {', '.join(killers[:3])}" if killers else "") +
            f" ({entry['seconds']:.0f} s)")
        if record is None:
            write_results(results, out)  # an interrupted run keeps what it measured
    build(scratch, log)  # leave the scratch build unmutated for the next run
    results["complete"] = True
    if record is not None:
        results = updated(record, results, entries)
    write_results(results, out)
    killed, counted = score(results["mutants"])
    say(f"{killed} of {counted} killed; wrote {out} and MUTANTS.md")
    return 1 if invalid else 0


def merge(args):
    if not args.parts:
        raise BadInput("merge needs the part files: ./boa mutants merge PART.json... --out FILE")
    parts = []
    for path in args.parts:
        try:
            with open(path, encoding="utf-8") as f:
                parts.append(json.load(f))
        except (OSError, json.JSONDecodeError) as e:
            raise BadInput(f"cannot read mutant results {path}: {e}")
    first = parts[0]
    for path, p in zip(args.parts, parts):
        if not p.get("complete"):
            raise BadInput(f"{path} is an interrupted run; rerun its shard")
        for key in ("schema", "commit", "dirty", "catalog"):
            if p.get(key) != first.get(key):
                raise BadInput(f"{path} has {key} {p.get(key)}, not {first.get(key)} like "
                               f"{args.parts[0]}; merge only parts of one run")
    counts = {int(p["shard"].split("/")[1]) for p in parts}
    if len(counts) != 1:
        raise BadInput("the parts are shards of different counts N; merge the N shards of one run")
    n = counts.pop()
    taken = [int(p["shard"].split("/")[0]) for p in parts]
    twice = sorted({k for k in taken if taken.count(k) > 1})
    if twice:
        raise BadInput(f"shard {', '.join(f'{k}/{n}' for k in twice)} given twice")
    missing = [f"{k}/{n}" for k in range(n) if k not in taken]
    if missing:
        raise BadInput(f"shards missing: {', '.join(missing)}; nothing written")
    indices = [m["index"] for p in parts for m in p["mutants"]]
    if len(indices) != len(set(indices)):
        raise BadInput("a mutant appears in more than one part")
    merged = dict(first, shard="all", mutants=sorted((m for p in parts for m in p["mutants"]),
                                                    key=lambda m: m["index"]))
    merged["setup_seconds"] = sum(p["setup_seconds"] for p in parts)
    write_results(merged, args.out or os.path.join(ROOT, "reports", "out", "mutants.json"))
    killed, counted = score(merged["mutants"])
    say(f"merged {len(parts)} parts: {killed} of {counted} killed")
    return 0


def main():
    parser = argparse.ArgumentParser(prog="./boa mutants", description=__doc__.split("\n")[0])
    parser.add_argument("words", nargs="*", help="nothing, or: merge PART.json...")
    parser.add_argument("--list", action="store_true", help="print the catalog and exit")
    parser.add_argument("--only", help="comma-separated mutant ids")
    parser.add_argument("--changed", metavar="REV",
                        help="only mutants whose find text touches lines changed since REV")
    parser.add_argument("--shard", type=parse_shard, default=(0, 1), help="k/N")
    parser.add_argument("--out", help="results JSON (default reports/out/mutants.json)")
    parser.add_argument("--update", metavar="FILE",
                        help="re-measure the selected mutants into this complete results file")
    args = parser.parse_args()
    try:
        if args.words[:1] == ["merge"]:
            args.parts = args.words[1:]
            return merge(args)
        if args.words:
            raise BadInput(f"unknown word '{args.words[0]}' (expected nothing or 'merge')")
        return run_mutants(args)
    except BadInput as e:
        print(f"boa: error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
