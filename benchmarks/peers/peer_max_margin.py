"""The max-margin selection (M1 on D1, T = 2), checked by the peer.

Written from docs/THEORY.md (section 3 "Max-margin solution" and magen24.maxmargin.selection),
never by translating boa's C++. For a selection alpha (one token per sample):
  v-SVM: min ||v|| s.t. y_i v^T x_{i,alpha_i} >= 1;   p-SVM: min ||p|| s.t. p^T(x_{i,alpha_i} -
  x_{i,not alpha_i}) >= 1.
For each of boa's solutions (benign, all-noise, selected) the peer recomputes from the tokens:
feasibility of v and p, the margins, the primal from boa's dual (w = sum_i alpha_i z_i, ||w||^2),
complementary slackness (alpha_i > 0 only where the margin is 1); and the optimum itself with its
own exact solver: the optimum is the minimum-norm point of {w : z_i^T w = 1, i in S} for its active
set S, so enumerating every S (2^n - 1 of them, n <= 10) and keeping the smallest-norm feasible point
finds it (a different algorithm from boa's dual coordinate ascent). Finally it rebuilds the four
per-class candidates (clean samples of each class in a subset select their signal, every other
sample its noise) and checks that boa selected the feasible one with the smallest ||v_SVM||.

Tolerances, fixed before measuring: boa stops at a KKT residual <= 1e-10 (relative to the margin
1); feasibility, margins and slackness are checked at 1e-8 (a 100-fold safety factor), norms and
the primal-from-dual at 1e-8 relative, the optimum's norm^2 at 1e-8 relative and its vector at
1e-6 relative (the primal error is of the order of the square root of the objective's).
"""
import itertools

import torch

import peer_summary

TOL = 1e-8
VECTOR_RTOL = 1e-6
MAX_ENUMERATED = 10


def optimum(Z):
    """(min ||w||^2, w) over {w : Z w >= 1}, or (inf, None) if infeasible, by enumerating the active
    sets S: w_S = Z_S^T pinv(Z_S Z_S^T) 1 when Z_S w_S = 1 holds."""
    n = Z.shape[0]
    G = Z @ Z.T
    best, best_w = float("inf"), None
    for size in range(1, n + 1):
        subsets = torch.tensor(list(itertools.combinations(range(n), size)))
        blocks = G[subsets.unsqueeze(2), subsets.unsqueeze(1)]  # (m, size, size)
        alpha = torch.linalg.pinv(blocks, hermitian=True) @ torch.ones(size, 1)
        for S, a in zip(subsets, alpha):
            w = Z[S].T @ a.squeeze(1)
            margins = Z @ w
            if (margins[S] - 1).abs().max() > TOL or margins.min() < 1 - TOL:
                continue
            norm2 = w.dot(w).item()
            if norm2 < best:
                best, best_w = norm2, w
    return best, best_w


def systems(X, y, choice):
    """The rows z_i of the v-SVM and of the p-SVM for a selection."""
    n = len(choice)
    tokens = X.reshape(n, 2, -1)
    rows = torch.arange(n)
    chosen = tokens[rows, torch.tensor(choice)]
    other = tokens[rows, 1 - torch.tensor(choice)]
    return y.unsqueeze(1) * chosen, chosen - other


def check_solution(label, boa, X, y, failures):
    Zv, Zp = systems(X, y, boa["choice"])
    if not boa["feasible"]:
        return
    for svm, Z in (("v", Zv), ("p", Zp)):
        w, alpha = torch.tensor(boa[svm]), torch.tensor(boa[f"{svm}_alpha"])
        margins = Z @ w
        if margins.min() < 1 - TOL:
            failures.append(f"{label} {svm}-SVM infeasible: min margin {margins.min().item()}")
        if (margins - torch.tensor(boa[f"{svm}_margins"])).abs().max() > TOL * max(
                1.0, margins.abs().max().item()):
            failures.append(f"{label} {svm}-SVM margins differ from the peer's")
        primal = Z.T @ alpha
        if (primal - w).norm() > TOL * max(w.norm().item(), 1e-300):
            failures.append(f"{label} {svm}-SVM primal is not sum_i alpha_i z_i")
        if abs(w.dot(w).item() - boa[f"{svm}_norm_squared"]) > TOL * w.dot(w).item():
            failures.append(f"{label} {svm}-SVM norm^2 {boa[f'{svm}_norm_squared']} vs peer's "
                            f"{w.dot(w).item()}")
        if (alpha < 0).any() or ((alpha > 0) & ((margins - 1).abs() > TOL)).any():
            failures.append(f"{label} {svm}-SVM violates complementary slackness")
        if Z.shape[0] <= MAX_ENUMERATED:
            best, best_w = optimum(Z)
            if best_w is None:
                failures.append(f"{label} {svm}-SVM: boa feasible, the peer finds no feasible w")
            elif (abs(w.dot(w).item() - best) > TOL * best or
                  (w - best_w).norm() > VECTOR_RTOL * best_w.norm()):
                failures.append(f"{label} {svm}-SVM: boa's norm^2 {w.dot(w).item()}, the peer's "
                                f"optimum {best}")


def candidates(y, ytrue, noisy, signal_slot):
    """The four per-class candidate selections, keyed by (plus class selects signal, minus)."""
    out = {}
    for plus, minus in itertools.product((True, False), repeat=2):
        choice = []
        for i in range(len(y)):
            wants = (ytrue[i] > 0 and plus) or (ytrue[i] < 0 and minus)
            choice.append(signal_slot[i] if wants and not noisy[i] else 1 - signal_slot[i])
        out[(plus, minus)] = choice
    return out


def check_max_margin(label, instance, X, y, roles, failures):
    """Returns True when the instance has a max-margin block (and checks it)."""
    mm = instance.get("max_margin")
    if not mm:
        return False
    before = len(failures)
    checked = check_max_margin_block(label, instance, X, y, roles, mm, failures)
    peer_summary.record("max_margin", len(failures) - before, None)  # mismatches of this instance
    return checked


def check_max_margin_block(label, instance, X, y, roles, mm, failures):
    for name in ("benign", "all_noise", "selected"):
        check_solution(f"{label} max-margin {name}", mm[name], X, y, failures)
    if len(y) > MAX_ENUMERATED:
        return True
    data = instance["data"]
    ytrue = data["y_true"]
    slot = [row.index("signal") for row in roles]
    best, best_choice = float("inf"), None
    for choice in candidates(data["y"], ytrue, data["noisy"], slot).values():
        Zv, Zp = systems(X, y, choice)
        v_norm2, _ = optimum(Zv)
        p_norm2, _ = optimum(Zp)
        if v_norm2 < float("inf") and p_norm2 < float("inf") and v_norm2 < best:
            best, best_choice = v_norm2, choice
    if best_choice != mm["selected"]["choice"]:
        failures.append(f"{label} max-margin selection: boa {mm['selected']['choice']}, the "
                        f"peer's smallest feasible ||v_SVM|| is {best_choice}")
    return True
