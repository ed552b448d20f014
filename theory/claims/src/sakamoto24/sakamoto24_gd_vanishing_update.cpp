// sakamoto24.gd.vanishing_update — [S] §4.3 ("local minima" difficulty). The per-sample output
// gradient with respect to the query is
//   ∂f_i/∂q = X_iᵀ (s_i ⊙ (b_i − f_i 1)) = Σ_t s_it (b_it − f_i) x_it,   b_i = X_i ν.
// With σ = argmax_t s_it and M_i = max_t |b_it − b_iσ|: |f_i − b_iσ| ≤ (1 − s_iσ) M_i, so
//   ‖∂f_i/∂q‖ ≤ 2 (1 − s_iσ) M_i max_t ‖x_it‖          (derived here)
// — the update vanishes as attention saturates, whatever token it saturates on. A sample whose
// selected token misfits (y_i b_iσ < 0) keeps g_i = 1/(1 + e^{y_i f_i}) ≥ 1/2 there: gradient
// convergence alone does not imply fitting.
//
// Setting: [S] Fig. 3c, large signal (d = 1000, ‖μ‖ = 80), where noisy samples start out
// selecting their (misfitting) relevant token. Two claims share one GD run per seed:
//
// sakamoto24.gd.vanishing_update (the statement, on the GD trajectory itself):
//   (i) the bound holds at every sample and step of the GD run (relative slack 1e-9);
//  (ii) some sample reaches, along the run, a step where its selected token misfits with
//       attention ≥ 0.99, g_i ≥ 1/2 and ‖∂f_i/∂q‖ ≤ 0.05 × its peak along the run (Θ(1) loss
//       weight, ≥ 20× smaller update; 0.99 and 0.05 are ours, fixed beforehand).
//
// sakamoto24.gd.vanishing_update_path (derived): (i) and, along the saturating query path
//   q = c(μ₊ + μ₋)/‖μ‖, c = 10⁻⁴..10 — the direction GD starts out in, pushed to saturation —
//   every noisy sample ends with its misfit relevant token at attention ≥ 0.99, g_i ≥ 1/2 and
//   ‖∂f_i/∂q‖ ≤ 0.05 × its peak on the path. This shows the mechanism without claiming that GD
//   walks the path.
//
// Both with δ = 0.1 (THEORY.md §4, "theorem conclusion").
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/numerics.hpp"
#include "sakamoto24_protocol.hpp"
#include "sakamoto24_provenance.hpp"

