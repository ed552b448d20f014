// PlanFingerprint (claim.hpp): the text the flake audit's record stores per claim, so that a
// record measured under another plan than today's is seen to be stale (README § Verdicts).
#include <algorithm>
#include <string>

#include "boa/cells.hpp"
#include "boa/checksum.hpp"
#include "boa/claim.hpp"
#include "boa/error.hpp"
#include "boa/exponent_plan.hpp"
#include "boa/format.hpp"
#include "boa/sequential_test.hpp"

namespace boa {
namespace {

// "d 4..12×1, n 2..8×0.5": every entry's name, grid range and unit, in the regime's order.
std::string RegimeText(const Regime& regime) {
  std::string text;
  for (const GridParam& p : regime) {
    text += (text.empty() ? "" : ", ") + p.name + " " + std::to_string(p.lo) + ".." +
            std::to_string(p.hi) + "×" + FormatNumber(p.unit);
  }
  return text;
}

}  // namespace

std::string PlanFingerprint(const Claim& claim) {
  Require(claim.kind == ClaimKind::kProbabilistic || claim.kind == ClaimKind::kScaling,
          claim.id + " is neither probabilistic nor scaling: it has no statistical plan");
  std::string text = "kind=" + ToString(claim.kind) + "; expected=" + ToString(claim.expected);
  if (!claim.cells.empty()) {
    // Judged per cell (cells.hpp): every cell's plan, each with its own regime, α and cap.
    text += "; cells=";
    for (const Claim& cell : JudgedUnits(claim)) {
      text += "[" + cell.id.substr(claim.id.size() + 1) + ": " + PlanFingerprint(cell) + "]";
    }
    return text;
  }
  const auto add = [&text](const std::string& key, const std::string& value) {
    text += "; " + key + "=" + value;
  };
  if (claim.kind == ClaimKind::kProbabilistic) {
    // The plan CI runs, not the claim's fields: its alternative may differ from delta_alt.
    const SequentialPlan plan = PlanOf(claim, CiInstances(claim));
    add("delta", FormatNumber(plan.delta));
    add("delta_alt", FormatNumber(claim.delta_alt));
    add("plan_delta_alt", FormatNumber(plan.delta_alt));
    add("alpha", FormatNumber(plan.alpha));
    add("beta", FormatNumber(plan.beta));
    add("cap", std::to_string(plan.cap));
  } else {
    const ExponentRule rule = ExponentRuleOf(claim);
    add("kappa0", FormatNumber(rule.predicted));
    add("form", rule.below ? "below" : "two-sided");
    add("tau", FormatNumber(rule.tolerance));
    add("deviation", FormatNumber(rule.deviation));
    add("sd", FormatNumber(claim.exponent_sd));
    add("alpha", FormatNumber(rule.alpha));
    add("beta", FormatNumber(rule.beta));
    add("instances", std::to_string(CiInstances(claim)));
  }
  // Only where it is not the default, so that the other claims' recorded plans stay current.
  if (HealthDrawsPerInstance(claim) != kHealthDrawsPerInstance)
    add("health_draws_per_instance", std::to_string(HealthDrawsPerInstance(claim)));
  add("regime", RegimeText(claim.regime));
  if (claim.budget_params) add("budget_params", FormatParams(claim.budget_params(kCiBudget)));
  return text;
}

std::string MeasurementInputs(const Claim& claim) {
  std::string text = "kind=" + ToString(claim.kind);
  if (!claim.cells.empty()) {
    text += "; cells=";
    for (const Claim& cell : JudgedUnits(claim)) {
      text += "[" + cell.id.substr(claim.id.size() + 1) + ": " + MeasurementInputs(cell) + "]";
    }
    return text;
  }
  text += "; rejection=" + ToString(claim.rejection.value_or(Rejection::kNone));
  text += "; health_draws_per_instance=" + std::to_string(HealthDrawsPerInstance(claim));
  text += "; regime=" + RegimeText(claim.regime);
  if (claim.budget_params)
    text += "; budget_params=" + FormatParams(claim.budget_params(kCiBudget));
  return text;
}

std::string RecordStamp(const Claim& claim, RecordKind kind, const std::string& scan_param) {
  std::string text = MeasurementInputs(claim);
  const auto values = [](const std::vector<double>& xs) {
    std::string list;
    for (const double x : xs) list += (list.empty() ? "" : ",") + FormatNumber(x);
    return list;
  };
  switch (kind) {
    case RecordKind::kRates:
    case RecordKind::kSigma: break;
    case RecordKind::kPath:
      Require(claim.limit_path.has_value(), claim.id + " has no limit path");
      text += "; path=" + claim.limit_path->param + " " + values(claim.limit_path->values);
      break;
    case RecordKind::kScan: {
      const auto scan = std::find_if(claim.scans.begin(), claim.scans.end(),
                                     [&](const ConstantScan& s) { return s.param == scan_param; });
      Require(scan != claim.scans.end(), claim.id + " declares no scan of " + scan_param);
      text += "; scan=" + scan_param + " " + values(scan->values);
      break;
    }
  }
  return ShortChecksum(text);
}

}  // namespace boa
