"""The clean test error, by direct evaluation on test samples the peer draws itself.

Written from docs/THEORY.md (2.1 D1, 2.2 D2: the generators' formulas; 2.3: the clean test error
P[ytrue f(X) <= 0] on fresh clean data; K outputs: P[z_ytrue <= max_{k != ytrue} z_k]), never by
translating boa's C++. The peer draws full d-dimensional tokens with torch's own generator (not
boa's streams), stratified over the classes (half of class +1 and half of class -1; K classes
in turn; boa's estimates are stratified the same way or drawn with uniform labels, and for
uniform labels the stratified rate has the same mean and a smaller variance), and runs the
model formula of peer_model.py on them.

boa's estimate is its projected one for M1 and M2 with one output, and for the other models (K
outputs, M3, M4, M5) the sampled one their verdicts use (a clean draw of boa's test stream).
The comparison is a two-proportion z-test: boa's estimate (N_b samples) and the peer's
rate (N_p samples) are unbiased estimates of one probability from independent samples, so
|p_b - p_p| <= z * sqrt(pbar (1 - pbar) (1/N_b + 1/N_p)), pbar the pooled rate, z = z_{1 - alpha/2}
= 5.03 at alpha = 5e-7 per check (peer_alpha.py; binomial variance: an upper bound under
stratification). Against boa's exact value e (D1, T = 2) the test is one-sample:
|p_p - e| <= z * sqrt(e (1 - e) / N_p). Seeds are fixed; with fresh seeds each check falsely fails
with probability <= 5e-7 (it enters the suite's error budget, error_budget.cpp).
"""
import math

import torch

import peer_summary
from peer_model import fit_output, model_output

from peer_alpha import ALPHA, Z  # Z = z_{1 - ALPHA/2}
PEER_SAMPLES = 20000


def draw_test(data, n_test, generator):
    """n_test clean samples of the instance's generator, stratified over the classes (binary: half
    ytrue = +1, half -1; K classes: sample i of class i mod K): X is (n_test*T) x d, and ytrue
    (+-1, or the class index for K >= 3)."""
    spec, T, d = data["spec"], data["T"], data["d"]
    sigma = spec["sigma"]
    classes = spec.get("classes", 2)
    if classes > 2:
        return draw_k_class_test(spec, T, d, n_test, generator)
    ytrue = torch.where(torch.arange(n_test) % 2 == 0, 1.0, -1.0)
    cls = (ytrue < 0).long()  # class +1 signals on e1 (index 0), class -1 on e2 (index 1)
    noise = sigma * torch.randn(n_test, T, d, generator=generator)
    if data["kind"] == "signal-noise":
        mu = spec["snr"] * sigma * math.sqrt(d)
        antipodal = spec.get("antipodal", False)  # Kou et al.: signal ytrue*mu on e1
        noise[:, :, :1 if antipodal else 2] = 0  # noise tokens are orthogonal to the signals
        position = torch.zeros(n_test, dtype=torch.long)
        if spec["position"] == "random":
            position = torch.randint(T, (n_test,), generator=generator)
        rows = torch.arange(n_test)
        # 2.1: the first noise token in slot order keeps sigma, the others sigma / dominant_ratio
        dominant = torch.where(position == 0, 1, 0)
        scale = torch.full((n_test, T), 1.0 / spec.get("dominant_ratio", 1.0))
        scale[rows, dominant] = 1.0
        noise = noise * scale.unsqueeze(2)
        noise[rows, position, :] = 0  # the signal token is mu_ytrue exactly
        if antipodal:
            noise[rows, position, 0] = ytrue * mu
        else:
            noise[rows, position, cls] = mu
        return noise.reshape(n_test * T, d), ytrue
    mu, rho = spec["mu_norm"], spec["rho"]
    t = 0
    for _ in range(spec["relevant"]):
        noise[torch.arange(n_test), t, cls] += mu
        t += 1
    for _ in range(spec["weak_same"]):
        noise[torch.arange(n_test), t, cls] += rho * mu
        t += 1
    for _ in range(spec["weak_opposite"]):
        noise[torch.arange(n_test), t, 1 - cls] += rho * mu
        t += 1
    return noise.reshape(n_test * T, d), ytrue


