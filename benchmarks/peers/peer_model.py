"""The models M1-M5 and the K-output M2 in PyTorch float64, for the peer.

Written from docs/THEORY.md's formulas (section 1: notation and models), never by translating
boa's C++: every output is a torch expression of the stated formula, and every gradient comes
from autograd.
"""
import torch

torch.set_default_dtype(torch.float64)


def tensor(values):
    return torch.tensor(values, dtype=torch.float64)


def encoder_output(tokens, params):
    """M5: [cls; tokens] -> pre-LN single-head attention of the [cls] query (scale d^-1/2, no
    projection biases), skip, pre-LN FFN with exact GELU, skip, final LN, linear head. Returns f
    and the [cls] query's attention on the T data tokens."""
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
    return out @ params["w"] + params["b"], a[:, 1:]


def model_output(kind, X, T, params, lengths=None):
    """(out, attention) for every sample; X is (n*T) x d, row i*T + t is token t of sample i.
    out is f (n) for the binary models and the K logits z_ik (n x K) for m2k; attention is the
    n x T softmax weight of the readout on the data tokens. lengths (variable-length D2, m1 and
    m2 only): sample i has lengths[i] tokens, and the scores of its rows t >= lengths[i] are -inf
    (THEORY.md 2.2: padding is masked), so their softmax weight is 0."""
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
    elif kind == "m2k":
        # z_ik = nu_k^T X_i^T S(X_i p); nu is d x K column-major, so row k of (K, d) is nu_k.
        heads = params["nu"].reshape(-1, d)
        attention = torch.softmax(tokens @ params["p"], dim=1)
        return torch.einsum("it,itd,kd->ik", attention, tokens, heads), attention
    elif kind == "m2e":
        # M2 with a learned embedding E (d x d, row-major) on every token before the attention:
        # f = nu^T (X E^T)^T softmax(X E^T p), the head nu fixed.
        tokens = tokens @ params["E"].reshape(d, d).T
        query = params["p"].expand(n, d)
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
    elif kind == "cnn":
        # Kou et al.'s two-layer ReLU CNN on the tokens as patches:
        # f = (1/m) sum_r sum_t relu(<w+_r, x_t>) - relu(<w-_r, x_t>); its "attention" is token t's
        # share of the total activation sum_{j,r} relu(<w_j_r, x_t>) (1/T where none is active).
        width = params["w_plus"].numel() // d
        act_plus = torch.relu(tokens @ params["w_plus"].reshape(width, d).T)
        act_minus = torch.relu(tokens @ params["w_minus"].reshape(width, d).T)
        out = (act_plus.sum(dim=(1, 2)) - act_minus.sum(dim=(1, 2))) / width
        total = (act_plus + act_minus).sum(dim=2)
        mass = total.sum(dim=1, keepdim=True)
        share = torch.where(mass > 0, total / torch.where(mass > 0, mass, 1.0), 1.0 / T)
        return out, share
    else:
        raise ValueError(f"unknown model {kind}")
    scores = torch.einsum("itd,id->it", tokens, query)
    if lengths is not None:
        if kind not in ("m1", "m2", "m2w"):
            raise ValueError(f"{kind} takes no variable-length data")
        padding = torch.arange(T).unsqueeze(0) >= torch.as_tensor(lengths).unsqueeze(1)
        scores = scores.masked_fill(padding, float("-inf"))
    attention = torch.softmax(scores, dim=1)
    return (attention * (tokens @ head)).sum(dim=1), attention


def first_layer_attention(X, T, params):
    """M4's first self-attention layer (THEORY.md 1.2): softmax(X_i Q1 X_i^T) row-wise for every
    sample, averaged over its T query rows (n x T): the weight sample i's tokens put on each key
    token on average (magen24.extension.depth_first_layer)."""
    n, d = X.shape[0] // T, X.shape[1]
    tokens = X.reshape(n, T, d)
    Q = params["Q1"].reshape(d, d)
    return torch.softmax(tokens @ Q @ tokens.transpose(1, 2), dim=2).mean(dim=1)


def loss_of(kind, out, y):
    """The empirical loss: mean logistic loss l(y f) = softplus(-y f), or for m2k the mean softmax
    cross-entropy of the logits with the observed class y."""
    if kind == "m2k":
        return torch.nn.functional.cross_entropy(out, y.long())
    return torch.nn.functional.softplus(-y * out).mean()


def fit_output(kind, out, y):
    """f as a verdict reads it: the output (binary), or the margin z_{i,y_i} - max_{k!=y_i} z_ik
    (m2k), positive exactly when the sample is fitted."""
    if kind != "m2k":
        return out
    own = out.gather(1, y.long().unsqueeze(1)).squeeze(1)
    others = out.scatter(1, y.long().unsqueeze(1), float("-inf"))
    return own - others.max(dim=1).values


def evaluate(kind, X, T, y, params, trained, lengths=None):
    """Loss, f, attention and the gradients of the trained blocks (autograd); lengths as in
    model_output."""
    leaves = {k: v.clone().requires_grad_(trained[k]) for k, v in params.items()}
    if lengths is not None and kind not in ("m1", "m2", "m2w"):
        raise ValueError(f"{kind} takes no variable-length data")
    out, attention = model_output(kind, X, T, leaves, lengths)
    loss = loss_of(kind, out, y)
    names = [k for k in params if trained[k]]
    grads = torch.autograd.grad(loss, [leaves[k] for k in names])
    return {"loss": loss.item(), "f": fit_output(kind, out, y).detach(),
            "attention": attention.detach(), "gradient": dict(zip(names, grads))}
