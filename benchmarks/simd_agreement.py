#!/usr/bin/env python3
"""How far results move between SIMD targets (README § Performance, "Reproducibility across CPUs").

Runs `boa instance` (M1 on D1, and M2 W+p on D2) for several seeds under BOA_SIMD=<each target>
and prints, per target against the baseline, the largest relative difference of the initial
gradient, of the loss and f after the GD steps, and of the trained parameters.

  benchmarks/simd_agreement.py build/reports/boa [--seeds 10] [--targets baseline,avx2,avx3]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

CASES = {
    "m1, D1 (n=20, T=2, d=2000, 100 steps)":
        ["--model", "m1", "--data", "signal-noise", "--n", "20", "--T", "2", "--d", "2000",
         "--snr", "0.8", "--eta", "0.1", "--steps", "100", "--schedule", "constant", "--lr", "0.1"],
    "m2w, D2 (n=20, T=8, d=500, 100 steps)":
        ["--model", "m2w", "--data", "token-selection", "--n", "20", "--T", "8", "--d", "500",
         "--mu-norm", "10", "--steps", "100", "--schedule", "constant", "--lr", "0.005"],
}


def run(boa, target, args, seed, folder):
    out = os.path.join(folder, f"{target}-{seed}.json")
    env = dict(os.environ, BOA_SIMD=target)
    subprocess.run([boa, "instance", *args, "--seed", str(seed), "--out", out], env=env,
                   check=True, stdout=subprocess.DEVNULL)
    with open(out) as f:
        return json.load(f)


def flat(x):
    if isinstance(x, dict):
        return [v for k in sorted(x) for v in flat(x[k])]
    if isinstance(x, list):
        return [v for e in x for v in flat(e)]
    return [float(x)]


def rel_diff(a, b):
    a, b = flat(a), flat(b)
    scale = max(max(abs(v) for v in b), 1e-300)
    return max(abs(x - y) for x, y in zip(a, b)) / scale


def main():
    p = argparse.ArgumentParser()
    p.add_argument("boa")
    p.add_argument("--seeds", type=int, default=10)
    p.add_argument("--targets", default="baseline,avx2,avx3")
    a = p.parse_args()
    targets = a.targets.split(",")
    with tempfile.TemporaryDirectory() as folder:
        for name, args in CASES.items():
            print(f"{name}: largest difference over {a.seeds} seeds, relative to the largest "
                  f"|value| of the baseline's")
            worst = {t: [0.0] * 4 for t in targets[1:]}
            for seed in range(1, a.seeds + 1):
                base = run(a.boa, targets[0], args, seed, folder)
                for t in targets[1:]:
                    other = run(a.boa, t, args, seed, folder)
                    diffs = [rel_diff(other["initial"]["gradient"], base["initial"]["gradient"]),
                             rel_diff(other["final"]["loss"], base["final"]["loss"]),
                             rel_diff(other["final"]["f"], base["final"]["f"]),
                             rel_diff(other["final"]["parameters"], base["final"]["parameters"])]
                    worst[t] = [max(w, x) for w, x in zip(worst[t], diffs)]
            print("| target vs " + targets[0] + " | initial gradient | final loss | final f | "
                  "trained parameters |\n|---|---|---|---|---|")
            for t, w in worst.items():
                print(f"| {t} | " + " | ".join(f"{x:.1e}" for x in w) + " |")
            print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
