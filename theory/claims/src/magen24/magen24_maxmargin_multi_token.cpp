// T > 2 max-margin token selection (multi_token_selection.hpp; THEORY.md
// magen24.maxmargin.multi_token_pure_limit; issue 32 item 4). The [M] discussion: "the optimal
// tokens for noisy samples can be a combination of noise tokens ... Once the optimal tokens are
// determined, benign or harmful overfitting follows similarly". Four candidates per draw (clean
// samples keep their signal or their noise; noise kept as the largest single token or as all
// of them), compared by their joint-budget ray bounds (joint_budget.hpp) at B = 2^k·B₀:
//   magen24.maxmargin.multi_token_pure_limit   at k = 6 the best bound is a single-token
//                                              selection: combinations cost v-margin, so they
//                                              can only win at a finite budget (derived);
//   magen24.maxmargin.multi_token_combination  at every k: whether noisy samples combine, and
//                                              whether the best is benign (reported);
//   magen24.maxmargin.multi_token_every_set    T = 5 and every set selection (31ⁿ): the limit's
//                                              best keeps one token per sample (derived; the
//                                              certified search of every_set_selection.hpp).
#include <array>
#include <cmath>
#include <string>

#include "boa/catalog.hpp"
#include "boa/cells.hpp"
#include "boa/error.hpp"
#include "boa/every_set_selection.hpp"
#include "boa/joint_budget.hpp"
#include "boa/multi_token_selection.hpp"
#include "magen24_spec.hpp"
#include "provenance_elements.hpp"

