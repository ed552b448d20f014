"""The clean test error, by direct evaluation on test samples the peer draws itself.

Written from docs/THEORY.md (2.1 D1, 2.2 D2: the generators' formulas; 2.3: the clean test error
P[ytrue f(X) <= 0] on fresh clean data), never by translating boa's C++. The peer draws full
d-dimensional tokens with torch's own generator (not boa's streams), half of class +1 and half of
class -1 (boa's estimate is stratified the same way; for uniform labels the stratified rate has
the same mean and a smaller variance), and runs the model formula of peer_model.py on them.

The comparison is a two-proportion z-test: boa's projected estimate (N_b samples) and the peer's
rate (N_p samples) are unbiased estimates of one probability from independent samples, so
|p_b - p_p| <= z * sqrt(pbar (1 - pbar) (1/N_b + 1/N_p)), pbar the pooled rate, z = z_{1 - alpha/2}
= 4.89 at the pre-registered alpha = 1e-6 per check (binomial variance: an upper bound under
stratification). Against boa's exact value e (D1, T = 2) the test is one-sample:
|p_p - e| <= z * sqrt(e (1 - e) / N_p). Seeds are fixed; with fresh seeds each check falsely fails
with probability <= 1e-6 (it enters the suite's error budget, error_budget.cpp).
"""
import math

import torch

import peer_summary
from peer_model import model_output

ALPHA = 1e-6
Z = 4.8916  # z_{1 - ALPHA/2}
PEER_SAMPLES = 20000


def draw_test(data, n_test, generator):
    """n_test clean samples (half ytrue = +1, half -1) of the instance's generator: X is
    (n_test*T) x d, and ytrue."""
    spec, T, d = data["spec"], data["T"], data["d"]
    sigma = spec["sigma"]
    ytrue = torch.where(torch.arange(n_test) % 2 == 0, 1.0, -1.0)
    cls = (ytrue < 0).long()  # class +1 signals on e1 (index 0), class -1 on e2 (index 1)
    noise = sigma * torch.randn(n_test, T, d, generator=generator)
    if data["kind"] == "signal-noise":
        mu = spec["snr"] * sigma * math.sqrt(d)
        noise[:, :, :2] = 0  # noise tokens are orthogonal to both signals
        position = torch.zeros(n_test, dtype=torch.long)
        if spec["position"] == "random":
            position = torch.randint(T, (n_test,), generator=generator)
        rows = torch.arange(n_test)
        noise[rows, position, :] = 0  # the signal token is mu_ytrue exactly
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


def check_test_error(label, instance, params, seed, report, failures):
    """Returns the number of statistical checks made (each at ALPHA)."""
    test = instance.get("test")
    if not test:
        return 0
    data = instance["data"]
    generator = torch.Generator().manual_seed(seed)
    X, ytrue = draw_test(data, PEER_SAMPLES, generator)
    with torch.no_grad():
        f, _ = model_output(instance["model"]["kind"], X, data["T"], params)
    peer = (ytrue * f <= 0).double().mean().item()
    boa = test["projected"]
    pooled = (boa["errors"] + peer * PEER_SAMPLES) / (boa["trials"] + PEER_SAMPLES)
    tol = Z * math.sqrt(pooled * (1 - pooled) * (1 / boa["trials"] + 1 / PEER_SAMPLES))
    report.append(f"{label} test error: boa projected {boa['rate']:.4f} (N={boa['trials']}), "
                  f"peer {peer:.4f} (N={PEER_SAMPLES}), tolerance {tol:.4f}")
    peer_summary.record("test_error", boa["rate"] - peer, tol)
    if abs(boa["rate"] - peer) > tol:
        failures.append(f"{label} projected test error {boa['rate']} vs peer's {peer}: "
                        f"|difference| > {tol:.4g} (alpha {ALPHA:g})")
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
