#include "boa/claim.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string_view>
#include <tuple>

#include <boost/math/distributions/normal.hpp>

#include "boa/cells.hpp"
#include "boa/engine.hpp"
#include "boa/error.hpp"
#include "boa/number_input.hpp"
#include "boa/rng.hpp"
#include "boa/sequential_test.hpp"
#include "boa/stats.hpp"

namespace boa {

std::string ToString(ClaimKind kind) {
  switch (kind) {
    case ClaimKind::kIdentity: return "identity";
    case ClaimKind::kProbabilistic: return "probabilistic";
    case ClaimKind::kScaling: return "scaling";
    case ClaimKind::kExploratory: return "exploratory";
  }
  return "unknown";
}

std::string ToString(Rejection rejection) {
  switch (rejection) {
    case Rejection::kNone: return "none";
    case Rejection::kBeforeOutcome: return "before";
    case Rejection::kAfterInStatement: return "after, in the statement";
    case Rejection::kAfterFilter: return "after, a filter";
  }
  return "unknown";
}

std::string ToString(RangeKind range) {
  switch (range) {
    case RangeKind::kSingleSetting: return "single setting";
    case RangeKind::kCells: return "cells";
    case RangeKind::kDistribution: return "distribution";
    case RangeKind::kRangeFinding: return "range, refuted on average";
  }
  return "unknown";
}

double ClaimErrorBudget(const Claim& claim) { return 2 * claim.alpha; }

int HealthDrawsPerInstance(const Claim& claim) {
  return claim.rejection == Rejection::kAfterFilter ? kFilterHealthDrawsPerInstance
                                                    : kHealthDrawsPerInstance;
}

double WorstCaseRate(int failures, int instances, int rejected) {
  const int draws = instances + rejected;
  return draws > 0 ? static_cast<double>(failures + rejected) / draws : 0;
}

void RequireRejectionDeclared(const Claim& claim) {
  if (!claim.rejection) {
    throw std::logic_error("claim " + claim.id +
                           " does not declare its rejection kind (Claim::rejection)");
  }
  if (*claim.rejection != Rejection::kNone && claim.rejection_note.empty()) {
    throw std::logic_error("claim " + claim.id + " rejects draws (" + ToString(*claim.rejection) +
                           ") but does not say what decides it (Claim::rejection_note)");
  }
}

std::string ToString(Provenance provenance) {
  switch (provenance) {
    case Provenance::kPaper: return "paper";
    case Provenance::kOperationalised: return "operationalised";
    case Provenance::kDerived: return "derived";
    case Provenance::kExploratory: return "exploratory";
  }
  return "unknown";
}

std::string ToString(Origin origin) {
  switch (origin) {
    case Origin::kPaper: return "paper";
    case Origin::kAuthorsCode: return "authors' code";
    case Origin::kDerivation: return "derivation";
    case Origin::kConvention: return "boa's convention";
  }
  return "unknown";
}

std::string WhenFixed(const Element& element) {
  if (element.origin != Origin::kConvention) return "";
  if (element.set_after.empty()) return "fixed before measuring";
  // The history cannot tell for some (Element::set_after starts "not certain: …").
  constexpr std::string_view kUncertain = "not certain: ";
  if (element.set_after.starts_with(kUncertain)) {
    return "perhaps set after measuring: " + element.set_after.substr(kUncertain.size());
  }
  return "set after measuring: " + element.set_after;
}

std::string ToString(Expectation expectation) {
  return expectation == Expectation::kHolds ? "holds" : "fails";
}

void UsePreRegisteredRates(Claim& claim, RateRow row) {
  struct Rates {
    double delta, delta_alt;
    const char* source;
  };
  static constexpr Rates kRows[] = {
      {0.1, 0.3,
       "THEORY.md §4, row \"theorem conclusion\" (w.h.p. for random draws inside the "
       "hypothesis): δ = 0.1, δ₁ = 0.3"},
      {0.5, 0.8,
       "THEORY.md §4, row \"one seed, typical\" (a figure shown for one seed, claimed "
       "as typical): δ = 0.5, δ₁ = 0.8"},
  };
  const Rates& rates = kRows[static_cast<int>(row)];
  claim.delta = rates.delta;
  claim.delta_alt = rates.delta_alt;
  claim.delta_source = rates.source;
}

Params ParamsAt(const Regime& regime, const std::vector<int>& k) {
  Params params;
  for (std::size_t j = 0; j < regime.size(); ++j) params[regime[j].name] = k[j] * regime[j].unit;
  return params;
}

Params DrawParams(const Regime& regime, std::uint64_t seed) {
  Rng rng(seed, kRegime);
  std::vector<int> k;
  for (const auto& p : regime) k.push_back(rng.UniformInt(p.lo, p.hi));
  return ParamsAt(regime, k);
}

std::string FormatParams(const Params& params) {
  std::string out;
  for (const auto& [name, value] : params) {
    if (!out.empty()) out += ',';
    out += name + '=' + FormatNumber(value);
  }
  return out;
}

Params ParseParams(const std::string& text) {
  Params params;
  for (const std::string_view item : ListItems(text)) {
    const auto eq = item.find('=');
    Require(eq != std::string_view::npos && eq > 0, "malformed parameter '" + std::string(item) +
                                                        "' in '" + text + "': expected name=value");
    const std::string name(item.substr(0, eq));
    const double x = ParseReal(item.substr(eq + 1), "parameter " + name);
    Require(params.emplace(name, x).second, "parameter " + name + " is given twice");
  }
  return params;
}

double RealParam(const Params& params, const std::string& name) {
  const auto it = params.find(name);
  Require(it != params.end(), "missing parameter '" + name + "'");
  return it->second;
}

int IntParam(const Params& params, const std::string& name) {
  const double x = RealParam(params, name);
  Require(x == std::floor(x) && std::fabs(x) < 1e9,
          "parameter " + name + " must be an integer of magnitude below 1e9 (got " +
              FormatNumber(x) + ")");
  return static_cast<int>(x);
}

double FindingRateLowerBound(const Claim& claim) {
  Require(claim.rate_record.has_value(),
          "finding " + claim.id + " has no rate record: run `./boa measure rates --claims " +
              claim.id + "`");
  return ClopperPearsonLower(claim.rate_record->failures, claim.rate_record->instances, 0.05);
}

int SequentialCap(const Claim& claim) {
  Require(claim.kind == ClaimKind::kProbabilistic, "only a probabilistic claim has a cap rule");
  Require(claim.cells.empty(), "claim " + claim.id + " is judged per cell: each cell has its cap");
  const SequentialPlan plan = PlanOf(claim, 1);
  const bool finding = claim.expected == Expectation::kFails;
  const double rate = finding ? FindingRateLowerBound(claim) : claim.delta;
  // Computed once per plan (tens of milliseconds for the smallest δ): every run, report row and
  // budget term asks for it.
  static std::mutex mutex;
  static std::map<std::tuple<double, double, double, bool, double>, int> caps;
  const auto key = std::tuple{plan.delta, plan.delta_alt, plan.alpha, finding, rate};
  const std::lock_guard<std::mutex> lock(mutex);
  const auto it = caps.find(key);
  if (it != caps.end()) return it->second;
  const int cap = CapFor(plan, finding ? ExpectedDecision::kFails : ExpectedDecision::kHolds, rate,
                         ClaimErrorBudget(claim));
  caps.emplace(key, cap);
  return cap;
}

std::optional<FindingClass> ScalingFindingClass(const Claim& claim) {
  if (claim.kind != ClaimKind::kScaling || claim.expected != Expectation::kFails) {
    return std::nullopt;
  }
  if (!claim.limit_scan.empty()) {
    const auto record = claim.scan_record.find(claim.limit_scan);
    Require(record != claim.scan_record.end(),
            claim.id + ": its limit scan by " + claim.limit_scan +
                " is not measured: run `./boa measure scans --claims " + claim.id + "`");
    return AssessDeviationPath(record->second, claim.predicted_exponent).finding_class;
  }
  if (!claim.exponent_below || claim.predicted_exponent != 0 || !claim.sigma_record) {
    return std::nullopt;
  }
  const SigmaRecord& r = *claim.sigma_record;
  const double half = boost::math::quantile(boost::math::normal(), 0.975) * r.sd /
                      std::sqrt(static_cast<double>(r.replicates));
  return ClassifyDecayInterval(r.mean - half, r.mean + half);
}

SequentialPlan PlanOf(const Claim& claim, int cap) {
  Require(claim.cells.empty(), "claim " + claim.id + " is judged per cell: each cell has its plan");
  SequentialPlan plan;
  plan.delta = claim.delta;
  plan.delta_alt = claim.delta_alt;
  plan.alpha = claim.alpha;
  // A finding must not "hold" by chance either: its acceptance boundary is as far as its
  // rejection boundary, so CI's "fails" is as robust as a true claim's "holds".
  plan.beta = claim.expected == Expectation::kFails ? claim.alpha : kSprtBeta;
  if (claim.expected == Expectation::kFails && claim.kind == ClaimKind::kProbabilistic) {
    const double r = FindingRateLowerBound(claim);
    Require(r > claim.delta, "finding " + claim.id + ": its recorded rate's lower bound " +
                                 FormatNumber(r) + " is not above δ = " +
                                 FormatNumber(claim.delta) + "; the record does not support it");
    plan.delta_alt = std::min(claim.delta_alt, r);
  }
  plan.cap = cap;
  return plan;
}

int ClaimInstancesAt(const Claim& claim, Budget budget) {
  // A sequential run stops when the evidence decides; the cap rule keeps its error budget at
  // every budget, and the full budget draws ten times further.
  if (!claim.cells.empty()) {  // every cell at its own cap
    int total = 0;
    for (const Claim& cell : JudgedUnits(claim)) total += ClaimInstancesAt(cell, budget);
    return total;
  }
  if (claim.kind == ClaimKind::kProbabilistic) {
    const int cap = SequentialCap(claim);
    return budget == Budget::kFull ? 10 * cap : cap;
  }
  // Replicate sweeps of a scaling claim: enough at every budget for its power.
  if (claim.kind == ClaimKind::kScaling) {
    return budget == Budget::kFull ? 2 * claim.instances : claim.instances;
  }
  return InstancesAt(budget, claim.instances);
}

int CiInstances(const Claim& claim) { return ClaimInstancesAt(claim, kCiBudget); }

Engine EngineFor(const Claim& claim, EngineChoice choice) {
  Require(choice != EngineChoice::kGram || claim.gram_form,
          "claim " + claim.id +
              " has no Gram form (it needs ambient vectors, or runs no training "
              "experiment): use --engine direct or auto");
  return ResolveEngine(choice, claim.gram_form);
}

std::string EngineFlag(const Claim& claim, Engine engine) {
  return claim.gram_form ? " --engine " + ToString(engine) : "";
}

std::string ReplayLine(const Claim& claim, const Params& params, std::uint64_t seed,
                       Engine engine) {
  std::string line = "./boa check " + claim.id;
  if (!params.empty()) line += " --params " + FormatParams(params);
  line += " --seed " + std::to_string(seed) + " --instances 1";
  return line + EngineFlag(claim, engine);
}

}  // namespace boa