namespace boa::claims {
namespace {

constexpr int kMultiTokenDoublings = 6;  // B_k = 2^k·B₀, k = 0 … 6, as joint_budget

struct Candidate {
  bool clean_signal, combine_noise;
  SetSelectionSvms svms;
};

struct MultiTokenDraw {
  std::vector<Candidate> candidates;  // the feasible ones of the four
  SampleLabels labels;
  RowMatrix token_gram;
  double b0 = 0;  // ‖(v_SVM, p_SVM)‖ of the single-token candidate with the larger margin
  const Candidate* limit = nullptr;  // that candidate
};

MultiTokenDraw DrawMultiToken(const Params& params, std::uint64_t seed, Engine engine) {
  SignalNoiseSpec spec = MaxMarginInstanceFromParams(params).spec;
  spec.T = IntParam(params, "T");
  const GramInstance gram = MaxMarginGram(spec, seed, engine);
  MultiTokenDraw d{{}, LabelsOf(gram), TokenGram(gram)};
  for (bool clean_signal : {true, false}) {
    for (bool combine : {false, true}) {
      Candidate c{clean_signal, combine,
                  SolveSetSelectionSvms(d.labels, d.token_gram,
                                        NoiseSets(d.labels, d.token_gram, clean_signal, combine))};
      if (c.svms.feasible()) d.candidates.push_back(std::move(c));
    }
  }
  for (const Candidate& c : d.candidates) {
    if (!c.combine_noise &&
        (!d.limit || c.svms.v_svm.norm_squared < d.limit->svms.v_svm.norm_squared))
      d.limit = &c;
  }
  Require(d.limit != nullptr, "no single-token candidate is separable");
  d.b0 = std::sqrt(d.limit->svms.v_svm.norm_squared + d.limit->svms.p_svm.norm_squared);
  return d;
}

// The candidate with the largest ray bound at budget 2^k·B₀ (nullptr if none is positive).
const Candidate* BestAt(const MultiTokenDraw& d, int k) {
  std::vector<Ray> rays;
  for (const Candidate& c : d.candidates)
    rays.push_back({c.svms.p_coef, std::sqrt(c.svms.p_svm.norm_squared)});
  const BestBound best = BestRayBound(d.labels, d.token_gram, rays, std::ldexp(d.b0, k));
  return best.index < 0 ? nullptr : &d.candidates[best.index];
}

Outcome MultiTokenOutcome(const Params& params, std::uint64_t seed, Engine engine, bool asserted) {
  const MultiTokenDraw d = DrawMultiToken(params, seed, engine);
  Outcome o;
  o.measured = {{"limit_benign", d.limit->clean_signal}, {"candidates", d.candidates.size()}};
  std::string why;
  for (int k = 0; k <= kMultiTokenDoublings; ++k) {
    const Candidate* best = BestAt(d, k);
    const std::string at = std::to_string(k);
    o.measured["combine_" + at] = best && best->combine_noise;
    o.measured["benign_" + at] = best && best->clean_signal;
    if (asserted && k == kMultiTokenDoublings && best != d.limit) {
      why =
          "at B = 64·B₀ the best ray bound is not the single-token selection with the larger "
          "margin (it " +
          std::string(best && best->combine_noise ? "combines noise tokens" : "differs") + ")";
    }
  }
  o.holds = why.empty();
  o.explanation = why;
  return o;
}

Regime MultiTokenRegime() {
  return {{"T", 3, 4},         {"n", 6, 12},
          {"d_over_n2", 2, 4}, {"eta_percent", 5, 20},
          {"above", 0, 1},     {"log2_ratio", 4, 20, 0.1}};
}

Element CombinationStatement() {
  return {"statement", Origin::kPaper,
          "[M] discussion, 'Generalizing to ... Multi-Token Settings': \"As shown in Figure "
          "6(c), the optimal tokens for noisy samples can be a combination of noise tokens in "
          "this case. Once the optimal tokens are determined, benign or harmful overfitting "
          "follows similarly\""};
}

Element MultiTokenSetting() {
  return {"setting", Origin::kConvention,
          "boa's: D1 with T ∈ {3, 4} (one signal, T − 1 noise tokens), n ∈ [6, 12], d = 2–4·n², "
          "η ∈ [0.05, 0.20] exact flips (so some sample is noisy), both sides of the T = 2 "
          "boundary by |log₂ ratio| ∈ [0.4, 2.0]"};
}

Element CandidateSets() {
  return {"four candidates: clean keep signal or noise; noise kept as its largest token or all",
          Origin::kConvention,
          "boa's: multi_token_selection.hpp NoiseSets; a combination's limit is uniform attention "
          "on the kept set (equal scores inside it)"};
}

}  // namespace

Claim Magen24MaxmarginMultiTokenPureLimit() {
  Claim c;
  c.id = "magen24.maxmargin.multi_token_pure_limit";
  c.title =
      "T > 2: at a large joint budget (64·B₀) the best max-margin candidate keeps single tokens, "
      "not a combination";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kDerived;
  c.source = "[M] discussion (multi-token max-margin selection), with the limit derived here";
  c.elements = {
      CombinationStatement(),
      {"statement (derived)", Origin::kDerivation,
       "THEORY.md magen24.maxmargin.multi_token_pure_limit: yᵢvᵀzᵢ for a mixture zᵢ never exceeds "
       "its best token's score, and nearly orthogonal noise tokens average to a shorter zᵢ, so a "
       "combination's v-margin is strictly smaller; as B grows the ray bounds tend to the "
       "v-margins (joint_budget), so the single-token candidate with the larger margin wins"},
      MultiTokenSetting(),
      CandidateSets(),
      {"budget 64·B₀, B₀ = ‖(v_SVM, p_SVM)‖ of the better single-token candidate",
       Origin::kConvention, "boa's: joint_budget's largest budget"},
  };
  c.regime = MultiTokenRegime();
  c.check = [](const Params& p, std::uint64_t seed, Engine e) {
    return MultiTokenOutcome(p, seed, e, true);
  };
  c.gram_form = true;
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kCells;
  c.range_note =
      "a derived statement for every (T, n, d/n², η, ratio); the winner changes at the boundary, so the cells split the two sides";
  c.cells = CellsAlong(c.regime, "above", {{"below", 0, 0}, {"above", 1, 1}});
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  return c;
}
BOA_REGISTER_CLAIM(Magen24MaxmarginMultiTokenPureLimit);

Claim Magen24MaxmarginMultiTokenCombination() {
  Claim c;
  c.id = "magen24.maxmargin.multi_token_combination";
  c.title =
      "T > 2: at which joint budgets noisy samples' best selection combines noise tokens, and "
      "whether it is benign";
  c.kind = ClaimKind::kExploratory;
  c.provenance = Provenance::kExploratory;
  c.source = "[M] discussion (multi-token max-margin selection, Fig. 6(c))";
  c.elements = {
      CombinationStatement(),
      MultiTokenSetting(),
      CandidateSets(),
      {"budgets B = 2^k·B₀, k = 0 … 6", Origin::kConvention, "boa's: joint_budget's budgets"}};
  c.regime = MultiTokenRegime();
  c.check = [](const Params& p, std::uint64_t seed, Engine e) {
    return MultiTokenOutcome(p, seed, e, false);
  };
  c.gram_form = true;
  c.instances = 100;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Magen24MaxmarginMultiTokenCombination);

namespace {

constexpr int kEverySetTokens = 5;  // Fig. 6's T

Outcome EverySetOutcome(const Params& params, std::uint64_t seed, Engine engine) {
  SignalNoiseSpec spec = MaxMarginInstanceFromParams(params).spec;
  spec.T = kEverySetTokens;
  const GramInstance gram = MaxMarginGram(spec, seed, engine);
  const SampleLabels labels = LabelsOf(gram);
  const EverySetSearch search = BestSetSelectionInTheLimit(labels, TokenGram(gram));
  const TokenSets benign = NoiseSets(labels, TokenGram(gram), true, false);
  bool benign_tokens = !search.best.empty();
  for (int i = 0; i < labels.n && benign_tokens; ++i) {
    // Clean samples keep their signal; a noisy one keeps a single noise token (any of them).
    benign_tokens = labels.noisy[i] ? search.best[i].size() == 1 &&
                                          labels.Role(i, search.best[i][0]) != TokenRole::kSignal
                                    : search.best[i] == benign[i];
  }
  Outcome o;
  o.measured = {{"selections", std::pow(std::pow(2.0, kEverySetTokens) - 1, labels.n)},
                {"leaves", static_cast<double>(search.leaves)},
                {"cuts", static_cast<double>(search.cuts)},
                {"p_infeasible", static_cast<double>(search.p_infeasible)},
                {"combines", CombinesTokens(search.best)},
                {"benign", benign_tokens}};
  std::string why;
  if (!search.converged)
    why = "an SVM of the search missed its KKT tolerance";
  else if (search.best.empty())
    why = "no set selection is p-feasible";
  else if (CombinesTokens(search.best))
    why = "the limit's best set selection combines tokens";
  o.holds = why.empty();
  o.explanation = why;
  return o;
}

}  // namespace

Claim Magen24MaxmarginMultiTokenEverySet() {
  Claim c;
  c.id = "magen24.maxmargin.multi_token_every_set";
  c.title =
      "T = 5, every set selection (31ⁿ): in the joint budget's limit the best keeps one token "
      "per sample, never a combination";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kDerived;
  c.source =
      "[M] discussion (multi-token max-margin selection, Fig. 6(c)), with the limit derived here "
      "and searched over every set selection";
  c.elements = {
      CombinationStatement(),
      {"statement (derived)", Origin::kDerivation,
       "THEORY.md magen24.maxmargin.multi_token_every_set: a set's mean scores at most its best "
       "token, so the v-SVM of a set selection is feasible for a single-token refinement of it "
       "and γ_v(S) ≤ γ_v(α); in the limit B → ∞ a p-feasible S is worth γ_v(S) "
       "(joint_budget), so no combination beats every single-token selection"},
      {"setting", Origin::kConvention,
       "boa's: D1 with T = 5 (one signal, four noise tokens), n ∈ [2, 5] (31⁵ = 28 629 151 set "
       "selections), d = 4–8·n² (d ≥ nT: the tokens independent), η ∈ [0.05, 0.20] exact "
       "flips (one noisy sample), both sides of the T = 2 boundary by |log₂ ratio| ∈ [0.4, 2.0]"},
      {"every set selection, searched exhaustively with a certified cut", Origin::kDerivation,
       "every_set_selection.hpp: a branch's v-SVM on its assigned samples bounds every "
       "completion's margin; the cut never drops a better p-feasible selection"},
      {"the limit B → ∞ in place of 64·B₀", Origin::kConvention,
       "boa's: a ray bound at a finite budget needs ≈ 144 SVM solves per selection, 10⁸ at n = 4, "
       "and has no bound to cut with; at 64·B₀ the bounds are within 0.5% of the v-margins "
       "(joint_budget)"},
  };
  c.regime = {{"n", 2, 5},
              {"d_over_n2", 4, 8},
              {"eta_percent", 5, 20},
              {"above", 0, 1},
              {"log2_ratio", 4, 20, 0.1}};
  c.check = EverySetOutcome;
  c.gram_form = true;
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kCells;
  c.range_note =
      "a derived statement for every (n, d/n², η, ratio); the winner changes at the boundary, so "
      "the cells split the two sides";
  c.cells = CellsAlong(c.regime, "above", {{"below", 0, 0}, {"above", 1, 1}});
  // Beyond CI's n ≤ 5, the record (issue 49 item 10): n = 8 has 31⁸ ≈ 8.5·10¹¹ set selections,
  // a few seconds a draw with the cut.
  c.scans = {{"setting",
              "n",
              {4, 5, 6, 7, 8},
              "the sample size past CI's range, where the set selections number 31ⁿ"}};
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  return c;
}
BOA_REGISTER_CLAIM(Magen24MaxmarginMultiTokenEverySet);

}  // namespace boa::claims
