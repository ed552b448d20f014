"""What the peer checked in one run, for the report's section "Independent check" (issue 28).

Each check records, per group of quantities, its largest difference and the bound it was held to;
autograd_check.py --summary FILE writes the groups as JSON (schema 1), which `boa report
--peer-summary FILE` shows. A group's `worst_ratio` is the largest difference / bound of any of its
checks: below 1 everywhere when the peer agrees.
"""
import json

GROUPS = {
    "model": "loss, output f and gradients of every model at the initial and final parameters "
             "(relative gap)",
    "trajectory": "GD trajectory: the loss at every step and the final parameters (relative gap)",
    "attention": "attention mass by token role, clean and noisy samples (absolute gap)",
    "fit": "train accuracy, fitted clean and noisy fractions, selected token per sample and by "
           "role (exact, up to rounding ties)",
    "test_error": "clean test error on the peer's own test samples (z-test, alpha 5e-7 each)",
    "max_margin": "max-margin SVMs: feasibility, margins, complementary slackness, the optimum "
                  "(peer's solver)",
    "generators": "generators D1 and D2: exact structure and moments (z-tests, alpha 5e-7 each)",
    "gram": "Gram engine against ambient runs: two-sample KS bound per summary (alpha 5e-7 each)",
}

_records = {name: {"checks": 0, "largest": 0.0, "bound": None, "worst_ratio": 0.0}
            for name in GROUPS}


def record(group, difference, bound):
    """One check of `group`: |difference| held to `bound` (> 0; None: exact comparison)."""
    entry = _records[group]
    entry["checks"] += 1
    difference = abs(difference)
    if difference >= entry["largest"]:
        entry["largest"], entry["bound"] = difference, bound
    if bound:
        entry["worst_ratio"] = max(entry["worst_ratio"], difference / bound)


def write(path, seed, instances, failed):
    groups = [{"group": name, "quantity": GROUPS[name], **_records[name]} for name in GROUPS
              if _records[name]["checks"]]
    with open(path, "w") as handle:
        json.dump({"schema": 1, "peer_seed": seed, "checked": instances, "failed": failed,
                   "groups": groups}, handle, indent=1)
        handle.write("\n")
