#!/usr/bin/env bash
# ctest driver of the PyTorch peer (autograd_check.py, one process for every instance): writes
# instances with `boa instance` that cover every model (M1; M2 p only, W and p — the second with
# n·T < d, so W trains in factored form — and K outputs; M3; M4 with L = 3; M5; Kou et al.'s
# two-layer ReLU CNN on D1 and on their antipodal data; M2 with a learned embedding), every schedule
# (sa, sb, constant), weight decay, zero and Gaussian initialisation, D1 (T = 2 and 3, signal first
# and at random) and D2 (K = 2 and 3, and with variable token counts: masked M1, M2 p only, M2 W
# and p), and checks each against the peer. The peer is always on
# (./boa installs python3-torch): without PyTorch this fails with one line, it is never skipped.
#
# Statistical checks, each at α = 5e-7 (peer_alpha.py): the clean test error of every instance that
# trains (peer_test_error.py; boa's projected estimate for m1 and m2/m2w, its sampled one for
# m2k, m3, m4, m5 and cnn), plus boa's exact value on D1 with T = 2 — 33 (2 for each of d1, d1_sa
# and the two random m1 instances, 1 for each of d1_dominant, d2, d2_factored, d2_ponly,
# s_protocol, m2k, m3, m4, m5, cnn, cnn_kou and the fourteen random m2, m2w, m2k, m3, m4, m5 and cnn
# instances) — the five large generator draws (peer_generators.py: 6 for each of D1 with T = 3,
# D1 with a dominant noise token and D1 antipodal (Kou et al.) with T = 3, 2 for D2, 4 for D2 with
# K = 3 classes) and the Gram engine's two-sample test against the peer's ambient runs
# (peer_gram.py: 5 summaries of 1000 runs each):
# 62 checks in all, so the peer falsely fails with probability ≤ 3.1e-5, a term of the suite's
# error budget (error_budget.cpp).
# The other checks are deterministic to rounding.
#
# Usage: autograd_check.sh BOA [SUMMARY.json] — with SUMMARY.json, what the peer checked and the
# largest differences, per group of quantities (peer_summary.py), for `boa report --peer-summary`.
#
# Relative tolerances of the long runs, pre-registered from a measured error amplification A (the
# relative change of the final parameters per relative perturbation of the initial ones, measured
# with the peer's own GD at ε = 1e-12 and 1e-10): rtol = 10 (safety) · steps · 1e-14 (per-step
# rounding, the largest gap of the short instances rounded up) · A. [M] two-step SA run (d1_sa):
# A = 3.8e4, rtol 8e-9; [S] W-and-p protocol run (s_protocol, 1000 steps): A = 30, rtol 3e-9.
# Every other instance: 1e-9.
set -euo pipefail
boa="$1"
summary=()
[ -n "${2:-}" ] && summary=(--summary "$2")
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[ -x /usr/bin/python3 ] || { echo "autograd_check: /usr/bin/python3 is not installed (./boa installs it)"; exit 1; }
/usr/bin/python3 -c 'import torch' 2>/dev/null ||
  { echo "autograd_check: python3-torch is not installed (./boa installs it: apt-get install python3-torch)"; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$boa" instance --model m1 --data signal-noise --n 12 --d 60 --snr 0.5 --eta 0.2 --steps 3 \
  --schedule sb --omega 0.1 --seed 3 --n-test 20000 --out "$work/d1.json" >/dev/null
"$boa" instance --model m1 --data signal-noise --n 8 --d 128 --snr 0.35 --eta 0.25 --steps 2 \
  --schedule sa --flips exact --seed 8 --n-test 20000 --out "$work/d1_sa.json" >/dev/null
"$boa" instance --model m1 --data signal-noise --n 10 --T 4 --d 200 --snr 0.5 --eta 0.2 \
  --dominant-ratio 3 --steps 2 --schedule sa --flips exact --seed 18 --n-test 20000 \
  --out "$work/d1_dominant.json" >/dev/null
"$boa" instance --model m2w --data token-selection --n 10 --T 8 --d 40 --mu-norm 5 --steps 5 \
  --schedule constant --lr 0.05 --omega 0.1 --seed 4 --n-test 20000 --out "$work/d2.json" >/dev/null
"$boa" instance --model m2w --data token-selection --n 4 --T 3 --d 30 --mu-norm 3 --steps 20 \
  --schedule constant --lr 0.2 --weight-decay 0.1 --omega 0.1 --seed 5 \
  --out "$work/d2_factored.json" >/dev/null
"$boa" instance --model m2 --data token-selection --n 10 --T 6 --d 20 --mu-norm 2 --rho 0.5 \
  --steps 10 --schedule constant --lr 0.5 --weight-decay 0.05 --seed 9 --n-test 20000 \
  --out "$work/d2_ponly.json" >/dev/null
"$boa" instance --model m2k --data token-selection --classes 3 --flips bernoulli --eta 0.3 \
  --n 12 --T 6 --d 16 --mu-norm 3 --steps 8 --schedule constant --lr 0.5 --omega 0.2 --seed 10 \
  --out "$work/m2k.json" >/dev/null
"$boa" instance --model m3 --data signal-noise --n 8 --T 3 --d 14 --snr 0.6 --eta 0.25 \
  --position random --steps 6 --schedule constant --lr 0.3 --weight-decay 0.02 --omega 0.3 \
  --seed 11 --out "$work/m3.json" >/dev/null
"$boa" instance --model m4 --layers 3 --data signal-noise --n 6 --T 3 --d 12 --snr 0.5 --eta 0.2 \
  --steps 4 --schedule constant --lr 0.2 --omega 0.3 --seed 6 --out "$work/m4.json" >/dev/null
"$boa" instance --model m5 --data token-selection --n 6 --T 4 --d 10 --mu-norm 3 --steps 4 \
  --schedule constant --lr 0.1 --omega 0.3 --seed 7 --out "$work/m5.json" >/dev/null
# Kou et al.'s two-layer ReLU CNN on D1 and on their own antipodal data (signal ytrue*mu).
"$boa" instance --model cnn --width 6 --data signal-noise --n 10 --T 2 --d 30 --snr 0.5 --eta 0.2 \
  --steps 5 --schedule constant --lr 0.5 --omega 0.2 --seed 20 --out "$work/cnn.json" >/dev/null
"$boa" instance --model cnn --width 4 --data signal-noise --antipodal --n 8 --T 3 --d 20 \
  --snr 0.6 --eta 0.25 --position random --steps 5 --schedule constant --lr 0.5 --omega 0.2 \
  --seed 21 --out "$work/cnn_kou.json" >/dev/null
# M2 with a random fixed head and a learned embedding E ([S] discussion A1): from E = I with
# n·T < d (E trains in the factored form E = I + R X), and from a Gaussian E (dense steps). No
# test error (boa writes none for m2e): deterministic checks only, the 62 statistical ones stay.
"$boa" instance --model m2e --data token-selection --n 4 --T 3 --d 30 --mu-norm 3 --steps 20 \
  --schedule constant --lr 0.3 --seed 23 --out "$work/m2e.json" >/dev/null
"$boa" instance --model m2e --data token-selection --n 6 --T 4 --d 12 --mu-norm 2 --steps 6 \
  --schedule constant --lr 0.2 --weight-decay 0.05 --omega 0.3 --seed 24 \
  --out "$work/m2e_dense.json" >/dev/null
# Variable token counts (THEORY.md §2.2; T_min > 0): padding masked by M2 with W and p (n·T < d,
# so the factored W path), M2 with p only and M1. Their test error is not written (instance.cpp:
# a sampled check of it would be a statistical check the error budget does not count), so these
# three add no statistical check; the roles, lengths, zero padding rows, loss, gradients,
# trajectories, attention and selections are checked to rounding.
"$boa" instance --model m2w --data token-selection --n 8 --T 7 --T-min 4 --relevant 2 \
  --weak-same 1 --weak-opposite 1 --d 80 --mu-norm 4 --steps 6 --schedule constant --lr 0.1 \
  --omega 0.1 --seed 23 --out "$work/d2_masked.json" >/dev/null
"$boa" instance --model m2 --data token-selection --n 10 --T 6 --T-min 3 --weak-same 1 \
  --weak-opposite 1 --d 20 --mu-norm 2 --rho 0.5 --steps 8 --schedule constant --lr 0.5 \
  --weight-decay 0.02 --seed 24 --out "$work/d2_masked_ponly.json" >/dev/null
"$boa" instance --model m1 --data token-selection --n 8 --T 6 --T-min 4 --relevant 2 \
  --weak-same 1 --weak-opposite 1 --d 16 --mu-norm 3 --steps 4 --schedule constant --lr 0.3 \
  --omega 0.2 --seed 25 --out "$work/d2_masked_m1.json" >/dev/null
# One whole [S] W-and-p run (the protocol's lr 5e-3 and 1000 steps from W₀ ~ U(−1/√d, 1/√d),
# p₀ = 0; n·T < d, so W trains in factored form) at its own relative tolerance (above).
"$boa" instance --model m2w --data token-selection --n 20 --T 8 --d 200 --steps 1000 \
  --schedule constant --lr 5e-3 --seed 12 --n-test 20000 --out "$work/s_protocol.json" >/dev/null

# Large draws of the generators (no training) for peer_generators.py; gen_d1_dominant is D1 with
# Jiang et al.'s dominant noise token (κ = 4, signal at random slots).
"$boa" instance --model m1 --data signal-noise --n 2000 --T 3 --d 40 --snr 0.5 --eta 0.2 \
  --flips bernoulli --steps 0 --seed 13 --out "$work/gen_d1.json" >/dev/null
"$boa" instance --model m1 --data signal-noise --n 2000 --T 4 --d 40 --snr 0.5 --eta 0.2 \
  --dominant-ratio 4 --position random --flips bernoulli --steps 0 --seed 17 \
  --out "$work/gen_d1_dominant.json" >/dev/null
"$boa" instance --model cnn --data signal-noise --antipodal --n 2000 --T 3 --d 40 --snr 0.5 \
  --eta 0.2 --flips bernoulli --steps 0 --schedule constant --seed 22 \
  --out "$work/gen_d1_kou.json" >/dev/null
"$boa" instance --model m2 --data token-selection --n 2000 --T 5 --d 20 --mu-norm 3 --rho 0.4 \
  --eta 0.2 --steps 0 --schedule constant --seed 14 --out "$work/gen_d2.json" >/dev/null
"$boa" instance --model m2k --data token-selection --classes 3 --flips bernoulli --eta 0.3 \
  --n 2000 --T 6 --d 16 --mu-norm 3 --rho 0.4 --steps 0 --schedule constant --seed 16 \
  --out "$work/gen_d2k.json" >/dev/null

# The Gram engine in distribution: 400 runs of [M]'s two-step SA experiment (peer_gram.py).
"$boa" gram-draws --n 10 --d 400 --snr 0.8 --eta 0.2 --replicates 1000 --seed 15 \
  --out "$work/gram.json" >/dev/null

# Random instances: two per model, their sizes, rates and seeds drawn from one base seed
# (BOA_PEER_SEED, else the clock), so that every run checks new ones; a failing one prints the
# boa command that writes it again. Sizes keep each run finite and the max-margin SVMs feasible
# (D1 with d ≥ 2n²).
base="${BOA_PEER_SEED:-$(($(date +%s) % 1000000))}"
echo "autograd_check: random instances from BOA_PEER_SEED=$base"
RANDOM=$base
random=()
instance() { # NAME ARGS...: writes $work/NAME.json and, beside it, its replay line
  local name="$1"
  shift
  "$boa" instance "$@" --out "$work/$name.json" >/dev/null
  echo "boa instance $* --out $name.json && ./boa peer $name.json  (BOA_PEER_SEED=$base)" \
    >"$work/$name.json.replay"
  random+=("$work/$name.json")
}
for k in 1 2; do
  n=$((4 + RANDOM % 5))
  instance "random_m1_$k" --model m1 --data signal-noise --n $n --d $((2 * n * n + RANDOM % 40)) \
    --snr 0.$((2 + RANDOM % 7)) --eta 0.$((RANDOM % 3)) --flips exact --steps 3 --schedule constant \
    --lr 0.$((1 + RANDOM % 5)) --omega 0.$((RANDOM % 2)) --seed $RANDOM --n-test 4000
  instance "random_m2_$k" --model m2 --data token-selection --n $((4 + RANDOM % 9)) \
    --T $((3 + RANDOM % 6)) --d $((4 + RANDOM % 30)) --mu-norm $((1 + RANDOM % 5)) --rho 0.5 \
    --steps 5 --schedule constant --lr 0.$((1 + RANDOM % 5)) --weight-decay 0.0$((RANDOM % 5)) \
    --seed $RANDOM --n-test 4000
  instance "random_m2w_$k" --model m2w --data token-selection --n $((2 + RANDOM % 7)) \
    --T $((3 + RANDOM % 4)) --d $((8 + RANDOM % 30)) --mu-norm $((1 + RANDOM % 5)) --steps 5 \
    --schedule constant --lr 0.0$((1 + RANDOM % 9)) --omega 0.$((RANDOM % 2)) --seed $RANDOM \
    --n-test 4000
  instance "random_m2k_$k" --model m2k --data token-selection --classes $((3 + RANDOM % 3)) \
    --flips bernoulli --eta 0.$((RANDOM % 4)) --n $((6 + RANDOM % 10)) --T 8 \
    --d $((8 + RANDOM % 20)) --mu-norm $((1 + RANDOM % 4)) --steps 5 --schedule constant \
    --lr 0.$((1 + RANDOM % 5)) --omega 0.$((RANDOM % 3)) --seed $RANDOM
  instance "random_m3_$k" --model m3 --data signal-noise --n $((3 + RANDOM % 8)) \
    --T $((2 + RANDOM % 3)) --d $((4 + RANDOM % 20)) --snr 0.$((2 + RANDOM % 7)) --eta 0.2 \
    --position random --steps 4 --schedule constant --lr 0.$((1 + RANDOM % 3)) \
    --weight-decay 0.0$((RANDOM % 5)) --omega 0.$((1 + RANDOM % 3)) --seed $RANDOM
  instance "random_m4_$k" --model m4 --layers $((2 + RANDOM % 2)) --data signal-noise \
    --n $((3 + RANDOM % 6)) --T $((2 + RANDOM % 3)) --d $((4 + RANDOM % 10)) --snr 0.5 --eta 0.2 \
    --steps 3 --schedule constant --lr 0.1 --omega 0.$((1 + RANDOM % 3)) --seed $RANDOM
  instance "random_m5_$k" --model m5 --data token-selection --n $((3 + RANDOM % 6)) \
    --T $((3 + RANDOM % 4)) --d $((4 + RANDOM % 10)) --mu-norm 3 --steps 3 --schedule constant \
    --lr 0.1 --omega 0.$((1 + RANDOM % 3)) --seed $RANDOM
  antipodal=()
  [ $((RANDOM % 2)) -eq 0 ] && antipodal=(--antipodal)
  instance "random_cnn_$k" --model cnn --width $((1 + RANDOM % 8)) --data signal-noise \
    "${antipodal[@]}" --n $((3 + RANDOM % 8)) --T $((2 + RANDOM % 3)) --d $((4 + RANDOM % 20)) \
    --snr 0.$((2 + RANDOM % 7)) --eta 0.2 --position random --steps 4 --schedule constant \
    --lr 0.$((1 + RANDOM % 5)) --weight-decay 0.0$((RANDOM % 5)) --omega 0.$((1 + RANDOM % 3)) \
    --seed $RANDOM
done

/usr/bin/python3 "$here/autograd_check.py" \
  "$work"/{d1,d1_dominant,d2,d2_factored,d2_ponly,m2k,m2e,m2e_dense,m3,m4,m5,cnn,cnn_kou}.json \
  "$work"/{d2_masked,d2_masked_ponly,d2_masked_m1}.json \
  "$work/d1_sa.json@8e-9" "$work/s_protocol.json@3e-9" "${random[@]}" \
  --generators "$work/gen_d1.json" "$work/gen_d1_dominant.json" "$work/gen_d1_kou.json" \
  "$work/gen_d2.json" "$work/gen_d2k.json" --gram "$work/gram.json" \
  --peer-seed "$base" "${summary[@]}"
