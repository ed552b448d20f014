#!/usr/bin/python3
"""The PyTorch peer: an independent recomputation of `boa instance` JSONs (schema 2), float64.

Written from docs/THEORY.md's formulas, never by translating boa's C++ (peer_model.py: the models;
peer_fit.py: fit, attention and selection; peer_test_error.py: the clean test error on the peer's
own test samples; peer_max_margin.py: the max-margin solution). For each instance it rebuilds the model with torch operations, lets autograd
compute the gradients, re-runs the recorded gradient-descent steps (theta <- theta - beta (grad +
lambda theta), THEORY.md section 3) and compares with what boa wrote:
  - loss and gradients at the initial and final parameters, the final parameters, and the loss
    at every recorded step (relative, --rtol, default 1e-9); for M4 with L >= 2 also the first
    self-attention layer's mean softmax row (peer_model.first_layer_attention);
  - at every step, initial and final: train accuracy against the observed labels, the fitted
    fraction of clean and of noisy samples, attention mass by token role, the selected token's
    role (clean and noisy samples) and the selected token per sample (peer_fit.py);
  - the clean test error of the final model (peer_test_error.py: a z-test at alpha = 5e-7, peer_alpha.py);
  - on M1, D1, T = 2: the max-margin solutions (peer_max_margin.py: feasibility, margins,
    complementary slackness, the optimum by the peer's own solver, the selection);
  - with --generators, large draws of D1 and D2 against the generators' laws
    (peer_generators.py: exact structure, and moments by z-tests at alpha = 5e-7);
  - with --gram, `boa gram-draws` runs of the Gram engine against the peer's own ambient runs of
    the same experiment (peer_gram.py: a two-sample KS bound per summary at alpha = 5e-7).
With --summary FILE it writes what it checked, per group of quantities, with the largest
difference and its bound (peer_summary.py), for the report.
Several instances run in one process (PyTorch starts once). Exit 0 when every check passes, 1
otherwise (each failure printed with the instance's file name), and 2 with one line when PyTorch
is not installed (./boa installs python3-torch; never a skip).

Usage: autograd_check.py INSTANCE.json[@RTOL]... [--rtol 1e-9] [--seed S] [--generators DRAW...]
                         [--gram DRAWS.json...] [--summary FILE] [--peer-seed BASE]
(@RTOL: that instance's own relative tolerance, for long runs whose rounding is amplified).
Uses Debian's python3-torch, so it names /usr/bin/python3 explicitly.
"""
import argparse
import json
import os
import sys

try:
    import torch
except ImportError:
    print("autograd_check: PyTorch (Debian package python3-torch) is not installed; ./boa installs it",
          file=sys.stderr)
    sys.exit(2)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import peer_summary  # noqa: E402
from peer_fit import check_fit, check_token_counts, roles_of  # noqa: E402
from peer_generators import check_generator  # noqa: E402
from peer_gram import check_gram_draws  # noqa: E402
from peer_max_margin import check_max_margin  # noqa: E402
from peer_model import evaluate, first_layer_attention, tensor  # noqa: E402
from peer_test_error import check_test_error  # noqa: E402

SCHEMA = 2


def relative_gap(ours, theirs):
    ours, theirs = tensor(ours), torch.as_tensor(theirs)
    scale = max(theirs.abs().max().item(), 1e-300)
    return (ours - theirs).abs().max().item() / scale


