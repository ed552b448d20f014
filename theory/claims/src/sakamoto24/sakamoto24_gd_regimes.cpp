// sakamoto24.gd.regimes — [S] Fig. 3: the same protocol in three settings of (d, ‖μ‖), n = 20,
// T = 8, ρ = 0.1, η = 0.2:
//   balanced      (2000, 20)  benign overfitting: train accuracy 1, clean test ≥ 0.95
//   large noise   (4500, 5)   harmful overfitting: train accuracy 1, clean test ≤ 0.75 (the
//                             project's one definition of harmful, fit_regime.hpp, as for
//                             sakamoto24.existence and magen24.snr.threshold) — a finding;
//                             sakamoto24.gd.regimes_not_benign asks only clean test < 0.95
//   large signal  (1000, 80)  not overfitting: train accuracy < 1 (noisy samples left unfitted),
//                             clean test ≥ 0.95
// Protocol per budget: Sakamoto24BudgetParams. Every setting's train/test accuracy,
// noisy fit and selections by role are measured. The figure is one seed's run claimed as
// typical: THEORY.md §4's row "one seed, typical".
#include <map>
#include <string>

#include "boa/claim.hpp"
#include "boa/fit_regime.hpp"
#include "sakamoto24_protocol.hpp"

namespace boa::claims {

namespace {

// The three runs of one seed, judged with `large_noise_harmful`: harmful (≤ 0.75) for the
// statement, or merely not benign (< 0.95) for the weaker form.
Outcome RegimesOutcome(const Params& params, std::uint64_t seed, bool large_noise_harmful) {
  const TokenSelectionRunOptions options = Sakamoto24RunOptions(params);
  Outcome o;
  std::map<std::string, TokenSelectionRun> runs;
  for (const auto& setting : Sakamoto24Settings()) {
    runs[setting.name] =
        RunTokenSelection(Sakamoto24Spec(setting.d, setting.mu_norm), options, seed);
    AddRunMeasures(setting.name + "_", runs[setting.name], o.measured);
  }
  const auto& balanced = runs["balanced"];
  const auto& noise = runs["large_noise"];
  const auto& signal = runs["large_signal"];
  auto require = [&](bool ok, const std::string& why) {
    if (ok) return;
    o.holds = false;
    o.explanation += why + "; ";
  };
  require(balanced.train_accuracy == 1 && balanced.test_accuracy >= kBenignCleanTestAccuracy,
          "balanced not benign: train " + std::to_string(balanced.train_accuracy) + ", test " +
              std::to_string(balanced.test_accuracy));
  o.measured["test_gap_balanced_minus_large_noise"] = balanced.test_accuracy - noise.test_accuracy;
  const bool noise_side = large_noise_harmful ? noise.test_accuracy <= kHarmfulCleanTestAccuracy
                                              : noise.test_accuracy < kBenignCleanTestAccuracy;
  require(noise.train_accuracy == 1 && noise_side,
          std::string(large_noise_harmful ? "large noise not harmful" : "large noise benign") +
              ": train " + std::to_string(noise.train_accuracy) + ", test " +
              std::to_string(noise.test_accuracy));
  require(signal.train_accuracy < 1 && signal.test_accuracy >= kBenignCleanTestAccuracy,
          "large signal overfits or fails: train " + std::to_string(signal.train_accuracy) +
              ", test " + std::to_string(signal.test_accuracy));
  return o;
}

}  // namespace

Claim Sakamoto24GdRegimes() {
  Claim c;
  c.id = "sakamoto24.gd.regimes";
  c.title =
      "Balanced (2000, 20) is benign, large noise (4500, 5) harmful, large signal (1000, 80) not overfitting";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kPaper;
  c.source = "[S] Fig. 3 (a), (b), (c)";
  c.regime = {};
  c.budget_params = Sakamoto24BudgetParams;
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    return RegimesOutcome(params, seed, true);
  };
  c.instances = 100;  // the sequential test's cap: power ≥ 0.9 at δ₁
  UsePreRegisteredRates(c, RateRow::kTypicalFigure);
  c.expected = Expectation::kFails;
  // ./boa check sakamoto24.gd.regimes --budget quick --seed 1 (CI's run)
  c.finding_rate = 1.0;  // 24 of 24 failed
  c.finding =
      "The large-noise setting (d = 4500, ‖μ‖ = 5) overfits but is not harmful in the project's "
      "sense (clean test ≤ 0.75): at seed 1 its clean test accuracy is 0.874, and 24 of 24 seeds "
      "of CI's run miss the statement (`./boa check sakamoto24.gd.regimes --budget quick --seed "
      "1`; 95% interval [0.86, 1]). [S] Fig. 3b shows a clearly lower, not a collapsed, test "
      "accuracy; sakamoto24.gd.regimes_not_benign is the weaker form (large noise merely not "
      "benign).";
  return c;
}

// The weaker form: the large-noise run overfits without being benign (clean test < 0.95).
Claim Sakamoto24GdRegimesNotBenign() {
  Claim c;
  c.id = "sakamoto24.gd.regimes_not_benign";
  c.title =
      "Balanced (2000, 20) is benign, large noise (4500, 5) overfits but not benignly (test < 0.95), large signal (1000, 80) not overfitting";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kDerived;
  c.source = "[S] Fig. 3 (a), (b), (c), with \"harmful\" weakened to \"not benign\"";
  c.regime = {};
  c.budget_params = Sakamoto24BudgetParams;
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    return RegimesOutcome(params, seed, false);
  };
  c.instances = 100;  // the sequential test's cap: power ≥ 0.9 at δ₁
  UsePreRegisteredRates(c, RateRow::kTypicalFigure);
  return c;
}

}  // namespace boa::claims
