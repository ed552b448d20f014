"""The generators D1 and D2 on a large draw, checked by the peer against their stated laws.

Written from docs/THEORY.md section 2 (2.1 D1, 2.2 D2), never by translating boa's C++.
Deterministic parts are checked exactly: D1's signal token is mu_ytrue (||mu|| = SNR sigma sqrt(d)
on e1 for class +1, e2 for class -1; Kou et al.'s antipodal variant: ytrue*mu on e1) and its noise
tokens are 0 on e1, e2 (antipodal: on e1 only); D2's balanced labels
(the first floor(n/2) samples are +1) and balanced-exact flips ([0, floor(m/2)) and
[floor(n/2), floor(n/2) + floor(m/2)), m = ceil(eta n)); a noisy label is -ytrue. Statistical
parts are z-tests at alpha = 5e-7 each (z = 5.03, peer_alpha.py), with tolerances from the sampling spread:
  - noise entries (D1: coordinates 3..d of noise tokens; D2: every token minus its role's signal,
    relevant +mu_ytrue, weak same +rho mu_ytrue, weak opposite +rho mu_-ytrue): mean within
    z sigma / sqrt(N), and sample variance within z sigma^2 sqrt(2 / N) of sigma^2 (N entries;
    the normal approximation of chi^2_N, N > 10^4 here);
  - D1 with T > 2: the first noise token of each sample (in slot order) has sigma and every other
    noise token sigma / kappa (spec "dominant_ratio", Jiang et al.'s dominant token; kappa = 1 is
    the standard data), so their moments are checked apart (2 more checks);
  - D1's uniform true labels: the count of ytrue = +1 within z sqrt(n/4) of n/2;
  - D1's Bernoulli(eta) flips: the flip count within z sqrt(n eta (1 - eta)) of n eta.
D1 makes 4 checks (6 with T > 2), D2 2, D2 with K >= 3 classes 4 (check_k_classes).
"""
import math

import torch

import peer_summary

from peer_alpha import Z  # z_{1 - alpha/2} at peer_alpha.ALPHA


def z_within(label, name, value, expected, tol, failures):
    peer_summary.record("generators", value - expected, tol)
    if abs(value - expected) > tol:
        failures.append(f"{label} {name}: {value:.6g}, expected {expected:.6g} +- {tol:.3g}")


def noise_moments(label, noise, sigma, failures):
    N = noise.numel()
    z_within(label, "noise mean", noise.mean().item(), 0.0, Z * sigma / math.sqrt(N), failures)
    z_within(label, "noise variance", noise.var(unbiased=True).item(), sigma ** 2,
             Z * sigma ** 2 * math.sqrt(2 / N), failures)