def draw_k_class_test(spec, T, d, n_test, generator):
    """THEORY.md 2.2, K classes: class c's signal mu_c = ||mu|| e_{c+1} (index c); relevant and
    weak-same tokens carry mu_c and rho mu_c, then one group of weak_opposite tokens per other
    class c' (ascending) carries rho mu_c'; the rest are irrelevant; every token adds
    N(0, sigma^2 I)."""
    K, mu, rho = spec["classes"], spec["mu_norm"], spec["rho"]
    cls = torch.arange(n_test) % K
    X = spec["sigma"] * torch.randn(n_test, T, d, generator=generator)
    rows = torch.arange(n_test)
    t = 0
    for _ in range(spec["relevant"]):
        X[rows, t, cls] += mu
        t += 1
    for _ in range(spec["weak_same"]):
        X[rows, t, cls] += rho * mu
        t += 1
    for shift in range(1, K):
        # the other classes in ascending order: for class c, the j-th other class is
        # j if j < c else j + 1 (j = shift - 1)
        j = shift - 1
        other = torch.where(torch.full_like(cls, j) < cls, torch.full_like(cls, j),
                            torch.full_like(cls, j + 1))
        for _ in range(spec["weak_opposite"]):
            X[rows, t, other] += rho * mu
            t += 1
    return X.reshape(n_test * T, d), cls.double()


def sampled_error(kind, X, T, ytrue, params):
    """The peer's clean test error: margin ytrue f (K outputs: z_ytrue - max_{k != ytrue} z_k)
    <= 0, the models' formulas from peer_model.py."""
    with torch.no_grad():
        out, _ = model_output(kind, X, T, params)
    margin = fit_output(kind, out, ytrue) if kind == "m2k" else ytrue * out
    return (margin <= 0).double().mean().item()


def two_proportion(label, name, boa, peer, report, failures):
    """boa's {errors, trials, rate} against the peer's rate on PEER_SAMPLES: the z-test above."""
    pooled = (boa["errors"] + peer * PEER_SAMPLES) / (boa["trials"] + PEER_SAMPLES)
    tol = Z * math.sqrt(pooled * (1 - pooled) * (1 / boa["trials"] + 1 / PEER_SAMPLES))
    report.append(f"{label} test error: boa {name} {boa['rate']:.4f} (N={boa['trials']}), "
                  f"peer {peer:.4f} (N={PEER_SAMPLES}), tolerance {tol:.4f}")
    peer_summary.record("test_error", boa["rate"] - peer, tol)
    if abs(boa["rate"] - peer) > tol:
        failures.append(f"{label} {name} test error {boa['rate']} vs peer's {peer}: "
                        f"|difference| > {tol:.4g} (alpha {ALPHA:g})")


def check_test_error(label, instance, params, seed, report, failures):
    """Returns the number of statistical checks made (each at ALPHA)."""
    test = instance.get("test")
    if not test:
        return 0
    data = instance["data"]
    generator = torch.Generator().manual_seed(seed)
    X, ytrue = draw_test(data, PEER_SAMPLES, generator)
    peer = sampled_error(instance["model"]["kind"], X, data["T"], ytrue, params)
    name = "projected" if "projected" in test else "sampled"
    two_proportion(label, name, test[name], peer, report, failures)
    checks = 1
    if "exact" in test:
        e = test["exact"]
        tol = Z * math.sqrt(e * (1 - e) / PEER_SAMPLES)
        report.append(f"{label} test error: boa exact {e:.4f}, peer {peer:.4f}, tolerance {tol:.4f}")
        peer_summary.record("test_error", peer - e, tol)
        if abs(peer - e) > tol:
            failures.append(f"{label} exact test error {e} vs peer's {peer}: |difference| > "
                            f"{tol:.4g} (alpha {ALPHA:g})")
        checks += 1
    return checks
