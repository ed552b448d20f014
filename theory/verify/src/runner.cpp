#include "boa/runner.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <sstream>

#include "boa/cells.hpp"
#include "boa/error.hpp"
#include "boa/exponent_plan.hpp"
#include "boa/format.hpp"

namespace boa {
namespace {

struct Accumulator {
  double min = std::numeric_limits<double>::infinity();
  double max = -std::numeric_limits<double>::infinity();
  double sum = 0;
  int count = 0;
  void Add(double x) {
    min = std::min(min, x);
    max = std::max(max, x);
    sum += x;
    ++count;
  }
};

std::string Short(double x) { return FormatSignificant(x, 3); }

// A probabilistic verdict: the sequential test's decision, with the exact interval on the
// failure rate and the power of the plan that ran. A run the draw limit ended early is judged as
// truncated at its own count; a --run-to-cap run did not stop, so its counts get the fixed-N
// Clopper–Pearson interval.
void JudgeSequentially(SequentialPlan plan, SequentialDecision decision, bool run_to_cap,
                       Verdict& verdict, std::ostream& summary) {
  const int n = std::max(verdict.instances, 1);
  if (decision == SequentialDecision::kContinue) plan.cap = n;
  if (run_to_cap || verdict.instances == 0) {
    verdict.rate_lower = ClopperPearsonLower(verdict.failures, n, 0.025);
    verdict.rate_upper = ClopperPearsonUpper(verdict.failures, n, 0.025);
  } else {
    const RateInterval interval = SequentialInterval(plan, verdict.failures, verdict.instances);
    verdict.rate_lower = interval.lower;
    verdict.rate_upper = interval.upper;
  }
  VerdictPlan p{plan.delta, plan.delta_alt, plan.alpha, Power(plan), plan.cap, plan.beta};
  p.realised_alpha = Operate(plan, plan.delta).fails;
  p.realised_beta = Operate(plan, plan.delta_alt).holds;
  verdict.plan = p;
  verdict.status = decision == SequentialDecision::kFails   ? Status::kFails
                   : decision == SequentialDecision::kHolds ? Status::kHolds
                                                            : Status::kInconclusive;
  const double estimate = static_cast<double>(verdict.failures) / n;
  if (verdict.status == Status::kHolds && estimate > plan.delta) verdict.qualifier = "indifference";
  // The realised operating point of the plan that ran (its cap truncates the SPRT), not the
  // nominal β its boundaries are drawn at.
  summary << "; sequential test of δ = " << Short(p.delta) << " against δ₁ = " << Short(p.delta_alt)
          << " with cap " << p.cap << ": P_δ[fails] = " << Short(p.realised_alpha)
          << " (≤ α = " << Short(p.alpha) << "), power P_δ₁[fails] = " << Short(p.power)
          << ", P_δ₁[holds] = " << Short(p.realised_beta) << ": " << VerdictLabel(verdict)
          << "; failure rate " << Short(estimate) << ", 95% interval [" << Short(verdict.rate_lower)
          << ", " << Short(verdict.rate_upper) << "]"
          << (run_to_cap ? " (fixed-N, run to cap)" : "");
  if (!verdict.qualifier.empty()) {
    summary << "; holds* — a rate ≥ δ₁ is excluded (at P_δ₁[holds] above), but the estimate lies "
               "above δ: δ is neither confirmed nor refuted"
            << (verdict.rate_lower > plan.delta ? " (above δ at 95%)" : "");
  }
}

// A scaling verdict: the exponent test over the replicate sweeps' exponents (stats.hpp), with
// the powers planned from the claim's recorded σ (exponent_plan.hpp). A sweep that could not fit
// its exponent fails the claim.
void JudgeExponents(const Claim& claim, const std::vector<double>& exponents, Verdict& verdict,
                    std::ostream& summary) {
  VerdictPlan p;
  p.alpha = claim.alpha;
  p.power = p.power_holds = p.power_fails = std::nan("");  // no recorded σ: no planned power
  if (claim.exponent_sd > 0 && exponents.size() >= 2) {
    const ExponentPlanning planned = PlanScalingClaim(claim, static_cast<int>(exponents.size()));
    p.power = p.power_fails = planned.power_fails;
    p.power_holds = planned.power_holds;
  }
  verdict.plan = p;
  verdict.status = Status::kFails;
  if (verdict.failures > 0) {
    summary << " (a sweep could not fit its exponent)";
    return;
  }
  if (exponents.size() < 2) {
    summary << "; fewer than two exponents: no interval";
    return;
  }
  const ExponentRule rule = ExponentRuleOf(claim);
  const ExponentTest t = TestExponent(exponents, rule);
  verdict.status = t.decision == ExponentDecision::kHolds   ? Status::kHolds
                   : t.decision == ExponentDecision::kFails ? Status::kFails
                                                            : Status::kInconclusive;
  verdict.measured["exponent_mean"] = t.mean;
  verdict.measured["exponent_standard_error"] = t.standard_error;
  verdict.measured["exponent_lower"] = t.lower;
  verdict.measured["exponent_equivalence_upper"] = t.equivalence_upper;
  if (!rule.below) {
    verdict.measured["exponent_upper"] = t.upper;
    verdict.measured["exponent_equivalence_lower"] = t.equivalence_lower;
  }
  const double edge = rule.predicted - rule.tolerance;
  // The estimate first, then whether its 90% ((1 − 2β)) interval contains the predicted
  // exponent, then the decision's own intervals (issue 51 item 4).
  const bool contains =
      t.equivalence_lower <= rule.predicted && rule.predicted <= t.equivalence_upper;
  summary << "; exponent " << Short(t.mean) << " ± " << Short(t.standard_error) << " (SE) over "
          << t.replicates << " sweeps, 90% interval [" << Short(t.equivalence_lower) << ", "
          << Short(t.equivalence_upper) << "] " << (contains ? "contains" : "excludes")
          << " the predicted " << Short(rule.predicted) << "; decision: ";
  if (rule.below) {
    summary << "(1 − β) upper bound " << Short(t.equivalence_upper)
            << (t.equivalence_upper < edge ? " below " : " not below ") << Short(edge)
            << ", (1 − α) lower bound " << Short(t.lower)
            << (t.lower >= edge ? " at or above it" : " below it");
  } else {
    summary << "(1 − α) interval [" << Short(t.lower) << ", " << Short(t.upper) << "] "
            << (t.decision == ExponentDecision::kFails ? "misses" : "meets") << " "
            << Short(rule.predicted) << " ± " << Short(rule.tolerance) << ", (1 − 2β) interval ["
            << Short(t.equivalence_lower) << ", " << Short(t.equivalence_upper) << "] "
            << (t.equivalence_lower > rule.predicted - rule.deviation &&
                        t.equivalence_upper < rule.predicted + rule.deviation
                    ? "inside "
                    : "not inside ")
            << Short(rule.predicted) << " ± " << Short(rule.deviation);
  }
  // The plan's powers assume σ ≤ its bound; the run checks that on its own replicates.
  const double realised_sd = t.standard_error * std::sqrt(static_cast<double>(t.replicates));
  verdict.measured["exponent_sd"] = realised_sd;
  summary << ": " << ToString(verdict.status) << " (α = " << Short(rule.alpha)
          << ", β = " << Short(rule.beta) << ")";
  if (claim.exponent_sd > 0) {
    const double bound = ExponentSdUpperBound(claim);
    verdict.plan->sd_p_value = SdAboveBoundPValue(realised_sd, t.replicates, bound);
    summary << "; the replicates' sd " << Short(realised_sd) << " against the plan's σ bound "
            << Short(bound) << ": χ² p = " << Short(verdict.plan->sd_p_value);
    if (verdict.plan->sd_p_value < kSigmaFlagLevel) {
      summary << " < " << Short(kSigmaFlagLevel)
              << ", so σ exceeds its bound and the planned powers below do not apply to this run"
              << (verdict.plan->sd_p_value < kSigmaGateLevel ? " (CI fails: re-measure σ)" : "");
    }
  }
  summary << "; planned at σ ≤ " << Short(ExponentSdUpperBound(claim))
          << " (95% bound of the recorded " << Short(claim.exponent_sd) << ")"
          << ": power " << Short(p.power_holds) << " to hold at "
          << Short(rule.below ? edge - rule.deviation : rule.predicted) << ", "
          << Short(p.power_fails) << " to fail at "
          << (rule.below ? Short(edge + rule.deviation)
                         : Short(rule.predicted) + " ± " + Short(rule.tolerance + rule.deviation));
}

// A claim judged per cell (cells.hpp): each cell runs as a claim of its own on the same seeds
// S + i (options.instances, when given, per cell); the claim fails if any cell fails, holds only
// if every cell holds, else is inconclusive, and is unhealthy if any cell is.
Verdict RunCells(const Claim& claim, const RunOptions& options) {
  Verdict verdict;
  verdict.engine = EngineFor(claim, options.engine);
  const std::vector<Claim> units = JudgedUnits(claim);
  int total = 0, done_before = 0;
  for (const Claim& unit : units) {
    total += options.instances > 0 ? options.instances : ClaimInstancesAt(unit, options.budget);
  }
  bool any_fails = false, all_hold = true;
  bool counterexample_fails = false;  // the counterexample kept comes from a failing cell
  VerdictPlan plan;
  plan.alpha = claim.alpha;
  plan.power = 1;
  std::ostringstream summary;
  for (const Claim& unit : units) {
    RunOptions o = options;
    if (options.progress) {
      o.progress = [&](int done, int) { options.progress(done_before + done, total); };
    }
    Verdict v = RunClaim(unit, o);
    v.cell = unit.id.substr(claim.id.size() + 1);
    done_before += v.instances;
    verdict.instances += v.instances;
    verdict.failures += v.failures;
    verdict.rejected += v.rejected;
    verdict.healthy = verdict.healthy && v.healthy;
    any_fails = any_fails || v.status == Status::kFails;
    all_hold = all_hold && v.status == Status::kHolds;
    if (v.worst_case_rate) {
      verdict.worst_case_rate = std::max(verdict.worst_case_rate.value_or(0), *v.worst_case_rate);
    }
    if (v.plan) {
      plan.delta = v.plan->delta;
      plan.delta_alt = std::max(plan.delta_alt, v.plan->delta_alt);
      plan.beta = std::max(plan.beta, v.plan->beta);
      plan.power = std::min(plan.power, v.plan->power);  // a breakage δ₁ in any one cell
      plan.cap += v.plan->cap;
    }
    // A failing cell's counterexample before an allowed failing instance of a cell that holds.
    if (v.counterexample &&
        (!verdict.counterexample || (v.status == Status::kFails && !counterexample_fails))) {
      verdict.counterexample = v.counterexample;
      counterexample_fails = v.status == Status::kFails;
    }
    summary << (verdict.cells.empty() ? "" : "; ") << "cell " << v.cell << " ("
            << CellBox(unit.regime) << "): " << VerdictLabel(v) << " — " << v.summary;
    verdict.cells.push_back(std::move(v));
  }
  verdict.status = any_fails ? Status::kFails : all_hold ? Status::kHolds : Status::kInconclusive;
  if (!verdict.healthy) verdict.status = Status::kFails;
  if (verdict.status == Status::kHolds) {
    for (const Verdict& v : verdict.cells) {
      if (!v.qualifier.empty()) verdict.qualifier = v.qualifier;
    }
  }
  // The rate interval and measured values of the cell with the highest estimated rate.
  const Verdict* w = &verdict.cells.front();
  for (const Verdict& v : verdict.cells) {
    if (static_cast<double>(v.failures) / std::max(v.instances, 1) >
        static_cast<double>(w->failures) / std::max(w->instances, 1)) {
      w = &v;
    }
  }
  verdict.rate_lower = w->rate_lower;
  verdict.rate_upper = w->rate_upper;
  verdict.measured = w->measured;
  verdict.plan = plan;
  std::ostringstream head;
  head << verdict.failures << " of " << verdict.instances << " instances failed over "
       << units.size() << " cells, each judged at α/" << units.size() << " = "
       << Short(claim.alpha / static_cast<double>(units.size())) << ": " << ToString(verdict.status)
       << (!verdict.healthy                   ? " (a cell failed its health check)"
           : verdict.status == Status::kFails ? " (a cell fails)"
           : verdict.status == Status::kHolds ? " (every cell holds)"
                                              : " (no cell fails, not every cell holds)")
       << "; the worst cell, " << w->cell << ", has 95% interval [" << Short(w->rate_lower) << ", "
       << Short(w->rate_upper) << "]; " << summary.str();
  verdict.summary = head.str();
  return verdict;
}

}  // namespace

Outcome CheckInstance(const Claim& claim, const Params& params, std::uint64_t seed,
                      EngineChoice engine) {
  const Engine resolved = EngineFor(claim, engine);
  Outcome outcome;
  try {
    outcome = claim.check(params, seed, resolved);
  } catch (const InvalidInput&) {
    throw;  // bad parameters are the caller's error, not a counterexample
  } catch (const NumericalFailure& e) {
    return {false, {}, std::string("numerical failure: ") + e.what()};
  } catch (const std::exception& e) {
    return {false, {}, std::string("the check threw: ") + e.what()};
  }
  for (const auto& [name, value] : outcome.measured) {
    if (!std::isfinite(value)) {
      outcome.holds = false;
      outcome.explanation = "measured " + name + " is not finite; " + outcome.explanation;
    }
  }
  // Checks that list several reasons join them with "; ": no dangling separator at the end.
  std::string& text = outcome.explanation;
  while (!text.empty() && (text.back() == ' ' || text.back() == ';')) text.pop_back();
  return outcome;
}

std::string ToString(Status status) {
  switch (status) {
    case Status::kHolds: return "holds";
    case Status::kFails: return "fails";
    case Status::kInconclusive: return "inconclusive";
    case Status::kReported: return "reported";
  }
  return "unknown";
}

std::string VerdictLabel(const Verdict& verdict) {
  return ToString(verdict.status) + (verdict.qualifier.empty() ? "" : "*");
}

std::string FailingInstanceLabel(const Claim& claim, const Verdict& verdict) {
  return claim.kind == ClaimKind::kProbabilistic && verdict.status == Status::kHolds
             ? "a failing instance (allowed at rate δ)"
             : "counterexample";
}

Counterexample Shrink(const Claim& claim, Params params, std::uint64_t seed, EngineChoice engine,
                      int max_checks, const Params& fixed) {
  Counterexample result;
  result.seed = seed;
  result.engine = EngineFor(claim, engine);
  int checks = 0;
  std::string explanation = CheckInstance(claim, params, seed, engine).explanation;
  for (bool improved = true; improved && checks < max_checks;) {
    improved = false;
    for (const auto& grid : claim.regime) {
      if (fixed.count(grid.name)) continue;  // the caller's setting stays as given
      const double current = params[grid.name];
      const int k = static_cast<int>(std::lround(current / grid.unit));
      std::vector<int> candidates = {grid.lo, grid.lo + (k - grid.lo) / 2, k - 1};
      for (const int c : candidates) {
        if (c >= k || c < grid.lo || checks >= max_checks) continue;
        Params trial = params;
        trial[grid.name] = c * grid.unit;
        ++checks;
        const Outcome o = CheckInstance(claim, trial, seed, engine);
        if (o.in_hypothesis && !o.holds) {
          params = trial;
          explanation = o.explanation;
          ++result.shrink_steps;
          improved = true;
          break;
        }
      }
    }
  }
  result.params = params;
  result.explanation = explanation;
  result.replay = ReplayLine(claim, params, seed, result.engine);
  return result;
}

Status ExpectedStatus(const Claim& claim) {
  if (claim.kind == ClaimKind::kExploratory) return Status::kReported;
  return claim.expected == Expectation::kHolds ? Status::kHolds : Status::kFails;
}

bool MatchesExpectation(const Claim& claim, const Verdict& verdict) {
  return verdict.healthy && verdict.status == ExpectedStatus(claim);
}

Verdict RunClaim(const Claim& claim, const RunOptions& options) {
  if (!claim.cells.empty()) return RunCells(claim, options);
  Verdict verdict;
  verdict.engine = EngineFor(claim, options.engine);
  const bool sequential = claim.kind == ClaimKind::kProbabilistic;
  const int total =
      options.instances > 0 ? options.instances : ClaimInstancesAt(claim, options.budget);
  std::optional<SequentialPlan> plan;
  if (sequential) plan = PlanOf(claim, total);
  if (plan) ValidatePlan(*plan);
  const Params budget_params = claim.budget_params ? claim.budget_params(options.budget) : Params{};
  std::map<std::string, Accumulator> measured;
  std::optional<std::pair<Params, std::uint64_t>> first_failure;
  SequentialDecision decision = SequentialDecision::kContinue;
  std::vector<double> exponents;  // scaling claims: one per replicate sweep
  // At most the health limit's draws per instance: a run that needs more has failed its health
  // check anyway.
  const int draws_per_instance = HealthDrawsPerInstance(claim);
  const std::uint64_t max_draws =
      static_cast<std::uint64_t>(draws_per_instance) * static_cast<std::uint64_t>(total);
  for (std::uint64_t i = 0; i < max_draws && verdict.instances < total &&
                            (decision == SequentialDecision::kContinue || options.run_to_cap);
       ++i) {
    const std::uint64_t seed = options.seed_base + i;
    Params params = DrawParams(claim.regime, seed);
    for (const auto& [name, value] : budget_params) params[name] = value;
    for (const auto& [name, value] : options.fixed) params[name] = value;
    const Outcome o = CheckInstance(claim, params, seed, options.engine);
    if (!o.in_hypothesis) {
      ++verdict.rejected;
      continue;
    }
    ++verdict.instances;
    for (const auto& [name, value] : o.measured) measured[name].Add(value);
    if (o.holds && o.measured.count("exponent")) exponents.push_back(o.measured.at("exponent"));
    if (!o.holds) {
      ++verdict.failures;
      if (!first_failure) first_failure.emplace(params, seed);
    }
    if (plan && decision == SequentialDecision::kContinue) {
      decision = Decide(*plan, verdict.failures, verdict.instances);
    }
    if (options.progress) options.progress(verdict.instances, total);
  }
  const int draws = verdict.instances + verdict.rejected;
  verdict.healthy = verdict.rejected * draws_per_instance <= draws * (draws_per_instance - 1) &&
                    verdict.instances > 0;
  for (const auto& [name, acc] : measured) {
    if (verdict.instances == 1) {
      verdict.measured[name] = acc.sum;
    } else {
      verdict.measured[name + "_min"] = acc.min;
      verdict.measured[name + "_mean"] = acc.sum / acc.count;
      verdict.measured[name + "_max"] = acc.max;
    }
  }
  // k/N; a probabilistic verdict replaces it with an interval.
  verdict.rate_lower = verdict.rate_upper =
      static_cast<double>(verdict.failures) / std::max(verdict.instances, 1);
  std::ostringstream summary;
  summary << verdict.failures << " of " << verdict.instances << " instances failed";
  if (verdict.rejected > 0) {
    summary << " (" << verdict.rejected << " of " << draws << " draws outside the hypothesis)";
  }
  if (claim.rejection == Rejection::kAfterFilter) {
    // The filter is not the statement's: the rate had every rejected draw failed.
    verdict.worst_case_rate = WorstCaseRate(verdict.failures, verdict.instances, verdict.rejected);
    summary << "; worst case (k + rejected)/(N + rejected) = "
            << verdict.failures + verdict.rejected << "/" << draws << " = "
            << FormatSignificant(*verdict.worst_case_rate, 2);
  }
  switch (claim.kind) {
    case ClaimKind::kProbabilistic:
      JudgeSequentially(*plan, decision, options.run_to_cap, verdict, summary);
      break;
    case ClaimKind::kScaling: JudgeExponents(claim, exponents, verdict, summary); break;
    case ClaimKind::kExploratory:
      // Measured, never asserted — but an instance that threw or measured a non-finite number
      // did not run cleanly, and fails the run here just as in ctest (ExpectClaimVerdict).
      verdict.status = verdict.failures == 0 ? Status::kReported : Status::kFails;
      summary << " to run cleanly (exploratory: measured and reported, not asserted)";
      break;
    case ClaimKind::kIdentity:
      verdict.status = verdict.failures == 0 ? Status::kHolds : Status::kFails;
  }
  if (!verdict.healthy) {
    verdict.status = Status::kFails;
    summary << "; health check failed: more than " << draws_per_instance - 1 << " of "
            << draws_per_instance << " draws fell outside the hypothesis";
    if (claim.rejection == Rejection::kAfterFilter) summary << " (a filter's stricter limit)";
  }
  if (first_failure) {
    verdict.counterexample = Shrink(claim, first_failure->first, first_failure->second,
                                    options.engine, options.shrink ? 400 : 0, options.fixed);
  }
  verdict.summary = summary.str();
  return verdict;
}

}  // namespace boa
