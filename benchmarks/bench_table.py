#!/usr/bin/env python3
"""Prints the benchmark table of `./boa bench` from Google Benchmark JSON files (and, when
present, benchmarks/peers/torch_benchmark.py's JSON). Standard library only.

Times are Google Benchmark CPU times; with --benchmark_repetitions each cell is the median over
repetitions and [min–max] is the spread. Ratios are taken between medians of one run.

Usage: bench_table.py KERNEL.json TRAINING.json [TORCH.json]
"""
import json
import re
import statistics
import sys


def load_runs(path):
    """{benchmark name without repetition suffix: [cpu seconds per iteration, ...]}"""
    with open(path) as handle:
        report = json.load(handle)
    runs = {}
    scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
    for b in report["benchmarks"]:
        if b.get("run_type") == "aggregate":
            continue
        runs.setdefault(b["run_name"], []).append(b["cpu_time"] * scale[b["time_unit"]])
    return runs


def cell(times, elements):
    """median ns/element [min–max]"""
    med = statistics.median(times)
    return med, f"{med * 1e9 / elements:.3f} [{min(times) * 1e9 / elements:.3f}–{max(times) * 1e9 / elements:.3f}]"


def shape_of(name):
    return tuple(int(x) for x in re.findall(r"(?:n|T|d):(\d+)", name))


def main():
    kernel, training = load_runs(sys.argv[1]), load_runs(sys.argv[2])
    torch = None
    if len(sys.argv) > 3:
        with open(sys.argv[3]) as handle:
            torch = json.load(handle)
    torch_gradients = {(r["n"], r["T"], r["d"]): r for r in torch["gradients"]} if torch else {}

    with open(sys.argv[1]) as handle:
        simd = json.load(handle)["context"].get("simd", "unknown")
    print(f"SIMD target of the kernels: {simd}\n")
    print("Gradient (loss, ∇_q, ∇_u) per call, ns per sample·token·dimension: median [min–max]")
    print("| n, T, d | fused (ours) | GB/s | reference | streaming read | PyTorch | fused/roofline | reference÷fused | PyTorch÷fused |")
    print("|---|---|---|---|---|---|---|---|---|")
    for name in kernel:
        if not name.startswith("BM_FusedKernel") or not name.endswith("threads:1"):
            continue
        n, T, d = shape_of(name)
        elements = n * T * d
        rest = f"n:{n}/T:{T}/d:{d}"
        fused, fused_cell = cell(kernel[name], elements)
        reference, reference_cell = cell(kernel[f"BM_ReferenceKernel/{rest}"], elements)
        stream, stream_cell = cell(kernel[f"BM_StreamingRead/{rest}"], elements)
        row = torch_gradients.get((n, T, d))
        torch_cell = f"{row['ns_per_element']:.3f}" if row else "—"
        torch_ratio = f"{row['seconds'] / fused:.1f}×" if row else "—"
        print(f"| {n}, {T}, {d} | {fused_cell} | {elements * 8 / fused / 1e9:.1f} | {reference_cell} | "
              f"{stream_cell} | {torch_cell} | {stream / fused:.0%} | {reference / fused:.1f}× | {torch_ratio} |")
    threaded = [k for k in kernel if k.startswith("BM_FusedKernel") and k.endswith("threads:2")]
    for name in threaded:
        n, T, d = shape_of(name)
        single = statistics.median(kernel[f"BM_FusedKernel/n:{n}/T:{T}/d:{d}/threads:1"])
        print(f"\nFused kernel, 2 threads, n={n} T={T} d={d}: {single / statistics.median(kernel[name]):.2f}× one thread")

    print("\n[S] run: 1000 GD steps of W and p, n = 20, T = 8 (seconds, median [min–max])")
    print("| d | ours (factored W) | dense W update (1000 × one step) | PyTorch autograd | dense÷ours | PyTorch÷ours |")
    print("|---|---|---|---|---|---|")
    torch_runs = {r["d"]: r for r in torch["s_runs"]} if torch else {}
    for name, times in training.items():
        if not name.startswith("BM_TokenSelectionRun/"):
            continue
        _, _, d = shape_of(name)
        ours = statistics.median(times)
        dense = 1000 * statistics.median(training[f"BM_TokenSelectionWPDenseStep/n:20/T:8/d:{d}"])
        row = torch_runs.get(d)
        torch_cell = (f"{row['seconds_1000_steps']:.1f}" + (f" (from {row['steps_timed']} steps)" if row["extrapolated"] else "")) if row else "—"
        torch_ratio = f"{row['seconds_1000_steps'] / ours:.0f}×" if row else "—"
        print(f"| {d} | {ours:.3f} [{min(times):.3f}–{max(times):.3f}] | {dense:.1f} | {torch_cell} | "
              f"{dense / ours:.0f}× | {torch_ratio} |")

    print("\nTraining steps and pipelines, median CPU time [min–max]")
    print("| benchmark | ms |")
    print("|---|---|")
    for name, times in training.items():
        if name.startswith("BM_TokenSelectionRun/"):
            continue
        print(f"| {name} | {statistics.median(times) * 1e3:.3f} [{min(times) * 1e3:.3f}–{max(times) * 1e3:.3f}] |")


if __name__ == "__main__":
    main()
