"""What verdicts read of a fitted model, recomputed by the peer: train accuracy against the observed
(noisy) labels, the fitted fraction of clean and of noisy samples, the mean attention mass by token
role and the role of the selected token (clean and noisy samples), the selected token per sample.

Written from docs/THEORY.md (section 1 notation: fit is y_i f_i > 0; section 2: token roles of D1
and D2), never by translating boa's C++. Token roles come from the generator's description and the
spec, not from boa's "roles" array, which is checked against them.
"""
import torch

import peer_summary

# Samples whose f is within this of 0 (relative to max |f|), or whose two largest attention weights
# are within this of each other, may fit or select differently by rounding alone; the comparison
# lets them go either way. Exact zeros (f = 0 at zero init, uniform attention) are compared.
AMBIGUOUS = 1e-9
ATTENTION_ATOL = 1e-9  # attention masses lie in [0, 1]; both sides agree to ~1e-15 per weight


def roles_of(data):
    """Token roles from the generator's description (THEORY.md 2.1, 2.2)."""
    spec, T, X = data["spec"], data["T"], torch.tensor(data["X"])
    n = data["n"]
    if data["kind"] == "signal-noise":
        # The signal token is mu_ytrue exactly, on e1 or e2 (Kou et al.'s antipodal variant:
        # ytrue*mu on e1); noise tokens are 0 there.
        plane = 1 if data["spec"].get("antipodal", False) else 2
        signal = (X[:, :plane] != 0).any(dim=1).reshape(n, T)
        return [["signal" if signal[i, t] else "noise" for t in range(T)] for i in range(n)]
    if spec.get("T_min", 0) > 0:
        # Variable token counts (THEORY.md 2.2): sample i's counts, laid out relevant, weak same,
        # weak opposite, irrelevant up to its length, then padding up to T.
        return [(["relevant"] * c["relevant"] + ["weak_same"] * c["weak_same"] +
                 ["weak_opposite"] * c["weak_opposite"] +
                 ["irrelevant"] * (c["length"] - c["relevant"] - c["weak_same"] -
                                   c["weak_opposite"]) +
                 ["padding"] * (T - c["length"])) for c in data["token_counts"]]
    opposite = spec["weak_opposite"] * (spec.get("classes", 2) - 1)
    layout = (["relevant"] * spec["relevant"] + ["weak_same"] * spec["weak_same"] +
              ["weak_opposite"] * opposite)
    layout += ["irrelevant"] * (T - len(layout))
    return [layout for _ in range(n)]


def check_token_counts(label, data, failures):
    """Variable token counts (THEORY.md 2.2): every sample's counts lie in the declared ranges
    (length in [T_min, T], each role in [1, its maximum], irrelevant >= 0), lengths agree with
    them, and the padding rows are exactly zero. Returns the lengths, or None for constant
    counts."""
    spec, T = data["spec"], data["T"]
    if data["kind"] != "token-selection" or spec.get("T_min", 0) == 0:
        if "lengths" in data:
            failures.append(f"{label}: lengths given for constant token counts")
        return None
    counts, lengths = data["token_counts"], data["lengths"]
    if len(counts) != data["n"] or [c["length"] for c in counts] != lengths:
        failures.append(f"{label}: token counts and lengths disagree")
    for i, c in enumerate(counts):
        fixed = c["relevant"] + c["weak_same"] + c["weak_opposite"]
        if not (spec["T_min"] <= c["length"] <= T and 1 <= c["relevant"] <= spec["relevant"] and
                1 <= c["weak_same"] <= spec["weak_same"] and
                1 <= c["weak_opposite"] <= spec["weak_opposite"] and fixed <= c["length"]):
            failures.append(f"{label}: sample {i}'s token counts {c} leave the declared ranges")
    X = torch.tensor(data["X"]).reshape(data["n"], T, -1)
    for i, length in enumerate(lengths):
        if length < T and X[i, length:].abs().max().item() != 0:
            failures.append(f"{label}: sample {i}'s padding rows are not zero")
    return lengths


_MASKS = {}


