// sakamoto24.existence — [S] Thm 4.1 and its Fig. 1 construction. For a training set (X_i, y_i)
// of D2 with clean set C and noisy set N, let ε_{i,r} be the Gaussian part of token r of sample i
// and
//   p(λ) = μ₊ + μ₋ + λ·Σ_{i∈C} ε_{i,relevant} + λ·Σ_{i∈N} ε_{i,weak opposite}.
// The scores pᵀx make a clean sample select its relevant token (+‖μ‖² + λ‖ε‖²) and a noisy one
// its weak-opposite token (ρ‖μ‖² + λ‖ε‖², whose head score has the flipped label's sign w.p.
// Φ(ρ‖μ‖/√2)) once λd ≳ (1 − ρ)‖μ‖²; on fresh data the λ-part is noise of size λ√(nd) against
// the relevant token's lead ‖μ‖². At d = 10⁴, ‖μ‖ = 20, n = 100, T = 8, ρ = 0.2, η = 0.2:
//   λ = 0.06  benign            train accuracy 1,      clean test ≥ 0.95
//   λ = 1     harmful           train accuracy 1,      clean test ≤ 0.75
//   λ = 0.001 not overfitting   train accuracy 1 − |N|/n, clean test ≥ 0.95
// Hard selection is the zero-temperature softmax: q = p/τ with τ = 1e-6 leaves weight
// e^{−g/τ} < 1e-300 on any token whose score trails by g > 1e-3, on scores of size 10²–10⁴ —
// argmax up to ties nobody draws. The same p at τ = 1, 10, 100, 1000 (plain softmax of Xp/τ) is
// measured beside it, to show where soft and hard selection agree (reported, not asserted).
#include <cmath>
#include <string>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/fit_regime.hpp"
#include "boa/model.hpp"
#include "boa/token_selection_data.hpp"
#include "boa/token_selection_run.hpp"
#include "sakamoto24_provenance.hpp"

