// sakamoto24.frak_s.harmful_small_eta_search — issue 34 item 4, exploratory. The [S] discussion
// (reply on Eqs. 11 and 13): "The conditions (11) and (13) in our Theorem 4.2 suggest that even
// when the label noise satisfies assumption (A6): η < 1/C, the training dynamics of attention
// probabilities can lead to either benign or harmful overfitting." An existence statement: a
// search can find a setting, never refute it, so this claim cannot fail and says so.
//
// The search (targeted_search.hpp) runs over an inner statement it tries to break, "no setting
// with η < 1/C has harmful dynamics": per instance one p-only 𝔖 run (FrakSRun, the maps'
// protocol) on the 𝔖 data with (d, ‖μ‖, ρ, η) drawn from d = 1000 … 12000, ‖μ‖ = 10 … 120,
// ρ = 0.01 … 0.10, η = 0.05 … 0.45 (η < 1/C = ½, C = 2 as sakamoto24.frak_s.early_counts makes it
// concrete). Harmful dynamics: Eq. (13) for some class at the horizon, min(R₊, R₋) < 1 (the
// constant taken as 1); the violation score is 1/min(R₊, R₋), so the search climbs toward it.
// Reported: whether one was found, where (its replay line) or the least min(R₊, R₋) seen, with
// the clean test and train accuracy there.
#include <algorithm>
#include <string>
#include <utility>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/frak_s.hpp"
#include "boa/frak_s_map.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa/targeted_search.hpp"
#include "sakamoto24_provenance.hpp"

namespace boa::claims {
namespace {

// Evaluations per budget: the default report's few seconds, the full budget's wider look.
int SearchEvaluations(Budget budget) {
  switch (budget) {
    case Budget::kQuick: return 6;
    case Budget::kDefault: return 24;
    case Budget::kFull: break;
  }
  return 60;  // per instance; the full budget runs 10 instances (seeds)
}

// The statement the search tries to break.
Claim NoHarmfulDynamics() {
  Claim inner;  // not in the catalog: the search's target only
  inner.id = "sakamoto24.frak_s.harmful_small_eta_search.inner";
  inner.title = "No setting with η < ½ ends with min(R₊, R₋) < 1";
  inner.kind = ClaimKind::kProbabilistic;
  inner.regime = {
      {"d", 1, 12, 1000}, {"mu_norm", 1, 12, 10}, {"rho", 1, 10, 0.01}, {"eta", 1, 9, 0.05}};
  inner.gram_form = true;  // lr and steps come from the search's fixed parameters
  inner.violation_score = "inverse_min_R";
  inner.rejection = Rejection::kNone;
  inner.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    TokenSelectionSpec spec = FrakSSpec(0, RealParam(params, "eta"));
    spec.d = IntParam(params, "d");
    spec.mu_norm = RealParam(params, "mu_norm");
    spec.rho = RealParam(params, "rho");
    FrakS frak;
    const TokenSelectionRun run =
        FrakSRun(spec, RealParam(params, "lr"), IntParam(params, "steps"), seed, frak, engine);
    const double min_r = std::min(frak.RPlus(), frak.RMinus());
    Outcome o;
    o.measured["inverse_min_R"] = 1 / min_r;
    o.measured["test_accuracy"] = run.test_accuracy;
    o.measured["train_accuracy"] = run.train_accuracy;
    o.holds = min_r >= 1;
    if (!o.holds) {
      o.explanation = "min(R₊, R₋) = " + FormatNumber(min_r) + " at η = " + FormatNumber(spec.eta) +
                      ": train " + FormatNumber(run.train_accuracy) + ", clean test " +
                      FormatNumber(run.test_accuracy);
    }
    return o;
  };
  return inner;
}

}  // namespace

Claim Sakamoto24FrakSHarmfulSmallEtaSearch() {
  Claim c;
  c.id = "sakamoto24.frak_s.harmful_small_eta_search";
  c.title =
      "Targeted search for a setting with η < 1/C = ½ whose dynamics end harmful (min(R₊, R₋) < 1): reported, cannot fail";
  c.kind = ClaimKind::kExploratory;
  c.provenance = Provenance::kExploratory;
  c.source = "[S] discussion, reply on Eqs. 11 and 13 (harmful dynamics under η < 1/C)";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion, reply on Eqs. 11 and 13: “even when the label noise satisfies "
       "assumption (A6): η < 1/C, the training dynamics of attention probabilities can lead to "
       "either benign or harmful overfitting”. An existence statement: a search may find a "
       "setting, it cannot refute one, so the claim is exploratory and cannot fail"},
      {"setting", Origin::kConvention,
       "the 𝔖 data over boa's search space, with boa's n and protocol (the elements below)"},
      {"C = 2, so η < 1/C is η < ½", Origin::kDerivation,
       "THEORY.md §4.3, as sakamoto24.frak_s.early_counts: with the equations' constant taken as "
       "1, Eq. (11) at τ = 0 is (1 − η)/η > 1"},
      {"harmful dynamics: min(R₊, R₋) < 1 at the horizon (Eq. 13 for some class)",
       Origin::kConvention, "boa's reading; the clean test accuracy there is reported beside it"},
      {"search space: d = 1000 … 12000, ‖μ‖ = 10 … 120, ρ = 0.01 … 0.10, η = 0.05 … 0.45",
       Origin::kConvention, "boa's: the 𝔖 maps' ranges, the ρ grid below 0.05 and up to 0.1"},
      {"targeted search: 6 (quick), 24 (default) evaluations, 60 per seed × 10 seeds (full) climbing 1/min(R₊, R₋)",
       Origin::kConvention, "targeted_search.hpp, boa's"},
      s24::FrakSConstantOne(),
      s24::FrakSRatio(),
      s24::FrakSData(),
      s24::FrakSN(),
      s24::FrakSProtocol("600 steps (quick, default), 1500 (full)"),
  };
  c.regime = {};
  c.budget_params = [](Budget budget) {
    const FrakSMapPlan plan = FrakSMapAt(budget);
    return Params{
        {"evaluations", SearchEvaluations(budget)}, {"lr", plan.lr}, {"steps", plan.steps}};
  };
  c.gram_form = true;
  c.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    SearchOptions options;
    options.evaluations = IntParam(params, "evaluations");
    options.seed = seed;
    options.fixed = {{"lr", RealParam(params, "lr")}, {"steps", IntParam(params, "steps")}};
    options.engine = engine == Engine::kGram ? EngineChoice::kGram : EngineChoice::kDirect;
    const SearchResult found = SearchWorstInstance(NoHarmfulDynamics(), options);
    Outcome o;
    o.measured["found_harmful_dynamics"] = found.found_failure ? 1 : 0;
    o.measured["evaluations"] = found.evaluations;
    if (!found.found_failure) o.measured["least_min_R"] = 1 / found.score;
    for (const auto& [name, value] : found.params) o.measured["at_" + name] = value;
    o.explanation = found.found_failure
                        ? "found: " + found.explanation + " — " + found.replay
                        : "none in " + std::to_string(found.evaluations) +
                              " evaluations; the least min(R₊, R₋) seen was " +
                              FormatNumber(1 / found.score) + " (" + found.replay + ")";
    return o;
  };
  c.instances = 1;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24FrakSHarmfulSmallEtaSearch);

}  // namespace boa::claims