def role_masks(roles):
    """{role: n x T bool mask}, built once per roles list (kept alive, so its id is not reused)."""
    cached = _MASKS.get(id(roles))
    if cached is None or cached[0] is not roles:
        names = sorted({r for row in roles for r in row})
        cached = (roles, {name: torch.tensor([[r == name for r in row] for row in roles])
                          for name in names})
        _MASKS[id(roles)] = cached
    return cached[1]


def fraction_bounds(fitted, ambiguous, include):
    """The fitted fraction among `include` (1 if none), as the interval that ambiguous samples
    allow."""
    count = int(include.sum())
    if count == 0:
        return 1.0, 1.0
    sure = int((fitted & ~ambiguous & include).sum())
    return sure / count, (sure + int((ambiguous & include).sum())) / count


def selection_fractions(selected, roles, include, names):
    count = int(include.sum())
    if count == 0:
        return {}
    out = {name: 0.0 for name in names}
    for i in torch.nonzero(include).flatten().tolist():
        out[roles[i][selected[i]]] += 1 / count
    return out


def check_fit(label, boa, f, attention, y, noisy, roles, k_class, gaps, failures):
    """Compares one evaluation's fit quantities (schema 2) with the peer's f and attention."""
    n, T = attention.shape
    before = len(failures)
    labels = torch.ones(n) if k_class else y
    margin = labels * f
    scale = max(margin.abs().max().item(), 1e-300)
    ambiguous = (margin != 0) & (margin.abs() <= AMBIGUOUS * scale)
    fitted = margin > 0
    clean = ~noisy
    everyone = torch.ones(n, dtype=torch.bool)

    def within(name, value, bounds):
        if not bounds[0] - 1e-12 <= value <= bounds[1] + 1e-12:
            failures.append(f"{label} {name}: boa {value}, peer {bounds[0]}..{bounds[1]}")

    within("train_accuracy", boa["train_accuracy"], fraction_bounds(fitted, ambiguous, everyone))
    within("fitted clean", boa["fitted"]["clean"], fraction_bounds(fitted, ambiguous, clean))
    within("fitted noisy", boa["fitted"]["noisy"], fraction_bounds(fitted, ambiguous, noisy))

    masks = role_masks(roles)
    names = sorted(masks)
    for group, include in (("clean", clean), ("noisy", noisy)):
        theirs = boa["attention_by_role"][group]
        count = int(include.sum())
        ours = {}
        if count:
            for name, mask in masks.items():
                ours[name] = ((attention * mask)[include].sum() / count).item()
        if set(ours) != set(theirs):
            failures.append(f"{label} attention_by_role {group}: roles {sorted(theirs)} vs "
                            f"{sorted(ours)}")
            continue
        for name in ours:
            gap = abs(ours[name] - theirs[name])
            key = f"attention {group} {name}"
            gaps[key] = max(gaps.get(key, 0.0), gap)
            peer_summary.record("attention", gap, ATTENTION_ATOL)
            if gap > ATTENTION_ATOL:
                failures.append(f"{label} {key}: boa {theirs[name]}, peer {ours[name]}")

    top2 = attention.topk(min(2, T), dim=1).values
    gap2 = top2[:, 0] - top2[:, -1]
    tied = (gap2 != 0) & (gap2 <= AMBIGUOUS)
    selected = attention.argmax(dim=1).tolist()  # the first maximum on exact ties
    for i in range(n):
        if not tied[i] and boa["selected"][i] != selected[i]:
            failures.append(f"{label} selected token of sample {i}: boa {boa['selected'][i]}, "
                            f"peer {selected[i]}")
            break
    for group, include in (("clean", clean), ("noisy", noisy)):
        theirs = boa["selects"][group]
        ours = selection_fractions(selected, roles, include, set(theirs) | set(names))
        slack = int((tied & include).sum()) / max(int(include.sum()), 1)
        for name in set(ours) | set(theirs):
            if abs(ours.get(name, 0.0) - theirs.get(name, 0.0)) > slack + 1e-12:
                failures.append(f"{label} selects {group} {name}: boa {theirs.get(name)}, "
                                f"peer {ours.get(name)}")
    peer_summary.record("fit", len(failures) - before, None)  # mismatches of this evaluation
