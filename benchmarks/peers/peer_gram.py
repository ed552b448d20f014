"""The Gram engine against ambient vectors: a two-sample test in distribution.

Written from docs/THEORY.md (2.1 D1, 1.2 M1, 3 schedule SA), never by translating boa's C++. boa's
Gram engine draws only the Gram matrix of the noise tokens (THEORY.md section 2, "Two engines"), so
it equals the direct engine in law, not draw for draw. The peer therefore runs the experiment of
`boa gram-draws` itself, on full d-dimensional tokens drawn with torch's generator, as many times
as boa did, and compares each per-run summary's two samples:

  experiment: M1 (f = v^T X^T softmax(X p), mean logistic loss) from p = v = 0, two GD steps of
  schedule SA (step 1: beta_v = 1e-3 n/d, beta_p = 0; step 2: beta_v = 8n/d,
  beta_p = 80n/(B d), B = 2.5e-4), on D1 with T = 2: the signal token first, mu_ytrue with
  ||mu|| = SNR sigma sqrt(d) on e1 (class +1) or e2 (class -1); the noise token N(0, sigma^2) on
  coordinates 3..d and 0 on e1, e2; ytrue uniform on {+-1}; exact flips of ceil(eta n) distinct
  samples chosen uniformly; sigma = 1;
  summaries: train accuracy against the observed labels, the mean softmax weight on the signal
  token over clean and over noisy samples, the mean margin y_i f_i and its spread (standard
  deviation over the samples).

The test: under H0 (one law) the Kolmogorov-Smirnov distance D of two samples of sizes N and M
obeys D <= D_N + D_M (each sample's distance to the common F), and Massart's DKW inequality gives
P[D_N > a] <= 2 exp(-2 N a^2) for every F, continuous or not. Splitting alpha over the two terms,
H0 is rejected when D > a_N + a_M with a_N = sqrt(ln(4 / alpha) / (2N)): a false alarm has
probability <= alpha = 5e-7 per summary (peer_alpha.py), with no asymptotic approximation. At
N = M = 1000 the threshold is D > 0.178: the check catches an engine whose law moves a summary's distribution by
a KS distance of about 0.2 or more (a wrong signal or noise scale, a wrong schedule in Gram space),
not a subtle one: dropping the Bartlett factor's off-diagonal entries (noise tokens made exactly
orthogonal) moves the summaries by 0.07-0.14 at this size and passes; GramSampling's own tests
catch that one.
"""
import math

import torch

import peer_summary

from peer_alpha import ALPHA
B_SCALE = 2.5e-4  # THEORY.md section 3, schedule SA
SUMMARIES = ("train_accuracy", "clean_signal_attention", "noisy_signal_attention", "mean_margin",
             "margin_spread")


def dkw_threshold(count):
    return math.sqrt(math.log(4 / ALPHA) / (2 * count))


def ks_distance(a, b):
    """sup_x |F_a(x) - F_b(x)| of two samples (ties handled by evaluating at every value)."""
    a, b = torch.sort(a).values, torch.sort(b).values
    points = torch.cat([a, b])
    fa = torch.searchsorted(a, points, right=True).double() / a.numel()
    fb = torch.searchsorted(b, points, right=True).double() / b.numel()
    return (fa - fb).abs().max().item()


def draw_d1(runs, n, d, snr, eta, generator):
    """runs x n x 2 x d tokens, observed labels y and the noisy mask (THEORY.md 2.1)."""
    ytrue = torch.where(torch.rand(runs, n, generator=generator) < 0.5, 1.0, -1.0)
    X = torch.zeros(runs, n, 2, d)
    mu = snr * math.sqrt(d)
    X[:, :, 0, 0] = torch.where(ytrue > 0, mu, 0.0)
    X[:, :, 0, 1] = torch.where(ytrue < 0, mu, 0.0)
    X[:, :, 1, 2:] = torch.randn(runs, n, d - 2, generator=generator)
    flips = math.ceil(eta * n)
    noisy = torch.zeros(runs, n, dtype=torch.bool)
    for r in range(runs):
        noisy[r, torch.randperm(n, generator=generator)[:flips]] = True
    y = torch.where(noisy, -ytrue, ytrue)
    return X, y, noisy


def m1_output(X, p, v):
    attention = torch.softmax(torch.einsum("rntd,rd->rnt", X, p), dim=2)
    return (attention * torch.einsum("rntd,rd->rnt", X, v)).sum(dim=2), attention


def run_sa(X, y):
    """Two SA steps from zero for every run at once (the runs' losses are independent, so the
    gradient of their sum is each run's own gradient)."""
    runs, n, _, d = X.shape
    p, v = torch.zeros(runs, d), torch.zeros(runs, d)
    beta_v2 = 8 * n / d
    steps = [(1e-3 * n / d, 0.0), (beta_v2, 80 * n / (B_SCALE * d))]
    for beta_v, beta_p in steps:
        p, v = p.requires_grad_(True), v.requires_grad_(True)
        f, _ = m1_output(X, p, v)
        loss = torch.nn.functional.softplus(-y * f).mean(dim=1).sum()
        gp, gv = torch.autograd.grad(loss, [p, v])
        p, v = (p - beta_p * gp).detach(), (v - beta_v * gv).detach()
    f, attention = m1_output(X, p, v)
    return f, attention


def summaries(X, y, noisy):
    f, attention = run_sa(X, y)
    margin = y * f
    signal = attention[:, :, 0]
    clean = (~noisy).double()

    def group_mean(mask):
        return (signal * mask).sum(dim=1) / mask.sum(dim=1)

    return {"train_accuracy": (margin > 0).double().mean(dim=1),
            "clean_signal_attention": group_mean(clean),
            "noisy_signal_attention": group_mean(noisy.double()),
            "mean_margin": margin.mean(dim=1),
            "margin_spread": margin.std(dim=1, unbiased=False)}


def check_gram_draws(label, draws, seed, report, failures):
    """Runs the peer's ambient experiment as often as boa ran the Gram one and tests each summary.
    Returns the number of statistical checks (each at ALPHA)."""
    spec, runs = draws["spec"], draws["runs"]
    generator = torch.Generator().manual_seed(seed)
    X, y, noisy = draw_d1(len(runs), spec["n"], spec["d"], spec["snr"], spec["eta"], generator)
    ours = summaries(X, y, noisy)
    threshold = 2 * dkw_threshold(len(runs))
    for name in SUMMARIES:
        theirs = torch.tensor([run[name] for run in runs], dtype=torch.float64)
        distance = ks_distance(ours[name].detach(), theirs)
        peer_summary.record("gram", distance, threshold)
        report.append(f"{label} {name}: KS distance {distance:.3f} between boa's {draws['engine']} "
                      f"engine and the peer's ambient runs (threshold {threshold:.3f})")
        if not math.isfinite(distance) or distance > threshold:
            failures.append(f"{label} {name}: KS distance {distance:.3f} > {threshold:.3f} "
                            f"(alpha {ALPHA:g}): the {draws['engine']} engine's law differs")
    return len(SUMMARIES)