namespace boa::claims {
namespace {

constexpr double kSaturated = 0.99;
constexpr double kVanishedRatio = 0.05;

struct SampleStep {
  double gradient_norm;  // ‖∂f_i/∂q‖
  double bound;          // 2 (1 − s_iσ) M_i max_t ‖x_it‖
  double selected_attention;
  bool misfit;  // y_i b_iσ < 0
  double g;     // 1/(1 + e^{y_i f_i})
};

SampleStep Measure(const Dataset& data, const Vector& head, const Evaluation& e, int i) {
  const auto X = data.Tokens(i);
  const Vector b = X * head;
  Eigen::Index sel = 0;
  const double s_sel = e.attention.row(i).maxCoeff(&sel);
  const Vector weights =
      e.attention.row(i).transpose().cwiseProduct(b - Vector::Constant(data.T, e.f(i)));
  SampleStep m;
  m.gradient_norm = (X.transpose() * weights).norm();
  m.bound = 2 * (1 - s_sel) * (b.array() - b(sel)).abs().maxCoeff() * X.rowwise().norm().maxCoeff();
  m.selected_attention = s_sel;
  m.misfit = data.y(i) * b(sel) < 0;
  m.g = LogisticWeight(data.y(i) * e.f(i));
  return m;
}

struct VanishingRun {
  Outcome measured;                   // every measurement of both claims
  bool bound_holds = false;           // (i)
  bool trajectory_saturates = false;  // (ii) on the GD trajectory
  bool path_saturates = false;        // the saturating path
};

// `saturated`: the attention at which a misfit token counts as saturated (kSaturated but in
// vanishing_update's scan).
VanishingRun RunVanishing(const Params& params, std::uint64_t seed, double saturated = kSaturated) {
  const auto& setting = Sakamoto24Settings()[2];
  TokenSelectionRunOptions options = Sakamoto24RunOptions(params);
  std::vector<std::vector<SampleStep>> history;  // [step][sample]
  options.observer = [&](int, const Dataset& data, const Model& model, const Evaluation& e) {
    std::vector<SampleStep> now;
    for (int i = 0; i < data.n; ++i) now.push_back(Measure(data, model.Block("nu"), e, i));
    history.push_back(std::move(now));
  };
  const TokenSelectionRun run =
      RunTokenSelection(Sakamoto24Spec(setting.d, setting.mu_norm), options, seed);
  const int n = run.data.n;
  std::vector<double> peak(n, 0);
  double worst_bound = -INFINITY;
  for (const auto& step : history) {
    for (int i = 0; i < n; ++i) {
      peak[i] = std::max(peak[i], step[i].gradient_norm);
      worst_bound = std::max(worst_bound, step[i].gradient_norm - step[i].bound * (1 + 1e-9));
    }
  }
  int saturated_misfit = 0, vanished = 0;
  double worst_ratio = 0, min_g = 1, most_saturated_misfit = 0;
  for (const auto& step : history) {
    for (int i = 0; i < n; ++i) {
      if (step[i].misfit)
        most_saturated_misfit = std::max(most_saturated_misfit, step[i].selected_attention);
      if (!step[i].misfit || step[i].selected_attention < saturated) continue;
      ++saturated_misfit;
      const double ratio = step[i].gradient_norm / peak[i];
      worst_ratio = std::max(worst_ratio, ratio);
      min_g = std::min(min_g, step[i].g);
      vanished += step[i].g >= 0.5 && ratio <= kVanishedRatio;
    }
  }
  // The saturating path: one model, the query scaled up along μ₊ + μ₋.
  const Dataset& data = run.data;
  TokenSelection path(data.d, DefaultHead(data), false);
  const Vector direction = (data.mu_plus + data.mu_minus) / data.mu_plus.norm();
  std::vector<double> path_peak(n, 0);
  std::vector<SampleStep> path_end;
  for (int k = -16; k <= 4; ++k) {
    path.Block("p") = std::pow(10.0, k / 4.0) * direction;
    const Evaluation e = path.Evaluate(data, false);
    path_end.clear();
    for (int i = 0; i < n; ++i) {
      path_end.push_back(Measure(data, path.Block("nu"), e, i));
      path_peak[i] = std::max(path_peak[i], path_end[i].gradient_norm);
    }
  }
  double path_ratio = 0, path_min_g = 1, path_min_attention = 1;
  int path_misfit = 0;
  for (int i = 0; i < n; ++i) {
    if (!data.noisy[i]) continue;
    path_misfit += path_end[i].misfit;
    path_ratio = std::max(path_ratio, path_end[i].gradient_norm / path_peak[i]);
    path_min_g = std::min(path_min_g, path_end[i].g);
    path_min_attention = std::min(path_min_attention, path_end[i].selected_attention);
  }
  VanishingRun v;
  v.bound_holds = worst_bound <= 0;
  v.trajectory_saturates = vanished > 0;
  v.path_saturates = path_misfit == data.NoisyCount() && path_min_attention >= saturated &&
                     path_min_g >= 0.5 && path_ratio <= kVanishedRatio;
  auto& m = v.measured.measured;
  AddRunMeasures("", run, m);
  m["path_noisy_misfit"] = path_misfit;
  m["path_noisy_min_selected_attention"] = path_min_attention;
  m["path_noisy_min_g"] = path_min_g;
  m["path_noisy_max_gradient_over_peak"] = path_ratio;
  m["bound_excess"] = worst_bound;  // ≤ 0: the derived bound held everywhere
  m["saturated_misfit_sample_steps"] = saturated_misfit;
  m["vanished_misfit_sample_steps"] = vanished;
  m["misfit_max_selected_attention"] = most_saturated_misfit;
  m["saturated_misfit_max_gradient_over_peak"] = worst_ratio;
  m["saturated_misfit_min_g"] = min_g;
  v.measured.explanation =
      "bound excess " + std::to_string(worst_bound) + "; trajectory: largest misfit attention " +
      std::to_string(most_saturated_misfit) + ", " + std::to_string(vanished) +
      " sample-steps saturated and vanished" + "; path: " + std::to_string(path_misfit) +
      " misfit noisy samples, min attention " + std::to_string(path_min_attention) + ", min g " +
      std::to_string(path_min_g) + ", worst ‖∂f/∂q‖/peak " + std::to_string(path_ratio);
  return v;
}

}  // namespace

Claim Sakamoto24GdVanishingUpdate() {
  Claim c;
  c.id = "sakamoto24.gd.vanishing_update";
  c.title =
      "Along GD, a sample whose selected token misfits saturates: g_i ≥ 1/2 while ‖∂f_i/∂q‖ vanishes";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] §4.3 and the rebuttal on gradient convergence";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion, reply “Challenges in Adapting Existing Benign Overfitting Analyses”, "
       "item 2: “Once a token is selected, "
       "the model's gradient ∇_W f(W) becomes zero, and the gradient of the loss function "
       "converges to zero even if the selected token does not fit the training data. "
       "Consequently, merely showing gradient convergence is insufficient to show "
       "overfitting”; and (reply Q1 iii) §4.3's “Presence of local minima” that do not fit"},
      {"GD itself reaches a saturated misfit state within the run", Origin::kConvention,
       "boa's reading: the discussion states that a selected misfitting token stops the update "
       "(such non-fitting stationary points exist, so the analysis must track the attention), "
       "not that GD reaches one in the large-signal setting within 1000 steps"},
      {"bound ‖∂f_i/∂q‖ ≤ 2(1 − s_iσ)M_i max_t‖x_it‖", Origin::kDerivation,
       "THEORY.md §4.3 gd.vanishing_update"},
      s24::BoundSlack(),
      s24::SaturationCutoff(),
      {"vanished: ‖∂f_i/∂q‖ ≤ 0.05 × its peak along the run", Origin::kConvention,
       "boa's, fixed before measuring (THEORY.md §4.3)"},
      {"misfit keeps g_i ≥ ½", Origin::kDerivation,
       "y_i f_i ≤ 0 gives g_i = 1/(1 + e^{y_i f_i}) ≥ ½"},
      {"setting", Origin::kAuthorsCode,
       "[S] Fig. 3(c), where noisy samples start out selecting their misfitting relevant token, "
       "trained as the authors' final code trains it (the elements below)"},
      s24::Fig3Data(),
      s24::Fig3LargeSignal(),
      s24::WAndPProtocol(),
  };
  c.regime = {};
  c.budget_params = [](Budget budget) {
    Params params = Sakamoto24BudgetParams(budget);
    params["saturated"] = kSaturated;
    return params;
  };
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    VanishingRun v = RunVanishing(params, seed, RealParam(params, "saturated"));
    v.measured.holds = v.bound_holds && v.trajectory_saturates;
    return v.measured;
  };
  // Declared before its record was measured (issue 48); the misfit attention's peak near 0.92
  // was known from the finding.
  c.scans = {{s24::SaturationCutoff().name,
              "saturated",
              {0.8, 0.85, 0.9, 0.95, 0.99},
              "the saturation cut-off from 0.8 up to boa's 0.99"}};
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.expected = Expectation::kFails;
  c.limit_path = HorizonPath();
  c.finding_class = FindingClass::kPersists;  // records/finding_paths.csv
  c.encoding_sensitive =
      "the requirement that GD itself reaches a saturated misfit within the authors' 1000 steps; "
      "not the 0.99 cut-off (98 of 100 still fail at 0.8, the scan)";
  c.finding =
      "GD does not reach the saturated misfit state: in 39 of 40 seeds (seeds 1000.., `./boa "
      "check sakamoto24.gd.vanishing_update --seed 1000 --instances 40 --run-to-cap`; 95% "
      "interval [0.87, 1]) no noisy sample's misfitting selected token reaches attention 0.99 "
      "along the run — the misfit attention peaks near 0.92, then the noisy samples move on to "
      "a flipped-sign token and get fitted. The derived bound on ‖∂f_i/∂q‖ holds at every step, "
      "and the mechanism does appear along a saturating query path "
      "(sakamoto24.gd.vanishing_update_path). What the discussion states is that mechanism: "
      "once a token is selected the update vanishes \"even if the selected token does not fit "
      "the training data\", so gradient convergence does not imply fitting. It does not say that "
      "GD reaches such a point in the large-signal setting; that requirement, the cut-offs 0.99 "
      "and 0.05 and the 1000-step horizon are boa's. Lowering the saturation cut-off does not "
      "rescue it (records/scans.csv, seed base 4e9): 98, 98, 98, 98, 99 of 100 fail at 0.8, "
      "0.85, 0.9, 0.95, 0.99.";
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kSingleSetting;
  c.range_note = "the large-signal setting (d = 1000, ‖μ‖ = 80); only the seed varies";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24GdVanishingUpdate);

