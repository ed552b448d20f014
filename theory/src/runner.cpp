#include "boa/runner.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <sstream>

#include "boa/error.hpp"

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

std::string Short(double x) {
  std::ostringstream s;
  s.precision(3);
  s << x;
  return s.str();
}

}  // namespace

Outcome CheckInstance(const Claim& claim, const Params& params, std::uint64_t seed) {
  Outcome outcome;
  try {
    outcome = claim.check(params, seed);
  } catch (const InvalidInput&) {
    throw;  // bad parameters are the caller's error, not a counterexample
  } catch (const std::exception& e) {
    return {false, {}, std::string("the check threw: ") + e.what()};
  }
  for (const auto& [name, value] : outcome.measured) {
    if (!std::isfinite(value)) {
      outcome.holds = false;
      outcome.explanation = "measured " + name + " is not finite; " + outcome.explanation;
    }
  }
  return outcome;
}

std::string ToString(Status status) {
  switch (status) {
    case Status::kHolds: return "holds";
    case Status::kFails: return "fails";
    case Status::kReported: return "reported";
  }
  return "unknown";
}

Counterexample Shrink(const Claim& claim, Params params, std::uint64_t seed, int max_checks) {
  Counterexample result;
  result.seed = seed;
  int checks = 0;
  std::string explanation = CheckInstance(claim, params, seed).explanation;
  for (bool improved = true; improved && checks < max_checks;) {
    improved = false;
    for (const auto& grid : claim.regime) {
      const double current = params[grid.name];
      const int k = static_cast<int>(std::lround(current / grid.unit));
      std::vector<int> candidates = {grid.lo, grid.lo + (k - grid.lo) / 2, k - 1};
      for (const int c : candidates) {
        if (c >= k || c < grid.lo || checks >= max_checks) continue;
        Params trial = params;
        trial[grid.name] = c * grid.unit;
        ++checks;
        const Outcome o = CheckInstance(claim, trial, seed);
        if (!o.holds) {
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
  result.replay = ReplayLine(claim.id, params, seed);
  return result;
}

Verdict RunClaim(const Claim& claim, const RunOptions& options) {
  Verdict verdict;
  const int total =
      options.instances > 0 ? options.instances : InstancesAt(options.budget, claim.instances);
  const Params budget_params = claim.budget_params ? claim.budget_params(options.budget) : Params{};
  std::map<std::string, Accumulator> measured;
  std::optional<std::pair<Params, std::uint64_t>> first_failure;
  for (int i = 0; i < total; ++i) {
    const std::uint64_t seed = options.seed_base + static_cast<std::uint64_t>(i);
    Params params = DrawParams(claim.regime, seed);
    for (const auto& [name, value] : budget_params) params[name] = value;
    for (const auto& [name, value] : options.fixed) params[name] = value;
    const Outcome o = CheckInstance(claim, params, seed);
    for (const auto& [name, value] : o.measured) measured[name].Add(value);
    if (!o.holds) {
      ++verdict.failures;
      if (!first_failure) first_failure.emplace(params, seed);
    }
    if (options.progress) options.progress(i + 1, total);
  }
  verdict.instances = total;
  for (const auto& [name, acc] : measured) {
    if (total == 1) {
      verdict.measured[name] = acc.sum;
    } else {
      verdict.measured[name + "_min"] = acc.min;
      verdict.measured[name + "_mean"] = acc.sum / acc.count;
      verdict.measured[name + "_max"] = acc.max;
    }
  }
  const double rate = static_cast<double>(verdict.failures) / total;
  std::ostringstream summary;
  switch (claim.kind) {
    case ClaimKind::kProbabilistic: {
      const BinomialVerdict b = JudgeFailureRate(verdict.failures, total, claim.delta, options.alpha);
      verdict.bound = b.lower_bound;
      verdict.status = b.fails ? Status::kFails : Status::kHolds;
      summary << verdict.failures << " of " << total << " instances failed; failure-rate lower bound "
              << Short(b.lower_bound) << (b.fails ? " > " : " ≤ ") << "δ = " << claim.delta
              << " at α = " << options.alpha;
      break;
    }
    case ClaimKind::kExploratory:
      verdict.bound = rate;
      verdict.status = Status::kReported;
      summary << "measured on " << total << " instances (exploratory: reported, not asserted)";
      break;
    default:
      verdict.bound = rate;
      verdict.status = verdict.failures == 0 ? Status::kHolds : Status::kFails;
      summary << verdict.failures << " of " << total << " instances failed";
  }
  if (first_failure) {
    verdict.counterexample =
        Shrink(claim, first_failure->first, first_failure->second, options.shrink ? 400 : 0);
  }
  verdict.summary = summary.str();
  return verdict;
}

}  // namespace boa