def check_instance(path, rtol, seed):
    """(gaps, failures, report, statistical checks) of one instance."""
    with open(path) as handle:
        instance = json.load(handle)
    label = os.path.basename(path)
    if instance.get("schema") != SCHEMA:
        return {}, [f"{label}: schema {instance.get('schema')}, the peer reads {SCHEMA}"], [], 0
    kind = instance["model"]["kind"]
    data = instance["data"]
    X, y, T = tensor(data["X"]), tensor(data["y"]), data["T"]
    noisy = torch.tensor(data["noisy"], dtype=torch.bool)
    roles = roles_of(data)
    failures, report, gaps = [], [], {}
    flat = [r for row in roles for r in row]
    if flat != data["roles"]:
        failures.append(f"{label}: boa's token roles differ from the generator's layout")
    lengths = check_token_counts(label, data, failures)
    trained = instance["model"]["trained"]
    params = {k: tensor(v) for k, v in instance["model"]["initial"].items()}
    training = instance["training"]
    k_class = kind == "m2k"

    def compare(name, theirs, ours):
        gaps[name] = max(gaps.get(name, 0.0), relative_gap(theirs, ours))

    def compare_evaluation(which, e):
        compare(f"{which} loss", [instance[which]["loss"]], [e["loss"]])
        compare(f"{which} f", instance[which]["f"], e["f"])
        for name, g in e["gradient"].items():
            compare(f"{which} grad {name}", instance[which]["gradient"][name], g)
        check_fit(f"{label} {which}", instance[which], e["f"], e["attention"], y, noisy, roles,
                  k_class, gaps, failures)

    def compare_first_layer(which, at):
        """M4 with L >= 2: boa's first-layer attention (mean softmax row) at these parameters."""
        if kind == "m4" and "Q1" in at:
            if "first_layer_attention" not in instance[which]:
                failures.append(f"{label} {which}: no first_layer_attention for an M4 stack")
                return
            compare(f"{which} first_layer_attention", instance[which]["first_layer_attention"],
                    first_layer_attention(X, T, at))

    steps = training["step_sizes"]
    for k in range(len(steps) + 1):
        e = evaluate(kind, X, T, y, params, trained, lengths)
        record = training["trajectory"][k]
        compare("trajectory loss", [record["loss"]], [e["loss"]])
        check_fit(f"{label} step {k}", record, e["f"], e["attention"], y, noisy, roles, k_class,
                  gaps, failures)
        if k == 0:
            compare_evaluation("initial", e)
            compare_first_layer("initial", params)
        if k == len(steps):
            break
        for name, g in e["gradient"].items():
            params[name] = params[name] - steps[k][name] * (g + training["weight_decay"] *
                                                            params[name])
    for name in e["gradient"]:
        compare(f"final {name}", instance["final"]["parameters"][name], params[name])
    compare_evaluation("final", evaluate(kind, X, T, y, params, trained, lengths))
    compare_first_layer("final", params)

    for name, gap in gaps.items():
        if name.startswith("attention"):
            continue  # absolute gaps, judged (and recorded) in peer_fit
        evaluated = name.split(" ")[0] in ("initial", "final") and name.split(" ")[1] in (
            "loss", "f", "grad", "first_layer_attention")
        peer_summary.record("model" if evaluated else "trajectory", gap, rtol)
        if gap > rtol:
            failures.append(f"{label} {name}: relative gap {gap:.3e} > rtol {rtol:g}")
    checks = check_test_error(label, instance, params, seed, report, failures)
    if check_max_margin(label, instance, X, y, roles, failures):
        report.append(f"{label} max-margin: benign, all-noise and selected solutions checked")
    return gaps, failures, report, checks


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("instances", nargs="+")
    parser.add_argument("--rtol", type=float, default=1e-9)
    parser.add_argument("--seed", type=int, default=20261201, help="the peer's test samples")
    parser.add_argument("--generators", nargs="*", default=[], metavar="DRAW.json",
                        help="large draws (steps 0) whose data are checked against the "
                             "generators' laws (peer_generators.py)")
    parser.add_argument("--gram", nargs="*", default=[], metavar="DRAWS.json",
                        help="`boa gram-draws` output, tested against the peer's ambient runs "
                             "(peer_gram.py)")
    parser.add_argument("--summary", metavar="FILE", help="write what was checked as JSON")
    parser.add_argument("--peer-seed", type=int, help="the driver's random-instance seed, for "
                        "the summary")
    args = parser.parse_args()
    failed = 0
    for path in args.gram:
        failures, report = [], []
        with open(path) as handle:
            checks = check_gram_draws(os.path.basename(path), json.load(handle), args.seed,
                                      report, failures)
        print(f"{os.path.basename(path)}: Gram engine, {checks} two-sample check(s)")
        for line in report:
            print("  " + line)
        for line in failures:
            print("  MISMATCH " + line)
        failed += bool(failures)
    for path in args.generators:
        failures = []
        with open(path) as handle:
            checks = check_generator(os.path.basename(path), json.load(handle), failures)
        print(f"{os.path.basename(path)}: generator, {checks} statistical check(s)")
        for line in failures:
            print("  MISMATCH " + line)
        failed += bool(failures)
    for argument in args.instances:
        path, _, rtol = argument.partition("@")  # FILE@RTOL: this instance's own tolerance
        try:
            gaps, failures, report, checks = check_instance(path, float(rtol or args.rtol),
                                                            args.seed)
        except Exception as error:  # a malformed instance is a failure of that instance
            gaps, failures, report, checks = {}, [f"peer error: {error!r}"], [], 0
        relative = {k: v for k, v in gaps.items() if not k.startswith("attention")}
        worst = max(relative, key=relative.get) if relative else "none"
        print(f"{os.path.basename(path)}: worst relative gap {worst} "
              f"{relative.get(worst, 0):.3e} (rtol {float(rtol or args.rtol):g}); {checks} "
              f"test-error check(s)")
        for line in report:
            print("  " + line)
        for line in failures:
            print("  MISMATCH " + line)
        if failures and os.path.exists(path + ".replay"):  # the driver's command for this file
            with open(path + ".replay") as handle:
                print("  replay: " + handle.read().strip())
        failed += bool(failures)
    total = len(args.instances) + len(args.generators) + len(args.gram)
    if args.summary:
        peer_summary.write(args.summary, args.peer_seed, total, failed)
    print(f"{'ok' if not failed else 'MISMATCH'}: {total - failed} of {total} instances and "
          f"draws agree with the peer")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