def check_k_classes(label, spec, X, y, ytrue, noisy, failures):
    """D2 with K >= 3 classes (THEORY.md 2.2): labels are class indices in K balanced blocks (class
    c for floor(cn/K) <= i < floor((c+1)n/K)); Bernoulli(eta) flips, a flipped label drawn
    uniformly from the K - 1 other classes; class c's signal mu_c = ||mu|| e_{c+1} (index c);
    relevant and weak-same tokens carry mu_c and rho mu_c, then one group of weak_opposite tokens
    per other class c' (ascending) carries rho mu_c'; every token adds N(0, sigma^2 I). Exact
    checks for the labels and the layout; z-tests for the flip count, the share of flips to the
    next class ((c + 1) mod K: 1 / (K - 1) of them) and the noise moments. 4 checks."""
    n, T, d = X.shape
    K, mu, rho, eta = spec["classes"], spec["mu_norm"], spec["rho"], spec["eta"]
    rows = torch.arange(n)
    starts = torch.tensor([c * n // K for c in range(K)])  # block c starts at floor(cn/K)
    blocks = (rows.unsqueeze(1) >= starts.unsqueeze(0)).sum(dim=1) - 1
    if not torch.equal(ytrue.long(), blocks):
        failures.append(f"{label}: labels are not K balanced blocks of class indices")
    if not torch.equal(noisy, y != ytrue):
        failures.append(f"{label}: the noisy flags are not the samples whose label differs")
    flips = int(noisy.sum())
    z_within(label, "flips", flips, n * eta, Z * math.sqrt(n * eta * (1 - eta)), failures)
    if flips:
        to_next = int((y[noisy].long() == (ytrue[noisy].long() + 1) % K).sum())
        share = 1 / (K - 1)
        z_within(label, "flips to the next class", to_next, flips * share,
                 Z * math.sqrt(flips * share * (1 - share)), failures)
    cls = ytrue.long()
    signal = torch.zeros(n, T, d)
    t = 0
    for _ in range(spec["relevant"]):
        signal[rows, t, cls] = mu
        t += 1
    for _ in range(spec["weak_same"]):
        signal[rows, t, cls] = rho * mu
        t += 1
    for j in range(K - 1):  # the j-th other class: j if j < c, else j + 1
        other = torch.where(cls > j, torch.full_like(cls, j), torch.full_like(cls, j + 1))
        for _ in range(spec["weak_opposite"]):
            signal[rows, t, other] = rho * mu
            t += 1
    noise_moments(label, X - signal, spec["sigma"], failures)
    return 4


def check_generator(label, instance, failures):
    """Returns the number of statistical checks made."""
    data = instance["data"]
    spec, n, T, d = data["spec"], data["n"], data["T"], data["d"]
    X = torch.tensor(data["X"]).reshape(n, T, d)
    y, ytrue = torch.tensor(data["y"]), torch.tensor(data["y_true"])
    noisy = torch.tensor(data["noisy"])
    sigma = spec["sigma"]
    if data["kind"] == "token-selection" and spec.get("classes", 2) > 2:
        return check_k_classes(label, spec, X, y, ytrue, noisy, failures)
    if not torch.equal(noisy, y != ytrue) or not torch.equal(y[noisy], -ytrue[noisy]):
        failures.append(f"{label}: a noisy label is not -ytrue, or a clean one differs")
    cls = (ytrue < 0).long()  # class +1 signals on e1 (index 0), class -1 on e2
    rows = torch.arange(n)
    if data["kind"] == "signal-noise":
        mu = spec["snr"] * sigma * math.sqrt(d)
        # Kou et al.'s antipodal variant: the signal is ytrue*mu on e1, the noise free on e2.
        plane = 1 if spec.get("antipodal", False) else 2
        is_signal = (X[:, :, :plane] != 0).any(dim=2)
        if not torch.equal(is_signal.sum(dim=1), torch.ones(n, dtype=torch.long)):
            failures.append(f"{label}: not exactly one signal token per sample")
            return 0
        signal = X[is_signal]
        expected = torch.zeros(n, d)
        if plane == 1:
            expected[rows, 0] = ytrue * mu
        else:
            expected[rows, cls] = mu
        if (signal - expected).abs().max() > 1e-12 * mu:
            failures.append(f"{label}: a signal token is not mu_ytrue")
        noise = ~is_signal
        dominant = noise & (noise.long().cumsum(dim=1) == 1)  # the first noise slot per sample
        noise_moments(label + " dominant", X[dominant][:, plane:], sigma, failures)
        checks = 4
        if T > 2:
            kappa = spec.get("dominant_ratio", 1.0)
            noise_moments(label + " others", X[noise & ~dominant][:, plane:], sigma / kappa, failures)
            checks += 2
        plus = int((ytrue > 0).sum())
        z_within(label, "true labels +1", plus, n / 2, Z * math.sqrt(n / 4), failures)
        eta = spec["eta"]
        z_within(label, "flips", int(noisy.sum()), n * eta, Z * math.sqrt(n * eta * (1 - eta)),
                 failures)
        return checks
    half, m = n // 2, math.ceil(spec["eta"] * n - 1e-12)
    if not torch.equal(ytrue, torch.where(rows < half, 1.0, -1.0)):
        failures.append(f"{label}: labels are not balanced (first floor(n/2) samples +1)")
    flipped = ((rows < m // 2) | ((rows >= half) & (rows < half + m // 2)))
    if not torch.equal(noisy, flipped):
        failures.append(f"{label}: the balanced-exact flips are not the stated samples")
    mu, rho = spec["mu_norm"], spec["rho"]
    signal = torch.zeros(n, T, d)
    t = 0
    for count, scale, own in ((spec["relevant"], 1.0, True), (spec["weak_same"], rho, True),
                              (spec["weak_opposite"], rho, False)):
        for _ in range(count):
            signal[rows, t, cls if own else 1 - cls] = scale * mu
            t += 1
    noise_moments(label, X - signal, sigma, failures)
    return 2
