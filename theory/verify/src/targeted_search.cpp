#include "boa/targeted_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "boa/error.hpp"
#include "boa/rng.hpp"

namespace boa {
namespace {

struct Candidate {
  Params params;
  std::uint64_t seed = 0;
  double score = -std::numeric_limits<double>::infinity();
  Outcome outcome;
};

double Score(const Claim& claim, const Outcome& o) {
  if (!o.holds) return std::numeric_limits<double>::infinity();
  const auto it = o.measured.find(claim.violation_score);
  return it == o.measured.end() ? 0.0 : it->second;
}

}  // namespace

SearchResult SearchWorstInstance(const Claim& claim, const SearchOptions& options) {
  Require(options.evaluations >= 1, "a search needs at least one evaluation");
  Rng rng(options.seed, kRegime);
  const Params budget_params = claim.budget_params ? claim.budget_params(options.budget) : Params{};
  auto evaluate = [&](Params params, std::uint64_t seed) {
    for (const auto& [name, value] : budget_params) params[name] = value;
    for (const auto& [name, value] : options.fixed) params[name] = value;
    Candidate c{params, seed, 0, CheckInstance(claim, params, seed, options.engine)};
    c.score = Score(claim, c.outcome);
    return c;
  };
  Candidate best;
  int used = 0;
  const double failing = std::numeric_limits<double>::infinity();
  while (used < options.evaluations && best.score != failing) {
    Candidate next;
    const bool explore = used < options.evaluations / 2 || best.params.empty();
    if (explore) {
      const std::uint64_t seed = rng.Bits() >> 33;
      next = evaluate(DrawParams(claim.regime, seed), seed);
    } else {
      // Move one parameter of the best instance by ±1..3 grid steps, within its regime.
      Params moved = best.params;
      const GridParam& g =
          claim.regime[rng.UniformInt(0, static_cast<int>(claim.regime.size()) - 1)];
      const int k = static_cast<int>(std::lround(moved[g.name] / g.unit));
      const int step = rng.UniformInt(1, 3) * (rng.Bernoulli(0.5) ? 1 : -1);
      moved[g.name] = std::clamp(k + step, g.lo, g.hi) * g.unit;
      next = evaluate(moved, best.seed);
    }
    ++used;
    if (next.score > best.score) best = next;
    if (options.progress) options.progress(used, options.evaluations);
  }
  SearchResult result;
  result.evaluations = used;
  result.found_failure = !best.outcome.holds;
  result.score = best.score;
  result.params = best.params;
  result.seed = best.seed;
  result.explanation = best.outcome.explanation;
  if (result.found_failure) {
    const Counterexample shrunk = Shrink(claim, best.params, best.seed, options.engine);
    result.params = shrunk.params;
    result.explanation = shrunk.explanation;
    result.shrink_steps = shrunk.shrink_steps;
  }
  result.replay = ReplayLine(claim, result.params, result.seed, EngineFor(claim, options.engine));
  return result;
}

}  // namespace boa