namespace boa::claims {
namespace {

struct LambdaRegime {
  std::string name;
  double lambda;
};
const LambdaRegime kRegimes[] = {{"benign", 0.06}, {"harmful", 1.0}, {"not_overfitting", 0.001}};
constexpr double kHardTemperature = 1e-6;
constexpr double kSoftTemperatures[] = {1, 10, 100, 1000};
constexpr int kTestSamples = 4000;

// ε_{i,r} = x_{i,r} minus its signal part (relevant: μ_ỹ; weak opposite: ρμ_{−ỹ}).
Vector Construction(const Dataset& data, double rho, double lambda) {
  Vector p = data.mu_plus + data.mu_minus;
  for (int i = 0; i < data.n; ++i) {
    const TokenRole wanted = data.noisy[i] ? TokenRole::kWeakOpposite : TokenRole::kRelevant;
    for (int t = 0; t < data.T; ++t) {
      if (data.Role(i, t) == wanted) {
        p += lambda * (data.Tokens(i).row(t).transpose() - TokenSignal(data, i, t, rho));
      }
    }
  }
  return p;
}

// Train accuracy, selections and clean test accuracy of the query q = p/τ, under `prefix`
// (all of them with `all_measures`, else train and test accuracy only).
void Measure(const std::string& prefix, TokenSelection& model, const Vector& query,
             const Dataset& data, const TokenSelectionSpec& spec, std::uint64_t seed,
             bool all_measures, std::map<std::string, double>& measured) {
  model.Block("p") = query;
  TokenSelectionRun run;
  const Evaluation e = model.Evaluate(data, false);
  SummarizeFit(LabelsOf(data), e.f, e.attention, HeadScores(data, model.Block("nu")), run);
  run.test_accuracy =
      ProjectedCleanTestAccuracy(query, model.Block("nu"), spec, kTestSamples, seed);
  if (all_measures) {
    AddRunMeasures(prefix, run, measured);
  } else {
    measured[prefix + "train_accuracy"] = run.train_accuracy;
    measured[prefix + "test_accuracy"] = run.test_accuracy;
  }
}

}  // namespace

Claim Sakamoto24Existence() {
  Claim c;
  c.id = "sakamoto24.existence";
  c.title =
      "The explicit p = μ₊ + μ₋ + λ·N with hard selection is benign (λ = 0.06), harmful (λ = 1) or not overfitting (λ = 0.001)";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] Thm 4.1 and its Fig. 1 construction";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] Thm 4.1 and Figure 1: one explicit token selection overfits harmfully, benignly or "
       "not at all (the panels “Harmful Overfitting”, “Benign Overfitting”, “Not Overfitting” of "
       "img/figure1.png in the [S] code @ 94f5c60)"},
      {"construction p(λ) = μ₊ + μ₋ + λ(Σ_C ε_relevant + Σ_N ε_weak-opposite)",
       Origin::kAuthorsCode,
       "[S] code plot.ipynb @ 57150b2 (and @ 074ff3d), Figure 1 cell, sample_points: p = vmu_1 "
       "+ vmu_2 + noise_strength · (the noise of token 2 of each noisy sample and of token 0 of "
       "each clean one), selection by argmax"},
      {"setting", Origin::kAuthorsCode,
       "[S] code plot.ipynb @ 57150b2, Figure 1 cell: sample_points(10000, 20, λ) with "
       "train_n = 100, T = 8, rho = 0.2, noise_ratio = 0.2; fixed head ν ∝ μ₊ − μ₋ "
       "(THEORY.md §4.3 existence)"},
      {"λ = 0.06 (benign), 1 (harmful), 0.001 (not overfitting)", Origin::kAuthorsCode,
       "[S] code plot.ipynb @ 57150b2, Figure 1 cell: sample_points(10000, 20, 0.06 | 1 | "
       "0.001), printed train/test 1.0/1.0, 1.0/0.63, 0.8/1.0 (100 test samples)"},
      {"balanced labels, balanced-exact flips (10 per class)", Origin::kConvention,
       "THEORY.md §2.2, boa's generator for every [S] claim; the notebook's CustomDataset "
       "(main.py @ 074ff3d) draws the labels uniformly and flips ⌈nη⌉ = 20 random samples"},
      {"hard selection: q = p/τ, τ = 1e-6", Origin::kConvention,
       "boa's zero-temperature softmax (weight < 1e-300 off the argmax); the notebook takes the "
       "argmax"},
      s24::BenignCutOff(),
      s24::HarmfulCutOff(),
      {"not overfitting: train accuracy exactly 1 − |N|/n, no noisy sample fitted, clean test "
       "≥ 0.95",
       Origin::kConvention,
       "boa's reading of the “Not Overfitting” panel (the notebook prints train 0.8 = 1 − 20/100)"},
      s24::ProjectedTestSet("clean test set: 4000 projected samples"),
  };
  c.regime = {};  // the paper's single setting; instances differ by seed
  c.check = [](const Params&, std::uint64_t seed, Engine) {
    TokenSelectionSpec spec;
    spec.n = 100;
    spec.T = 8;
    spec.d = 10000;
    spec.mu_norm = 20;
    spec.rho = 0.2;
    spec.eta = 0.2;
    const Dataset data = GenerateTokenSelection(spec, seed);
    TokenSelection model(spec.d, DefaultHead(data), false);
    Outcome o;
    for (const LambdaRegime& regime : kRegimes) {
      const Vector p = Construction(data, spec.rho, regime.lambda);
      const std::string hard = regime.name + "_hard_";
      Measure(hard, model, p / kHardTemperature, data, spec, seed, true, o.measured);
      for (const double tau : kSoftTemperatures) {
        Measure(regime.name + "_soft_tau" + std::to_string(static_cast<int>(tau)) + "_", model,
                p / tau, data, spec, seed, false, o.measured);
      }
      const double train = o.measured[hard + "train_accuracy"];
      const double test = o.measured[hard + "test_accuracy"];
      bool ok = false;
      if (regime.name == "benign") ok = train == 1 && test >= kBenignCleanTestAccuracy;
      if (regime.name == "harmful") ok = train == 1 && test <= kHarmfulCleanTestAccuracy;
      if (regime.name == "not_overfitting")
        ok = std::lround(train * data.n) == data.n - data.NoisyCount() &&
             o.measured[hard + "noisy_fitted"] == 0 && test >= kBenignCleanTestAccuracy;
      if (!ok) {
        o.holds = false;
        o.explanation += regime.name + " (λ = " + std::to_string(regime.lambda) + "): train " +
                         std::to_string(train) + ", clean test " + std::to_string(test) + "; ";
      }
    }
    return o;
  };
  // Thm 4.1 holds with high probability over the draw: δ = 0.1 (THEORY.md §4.4 puts existence in
  // the "theorem conclusion" row). Failing draws exist: a noisy sample's weak-opposite head score
  // has the clean label's sign (the Φ(ρ‖μ‖/√2) event above), so λ = 0.06 leaves train < 1, e.g.
  // ./boa check sakamoto24.existence --seed 1000012 --instances 1. An earlier δ = 0.05, chosen
  // without a source, was exceeded (46 of 500 draws in the flake audit, rate 0.092).
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kSingleSetting;
  c.range_note =
      "the paper's one setting (Fig. 1: d = 10⁴, ‖μ‖ = 20, n = 100, T = 8, ρ = 0.2, η = 0.2); only the seed varies";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24Existence);

}  // namespace boa::claims
