#!/usr/bin/python3
"""PyTorch CPU autograd (float64, one thread) on the shapes of boa's benchmarks.

Gradient shapes: for each (n, T, d), `boa instance` writes an M1 instance (D1 data, Gaussian
p and v) as JSON; this script loads the same X, y, p, v, computes loss and ∇_p, ∇_v by autograd,
checks them against boa's to --rtol (default 1e-10), and times the autograd gradient.

[S] runs: n = 20, T = 8, W (d×d, U(−1/√d, 1/√d)) and p trained by plain GD at lr 5e-3, the way the
papers' code does it (autograd through q = Wᵀp). A 1000-step run takes minutes at d = 4500, so
by default `--s-steps` steps are timed and the 1000-step time is extrapolated (the table says
so); `--s-steps 1000` times whole runs.

Writes one JSON file (--out) that benchmarks/bench_table.py reads. Exit 1 on a gradient
mismatch, 77 when PyTorch is not installed. Uses Debian's python3-torch: run with /usr/bin/python3.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

try:
    import torch
except ImportError:
    print("torch_benchmark: PyTorch (Debian package python3-torch) is not installed", file=sys.stderr)
    sys.exit(77)

torch.set_default_dtype(torch.float64)
torch.set_num_threads(1)

KERNEL_SHAPES = [(20, 2, 2000), (100, 2, 10000), (200, 8, 2000), (1000, 8, 2000)]
S_DIMENSIONS = [2000, 4500]


def median_seconds(fn, min_total=0.5, min_repeats=3):
    """Median CPU time of fn() over repeats lasting at least min_total CPU seconds.

    CPU time of this process (PyTorch runs on one thread), like Google Benchmark's CPU time on
    boa's side: a ratio of a wall time to a CPU time would grow with the machine's load."""
    times = []
    start = time.process_time()
    while len(times) < min_repeats or time.process_time() - start < min_total:
        t0 = time.process_time()
        fn()
        times.append(time.process_time() - t0)
    times.sort()
    return times[len(times) // 2], times[0], times[-1]


def loss_of(X, y, T, p, v):
    n = X.shape[0] // T
    tokens = X.reshape(n, T, -1)
    f = (torch.softmax(tokens @ p, dim=1) * (tokens @ v)).sum(dim=1)
    return torch.nn.functional.softplus(-y * f).mean()


def gradient_row(boa, n, T, d, rtol, workdir):
    path = os.path.join(workdir, f"m1_{n}_{T}_{d}.json")
    subprocess.run([boa, "instance", "--model", "m1", "--data", "signal-noise", "--n", str(n),
                    "--T", str(T), "--d", str(d), "--steps", "0", "--omega", "0.1", "--seed", "1",
                    "--out", path], check=True, stdout=subprocess.DEVNULL)
    with open(path) as handle:
        instance = json.load(handle)
    os.remove(path)
    X = torch.tensor(instance["data"]["X"])
    y = torch.tensor(instance["data"]["y"])
    p0 = torch.tensor(instance["model"]["initial"]["p"])
    v0 = torch.tensor(instance["model"]["initial"]["v"])

    def gradient():
        p = p0.clone().requires_grad_(True)
        v = v0.clone().requires_grad_(True)
        return torch.autograd.grad(loss_of(X, y, T, p, v), [p, v])

    gp, gv = gradient()
    gap = 0.0
    for ours, theirs in ((instance["initial"]["gradient"]["p"], gp), (instance["initial"]["gradient"]["v"], gv)):
        ours = torch.tensor(ours)
        gap = max(gap, ((ours - theirs).abs().max() / theirs.abs().max().clamp_min(1e-300)).item())
    median, low, high = median_seconds(gradient)
    return {"n": n, "T": T, "d": d, "seconds": median, "seconds_min": low, "seconds_max": high,
            "ns_per_element": median * 1e9 / (n * T * d), "relative_gap": gap, "ok": gap <= rtol}


def s_run_row(d, steps, n=20, T=8, lr=5e-3):
    generator = torch.Generator().manual_seed(1)
    X = torch.randn(n * T, d, generator=generator)
    y = torch.where(torch.arange(n) < n // 2, 1.0, -1.0)
    nu = torch.randn(d, generator=generator) / d ** 0.5
    bound = 1 / d ** 0.5
    W = ((torch.rand(d, d, generator=generator) * 2 - 1) * bound).requires_grad_(True)
    p = torch.zeros(d, requires_grad=True)
    tokens = X.reshape(n, T, d)
    t0 = time.process_time()  # CPU time, as in median_seconds
    for _ in range(steps):
        f = (torch.softmax(tokens @ (W.T @ p), dim=1) * (tokens @ nu)).sum(dim=1)
        loss = torch.nn.functional.softplus(-y * f).mean()
        gW, gp = torch.autograd.grad(loss, [W, p])
        with torch.no_grad():
            W -= lr * gW
            p -= lr * gp
    seconds = time.process_time() - t0
    return {"n": n, "T": T, "d": d, "steps_timed": steps, "seconds_per_step": seconds / steps,
            "seconds_1000_steps": seconds / steps * 1000, "extrapolated": steps < 1000}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boa", required=True, help="path of the boa program")
    parser.add_argument("--out", required=True)
    parser.add_argument("--rtol", type=float, default=1e-10)
    parser.add_argument("--s-steps", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as workdir:
        gradients = [gradient_row(args.boa, n, T, d, args.rtol, workdir) for n, T, d in KERNEL_SHAPES]
    runs = [s_run_row(d, args.s_steps) for d in S_DIMENSIONS]
    with open(args.out, "w") as handle:
        json.dump({"torch": torch.__version__, "threads": torch.get_num_threads(),
                   "gradients": gradients, "s_runs": runs}, handle, indent=1)
    for row in gradients:
        print(f"torch gradient n={row['n']} T={row['T']} d={row['d']}: {row['seconds'] * 1e3:.3f} ms, "
              f"gap to boa {row['relative_gap']:.1e} {'ok' if row['ok'] else 'MISMATCH'}")
    for row in runs:
        print(f"torch [S] run d={row['d']}: {row['seconds_per_step']:.3f} s/step "
              f"({row['steps_timed']} steps timed)")
    return 0 if all(row["ok"] for row in gradients) else 1


if __name__ == "__main__":
    sys.exit(main())
