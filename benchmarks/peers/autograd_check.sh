#!/usr/bin/env bash
# ctest driver: writes a D1 (M1) and a D2 (M2 with W and p) instance with `boa instance` and
# cross-checks each with PyTorch autograd to 1e-9 relative; the second D2 instance has n·T < d, so
# its W is trained in factored form. An M4 instance (L = 3, Gaussian init) checks the stack,
# an M5 instance the encoder. The peer is always on (./boa installs python3-torch): without
# PyTorch this fails with one line, it is never skipped.
set -euo pipefail
boa="$1"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[ -x /usr/bin/python3 ] || { echo "autograd_check: /usr/bin/python3 is not installed (./boa installs it)"; exit 1; }
/usr/bin/python3 -c 'import torch' 2>/dev/null ||
  { echo "autograd_check: python3-torch is not installed (./boa installs it: apt-get install python3-torch)"; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$boa" instance --model m1 --data signal-noise --n 12 --d 60 --snr 0.5 --eta 0.2 --steps 3 \
  --schedule sb --omega 0.1 --seed 3 --out "$work/d1.json"
"$boa" instance --model m2w --data token-selection --n 10 --T 8 --d 40 --mu-norm 5 --steps 5 \
  --schedule constant --lr 0.05 --omega 0.1 --seed 4 --out "$work/d2.json"
"$boa" instance --model m2w --data token-selection --n 4 --T 3 --d 30 --mu-norm 3 --steps 20 \
  --schedule constant --lr 0.2 --weight-decay 0.1 --omega 0.1 --seed 5 --out "$work/d2_factored.json"
"$boa" instance --model m4 --layers 3 --data signal-noise --n 6 --T 3 --d 12 --snr 0.5 --eta 0.2 \
  --steps 4 --schedule constant --lr 0.2 --omega 0.3 --seed 6 --out "$work/m4.json"
"$boa" instance --model m5 --data token-selection --n 6 --T 4 --d 10 --mu-norm 3 --steps 4 \
  --schedule constant --lr 0.1 --omega 0.3 --seed 7 --out "$work/m5.json"
/usr/bin/python3 "$here/autograd_check.py" "$work/d1.json"
/usr/bin/python3 "$here/autograd_check.py" "$work/d2.json"
/usr/bin/python3 "$here/autograd_check.py" "$work/d2_factored.json"
/usr/bin/python3 "$here/autograd_check.py" "$work/m4.json"
/usr/bin/python3 "$here/autograd_check.py" "$work/m5.json"
