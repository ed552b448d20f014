#!/usr/bin/env bash
# Performance regression gate: callgrind instruction counts of fixed small workloads
# (perf_gate_workload) against the committed baseline. Instruction counts of a fixed binary on a
# fixed input do not depend on machine load, so noise cannot fail (or pass) the gate; a real 2×
# slowdown doubles them. Two checks:
#   1. every workload's count ≤ tolerance × its baseline count;
#   2. in the same run, fused kernel / reference kernel ≤ tolerance × the baseline ratio (holds
#      even when a new compiler shifts every absolute count alike).
#
#   perf_gate.sh WORKLOAD_BINARY BASELINE [--expect-regression | --record]
# Exit 0 pass, 1 regression, 77 skipped (no valgrind). --expect-regression inverts 0 and 1 (the
# injected-slowdown tests); --record rewrites BASELINE from this build.
set -euo pipefail
binary="$1"
baseline="$2"
mode="${3:-check}"
tolerance=1.25  # 25 %: far above the 0 % run-to-run spread, far below the 100 % of a 2× slowdown
# The kernel's SIMD target is chosen at run time (boa/simd.hpp), so counts would follow the CPU
# (and valgrind hides AVX-512 from the program). The gate pins the baseline target, which every
# x86-64 CPU and valgrind run: the same source as the AVX2/AVX-512 code, so doubled work shows.
export BOA_SIMD=baseline
workloads=(kernel kernel_reference prompt_attention_gd token_selection_wp)

command -v valgrind >/dev/null || { echo "skipped: valgrind is not installed"; exit 77; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# libhwy's start-up reads its timer with RDTSCP, which valgrind decodes only where the host CPU
# advertises it (some virtual machines hide it: SIGILL before any boa code). The shim built beside
# the workload replaces those timer queries; the counted region never reads the timer.
shim="$(dirname "$binary")/libvalgrind_hwy_timer_shim.so"
[ -f "$shim" ] || { echo "missing $shim (build the valgrind_hwy_timer_shim target)" >&2; exit 2; }

count() {  # instructions executed inside boa_gate_measured() by one workload
  LD_PRELOAD="$shim" valgrind --tool=callgrind --toggle-collect=boa_gate_measured \
    --callgrind-out-file="$work/$1.out" "$binary" "$1" >/dev/null 2>"$work/$1.log" || {
    cat "$work/$1.log" >&2
    exit 2
  }
  awk '/^(summary|totals):/ { print $2; exit }' "$work/$1.out"
}

declare -A measured
for w in "${workloads[@]}"; do measured[$w]="$(count "$w")"; done

if [ "$mode" = "--record" ]; then
  {
    echo "# Instructions (callgrind Ir) per perf_gate_workload workload, default preset (Release,"
    echo "# portable), BOA_SIMD=baseline. Regenerate after an intended change: benchmarks/perf_gate.sh \\"
    echo "#   build/benchmarks/perf_gate_workload benchmarks/perf_gate_baseline.txt --record"
    for w in "${workloads[@]}"; do echo "$w ${measured[$w]}"; done
  } >"$baseline"
  echo "recorded $baseline"
  exit 0
fi

regression=0
for w in "${workloads[@]}"; do
  expected="$(awk -v w="$w" '$1 == w { print $2 }' "$baseline")"
  [ -n "$expected" ] || { echo "no baseline for $w in $baseline" >&2; exit 2; }
  verdict="$(awk -v m="${measured[$w]}" -v b="$expected" -v t="$tolerance" \
    'BEGIN { r = m / b; printf "%.3f %s", r, (r <= t ? "ok" : "REGRESSION") }')"
  printf '%-22s %12s instructions, baseline %12s, ratio %s\n' "$w" "${measured[$w]}" "$expected" "$verdict"
  case "$verdict" in *REGRESSION) regression=1 ;; esac
done
ratio_verdict="$(awk -v f="${measured[kernel]}" -v r="${measured[kernel_reference]}" \
  -v bf="$(awk '$1 == "kernel" { print $2 }' "$baseline")" \
  -v br="$(awk '$1 == "kernel_reference" { print $2 }' "$baseline")" -v t="$tolerance" \
  'BEGIN { now = f / r; then = bf / br; printf "%.3f (baseline %.3f) %s", now, then, (now <= t * then ? "ok" : "REGRESSION") }')"
echo "fused/reference kernel instructions in this run: $ratio_verdict"
case "$ratio_verdict" in *REGRESSION) regression=1 ;; esac

if [ "$mode" = "--expect-regression" ]; then
  [ "$regression" -eq 1 ] && { echo "the injected slowdown was caught"; exit 0; }
  echo "the injected slowdown was NOT caught"
  exit 1
fi
exit "$regression"