Claim Sakamoto24GdVanishingUpdatePath() {
  Claim c;
  c.id = "sakamoto24.gd.vanishing_update_path";
  c.title =
      "Along a saturating query path, every misfit noisy sample keeps g_i ≥ 1/2 while ‖∂f_i/∂q‖ vanishes";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kDerived;
  c.source = "[S] §4.3; the bound and the path derived here";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §4.3 gd.vanishing_update_path: the bound on ‖∂f_i/∂q‖, and along "
       "q = c(μ₊ + μ₋)/‖μ‖ every noisy sample's misfit relevant token saturates while its update "
       "vanishes"},
      {"the paper's statement", Origin::kPaper,
       "[S] discussion, reply “Challenges in Adapting Existing Benign Overfitting Analyses”, "
       "item 2: “Once a token is selected, "
       "the model's gradient ∇_W f(W) becomes zero … even if the selected token does not fit "
       "the training data”"},
      {"path c = 10^{k/4}, k = −16 … 4", Origin::kConvention,
       "boa's: the direction GD starts out in, pushed to saturation"},
      s24::BoundSlack(),
      s24::SaturationCutoff(),
      {"vanished: ‖∂f_i/∂q‖ ≤ 0.05 × its peak on the path", Origin::kConvention,
       "boa's, fixed before measuring (THEORY.md §4.3)"},
      {"setting", Origin::kAuthorsCode,
       "the run of sakamoto24.gd.vanishing_update (the elements below), whose data the path "
       "uses"},
      s24::Fig3Data(),
      s24::Fig3LargeSignal(),
      s24::WAndPProtocol(),
  };
  c.regime = {};
  c.budget_params = Sakamoto24BudgetParams;
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    VanishingRun v = RunVanishing(params, seed);
    v.measured.holds = v.bound_holds && v.path_saturates;
    return v.measured;
  };
  UsePreRegisteredRates(c, RateRow::kTheoremConclusion);
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kSingleSetting;
  c.range_note = "the large-signal setting (d = 1000, ‖μ‖ = 80); only the seed varies";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24GdVanishingUpdatePath);

}  // namespace boa::claims
