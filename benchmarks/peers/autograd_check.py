#!/usr/bin/python3
"""Independent cross-check of a `boa instance` JSON with PyTorch autograd (float64).

Reads the instance's data and parameters, rebuilds the model from its formula with torch
operations (torch.softmax, torch.nn.functional.softplus), lets autograd compute the gradients,
re-runs the recorded gradient-descent steps, and compares with what boa wrote:
  - loss and gradients at the initial parameters,
  - the final parameters after all steps,
  - loss and gradients at the final parameters.
Exit 0 when every relative difference is at most --rtol (default 1e-9), 1 otherwise, and 2
with one line when PyTorch is not installed (./boa installs python3-torch; never a skip).

Usage: autograd_check.py INSTANCE.json [--rtol 1e-9]
Uses Debian's python3-torch, so it names /usr/bin/python3 explicitly.
"""
import argparse
import json
import sys

try:
    import torch
except ImportError:
    print("autograd_check: PyTorch (Debian package python3-torch) is not installed; ./boa installs it",
          file=sys.stderr)
    sys.exit(2)

torch.set_default_dtype(torch.float64)


def tensor(values):
    return torch.tensor(values, dtype=torch.float64)


def encoder_output(tokens, params):
    """M5: [cls; tokens] -> pre-LN single-head attention of the [cls] query (scale d^-1/2, no
    projection biases), skip, pre-LN FFN with exact GELU, skip, final LN, linear head."""
    n, _, d = tokens.shape
    ln = torch.nn.functional.layer_norm
    seq = torch.cat([params["cls"].expand(n, 1, d), tokens], dim=1)
    z = ln(seq, (d,), params["ln1_gamma"], params["ln1_beta"], eps=1e-5)
    q = z[:, 0, :] @ params["Wq"].reshape(d, d)
    k = z @ params["Wk"].reshape(d, d)
    v = z @ params["Wv"].reshape(d, d)
    a = torch.softmax(torch.einsum("id,itd->it", q, k) / d ** 0.5, dim=1)
    h1 = params["cls"] + torch.einsum("it,itd->id", a, v) @ params["Wo"].reshape(d, d)
    width = params["b1"].numel()
    u = ln(h1, (d,), params["ln2_gamma"], params["ln2_beta"], eps=1e-5)
    hidden = torch.nn.functional.gelu(u @ params["W1"].reshape(d, width) + params["b1"])
    h2 = h1 + hidden @ params["W2"].reshape(width, d) + params["b2"]
    out = ln(h2, (d,), params["lnf_gamma"], params["lnf_beta"], eps=1e-5)
    return out @ params["w"] + params["b"]


def model_output(kind, X, T, params):
    """f for every sample; X is (n·T)×d, row i·T + t is token t of sample i."""
    n = X.shape[0] // T
    tokens = X.reshape(n, T, -1)
    d = X.shape[1]
    if kind == "m1":
        query = params["p"].expand(n, d)
        head = params["v"]
    elif kind in ("m2", "m2w"):
        W = params["W"].reshape(d, d) if params["W"].numel() else torch.eye(d)
        query = (W.T @ params["p"]).expand(n, d)
        head = params["nu"]
    elif kind == "m3":
        W = params["W"].reshape(d, d)
        query = tokens[:, 0, :] @ W.T  # q_i = W x_{i1}
        head = params["v"]
    elif kind == "m4":
        # L - 1 residual self-attention layers X <- X + softmax(X Q X^T) X V, then M1's readout.
        layer = 1
        while f"Q{layer}" in params:
            Q, V = params[f"Q{layer}"].reshape(d, d), params[f"V{layer}"].reshape(d, d)
            attention = torch.softmax(tokens @ Q @ tokens.transpose(1, 2), dim=2)
            tokens = tokens + attention @ tokens @ V
            layer += 1
        query = params["p"].expand(n, d)
        head = params["v"]
    elif kind == "m5":
        return encoder_output(tokens, params)
    else:
        raise ValueError(f"unknown model {kind}")
    scores = torch.einsum("itd,id->it", tokens, query)
    values = tokens @ head
    return (torch.softmax(scores, dim=1) * values).sum(dim=1)


def loss_and_gradients(kind, X, T, y, params, trained):
    leaves = {k: v.clone().requires_grad_(trained[k]) for k, v in params.items()}
    f = model_output(kind, X, T, leaves)
    loss = torch.nn.functional.softplus(-y * f).mean()
    grads = torch.autograd.grad(loss, [leaves[k] for k in params if trained[k]])
    return loss.item(), dict(zip([k for k in params if trained[k]], grads))


def relative_gap(ours, theirs):
    ours, theirs = tensor(ours), torch.as_tensor(theirs)
    scale = max(theirs.abs().max().item(), 1e-300)
    return (ours - theirs).abs().max().item() / scale


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("instance")
    parser.add_argument("--rtol", type=float, default=1e-9)
    args = parser.parse_args()
    with open(args.instance) as handle:
        instance = json.load(handle)

    kind = instance["model"]["kind"]
    data = instance["data"]
    X, y, T = tensor(data["X"]), tensor(data["y"]), data["T"]
    trained = instance["model"]["trained"]
    params = {k: tensor(v) for k, v in instance["model"]["initial"].items()}
    training = instance["training"]

    gaps = {}
    loss, grads = loss_and_gradients(kind, X, T, y, params, trained)
    gaps["initial loss"] = relative_gap([instance["initial"]["loss"]], [loss])
    for name, g in grads.items():
        gaps[f"initial grad {name}"] = relative_gap(instance["initial"]["gradient"][name], g)

    for sizes in training["step_sizes"]:
        _, grads = loss_and_gradients(kind, X, T, y, params, trained)
        for name, g in grads.items():
            params[name] = params[name] - sizes[name] * (g + training["weight_decay"] * params[name])
    for name in grads:
        gaps[f"final {name}"] = relative_gap(instance["final"]["parameters"][name], params[name])

    loss, grads = loss_and_gradients(kind, X, T, y, params, trained)
    gaps["final loss"] = relative_gap([instance["final"]["loss"]], [loss])
    for name, g in grads.items():
        gaps[f"final grad {name}"] = relative_gap(instance["final"]["gradient"][name], g)

    worst = max(gaps, key=gaps.get)
    for name, gap in gaps.items():
        print(f"{name:>20}: relative gap {gap:.3e}")
    ok = gaps[worst] <= args.rtol
    print(f"{'ok' if ok else 'MISMATCH'}: worst {worst} {gaps[worst]:.3e} (rtol {args.rtol:g})")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
