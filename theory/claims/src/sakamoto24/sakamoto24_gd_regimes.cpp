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
// typical: THEORY.md §4's row "one seed, typical". sakamoto24.encoder.regimes (below) asks the
// same of the one-layer encoder.
#include <map>
#include <string>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/encoder_run.hpp"
#include "boa/fit_regime.hpp"
#include "boa/shared_runs.hpp"
#include "sakamoto24_protocol.hpp"
#include "sakamoto24_provenance.hpp"

namespace boa::claims {

namespace {

// [S] Fig. 3's three regimes as every regimes claim judges a run, at cut-offs that default to
// fit_regime.hpp's thresholds: benign overfitting fits every training sample with clean test ≥
// the benign cut-off; harmful overfitting fits every one with clean test ≤ the harmful cut-off;
// not overfitting leaves training samples unfitted with clean test ≥ its cut-off.
// sakamoto24.gd.regimes reads all three from its parameters, so that its scans move each alone.
struct RegimeCutOffs {
  double benign = kBenignCleanTestAccuracy;
  double harmful = kHarmfulCleanTestAccuracy;
  double not_overfitting = kBenignCleanTestAccuracy;
};

RegimeCutOffs CutOffsOf(const Params& params) {
  RegimeCutOffs cut;
  if (params.count("benign_cutoff")) cut.benign = RealParam(params, "benign_cutoff");
  if (params.count("harmful_cutoff")) cut.harmful = RealParam(params, "harmful_cutoff");
  if (params.count("not_overfitting_cutoff"))
    cut.not_overfitting = RealParam(params, "not_overfitting_cutoff");
  return cut;
}

bool BenignOverfitting(double train_accuracy, double test_accuracy, const RegimeCutOffs& cut) {
  return train_accuracy == 1 && test_accuracy >= cut.benign;
}
bool HarmfulOverfitting(double train_accuracy, double test_accuracy, const RegimeCutOffs& cut) {
  return train_accuracy == 1 && test_accuracy <= cut.harmful;
}
bool NotOverfitting(double train_accuracy, double test_accuracy, const RegimeCutOffs& cut) {
  return train_accuracy < 1 && test_accuracy >= cut.not_overfitting;
}

// What the regimes claims read of one run: its accuracies and AddRunMeasures' numbers (not the
// run itself, whose training set is megabytes).
struct RegimeRun {
  double train_accuracy = 0, test_accuracy = 0;
  std::map<std::string, double> measures;
};

// One setting's run at seed, once per process (shared_runs.hpp): gd.regimes and
// gd.regimes_not_benign judge the same three runs.
RegimeRun SharedRegimeRun(const Sakamoto24Setting& setting, const TokenSelectionRunOptions& options,
                          std::uint64_t seed) {
  const Params inputs = {
      {"d", setting.d},   {"mu_norm", setting.mu_norm}, {"train_W", options.train_W ? 1 : 0},
      {"lr", options.lr}, {"steps", options.steps},     {"n_test", options.n_test}};
  return SharedRun<RegimeRun>(
      SharedRunKey("Sakamoto24RegimeRun " + ToString(options.engine), inputs, seed), [&] {
        const TokenSelectionRun run =
            RunTokenSelection(Sakamoto24Spec(setting.d, setting.mu_norm), options, seed);
        RegimeRun out{run.train_accuracy, run.test_accuracy, {}};
        AddRunMeasures("", run, out.measures);
        return out;
      });
}

// The three runs of one seed, judged with `large_noise_harmful`: harmful (≤ 0.75) for the
// statement, or merely not benign (< 0.95) for the weaker form.
Outcome RegimesOutcome(const Params& params, std::uint64_t seed, bool large_noise_harmful) {
  const TokenSelectionRunOptions options = Sakamoto24RunOptions(params);
  const RegimeCutOffs cut = CutOffsOf(params);
  Outcome o;
  std::map<std::string, RegimeRun> runs;
  for (const auto& setting : Sakamoto24Settings()) {
    runs[setting.name] = SharedRegimeRun(setting, options, seed);
    for (const auto& [name, value] : runs[setting.name].measures)
      o.measured[setting.name + "_" + name] = value;
  }
  const auto& balanced = runs["balanced"];
  const auto& noise = runs["large_noise"];
  const auto& signal = runs["large_signal"];
  auto require = [&](bool ok, const std::string& why) {
    if (ok) return;
    o.holds = false;
    o.explanation += why + "; ";
  };
  require(BenignOverfitting(balanced.train_accuracy, balanced.test_accuracy, cut),
          "balanced not benign: train " + std::to_string(balanced.train_accuracy) + ", test " +
              std::to_string(balanced.test_accuracy));
  o.measured["test_gap_balanced_minus_large_noise"] = balanced.test_accuracy - noise.test_accuracy;
  const bool noise_side = large_noise_harmful
                              ? HarmfulOverfitting(noise.train_accuracy, noise.test_accuracy, cut)
                              : noise.train_accuracy == 1 && noise.test_accuracy < cut.benign;
  require(noise_side,
          std::string(large_noise_harmful ? "large noise not harmful" : "large noise benign") +
              ": train " + std::to_string(noise.train_accuracy) + ", test " +
              std::to_string(noise.test_accuracy));
  require(NotOverfitting(signal.train_accuracy, signal.test_accuracy, cut),
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
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] Fig. 3 (a), (b), (c)";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] Fig. 3 as the [S] discussion captions it (reply on Eqs. 11 and 13): (a) “Balanced "
       "setting (satisfying assumption)”, benign overfitting; (b) “Large noise setting (not "
       "satisfying assumption)”, harmful overfitting (“the same harmful overfitting as in "
       "Figure 3(b)”); (c) “Large signal setting (not satisfying assumption)”; with Figure 1's "
       "three regimes: harmful overfitting, benign overfitting, not overfitting"},
      {"setting", Origin::kAuthorsCode,
       "the Fig. 3 data in its three settings, trained as the authors' final code trains them "
       "(the elements below)"},
      s24::Fig3Data(),
      s24::Fig3Balanced(),
      s24::Fig3LargeNoise(),
      s24::Fig3LargeSignal(),
      s24::WAndPProtocol(),
      s24::BenignCutOff(),
      s24::HarmfulCutOff(),
      {"not overfitting: train accuracy < 1 and clean test ≥ 0.95", Origin::kConvention,
       "THEORY.md §2.3, boa's; the authors' Fig. 3(c) run prints train 0.8, clean test 1.0 "
       "([S] code plot.ipynb @ 57150b2, cell “(c) Large Signal Setting”)"},
      s24::ProjectedTestSet("clean test set: 2000 projected samples"),
  };
  c.regime = {};
  c.budget_params = [](Budget budget) {
    Params p = Sakamoto24BudgetParams(budget);
    p["benign_cutoff"] = kBenignCleanTestAccuracy;
    p["harmful_cutoff"] = kHarmfulCleanTestAccuracy;
    p["not_overfitting_cutoff"] = kBenignCleanTestAccuracy;
    return p;
  };
  // Each of boa's cut-offs alone, and the test set's size, over ranges declared before they were
  // measured (records/scans.csv): does the failure hinge on the harmful cut-off (issue 50 item
  // 2), or on the others?
  c.scans = {
      {s24::HarmfulCutOff().name,
       "harmful_cutoff",
       {0.75, 0.8, 0.85, 0.9, 0.95},
       "from boa's 0.75 up to its benign cut-off 0.95: the authors' own Fig. 3(b) run ends at "
       "clean test 0.867, and the discussion calls 0.993 harmful"},
      BenignCutoffScan(s24::BenignCutOff().name),
      {"not overfitting: train accuracy < 1 and clean test ≥ 0.95",
       "not_overfitting_cutoff",
       {0.9, 0.925, 0.95, 0.975, 0.99},
       "around boa's 0.95, up to 0.99"},
      TestSetScan("clean test set: 2000 projected samples"),
  };
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    return RegimesOutcome(params, seed, true);
  };
  UsePreRegisteredRates(c, RateRow::kTypicalFigure);
  c.expected = Expectation::kFails;
  c.limit_path = HorizonPath();
  c.finding_class = FindingClass::kPersists;  // records/finding_paths.csv
  c.encoding_sensitive =
      "harmful read as clean test ≤ 0.75, boa's threshold (§2.3): its scan flips between 0.85 "
      "(100/100 fail) and 0.9 (35/100, below δ)";
  c.finding =
      "The large-noise setting (d = 4500, ‖μ‖ = 5) overfits but is not harmful by boa's cut-off "
      "(clean test ≤ 0.75): at seed 1 its clean test accuracy is 0.874, and 24 of 24 seeds of "
      "CI's run miss the statement (`./boa check sakamoto24.gd.regimes --budget quick --seed "
      "1`; 95% interval [0.86, 1]). The cut-off is boa's, not the paper's: the authors' own "
      "Fig. 3(b) run prints train 1.0 and clean test 0.867 (their plot.ipynb @ 57150b2), and "
      "the discussion calls a fitted run at clean test 0.993 \"the same harmful overfitting as "
      "in Figure 3(b)\". So the run matches the figure and fails boa's threshold; "
      "sakamoto24.gd.regimes_not_benign (large noise fitted with clean test < 0.95) holds. The "
      "scans (records/scans.csv, 100 draws a value from seed 4000000000, ranges declared before "
      "measuring) place it: with the harmful cut-off at 0.75, 0.8 or 0.85 every draw fails, at 0.9 "
      "and 0.95 35 of 100 do (95% interval [0.26, 0.45], below δ = 0.5) — the large-noise runs' "
      "clean test lies between 0.85 and 0.9 — and the remaining failures are runs that leave a "
      "noisy sample unfitted in the balanced or large-noise setting, or fit every sample in the "
      "large-signal one, at the 1000-step horizon. Moving the benign or the not-overfitting "
      "cut-off (0.9 … 0.99) or the test set (500 … 8000 samples) alone changes nothing (100/100 "
      "at every value): the failure is the harmful cut-off's.";
  c.slow_in_ci = true;  // its CI verdict takes over ~10 s on 2 cores
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kSingleSetting;
  c.range_note = "the three settings of Fig. 3, each run on every seed: one setting per seed";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24GdRegimes);

// The weaker form: the large-noise run overfits without being benign (clean test < 0.95).
Claim Sakamoto24GdRegimesNotBenign() {
  Claim c;
  c.id = "sakamoto24.gd.regimes_not_benign";
  c.title =
      "Balanced (2000, 20) is benign, large noise (4500, 5) overfits but not benignly (test < 0.95), large signal (1000, 80) not overfitting";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] Fig. 3 (a), (b), (c), with \"harmful\" weakened to \"not benign\"";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] Fig. 3 as the [S] discussion captions it (reply on Eqs. 11 and 13), “harmful” read "
       "as the discussion reads it: a run that fits the training set while its clean test "
       "accuracy “no longer achieves 1.0” is “the same harmful overfitting as in Figure 3(b)”"},
      {"setting", Origin::kAuthorsCode, "the runs of sakamoto24.gd.regimes (the elements below)"},
      s24::Fig3Data(),
      s24::Fig3Balanced(),
      s24::Fig3LargeNoise(),
      s24::Fig3LargeSignal(),
      s24::WAndPProtocol(),
      s24::BenignCutOff(),
      {"not benign: train accuracy 1 and clean test < 0.95", Origin::kConvention,
       "boa's benign threshold (THEORY.md §2.3); the discussion's own reading (test below 1.0) "
       "is weaker still",
       "the weaker form, after gd.regimes failed at harmful = clean test ≤ 0.75 (07aebba)"},
      {"not overfitting: train accuracy < 1 and clean test ≥ 0.95", Origin::kConvention,
       "THEORY.md §2.3, boa's"},
      s24::ProjectedTestSet("clean test set: 2000 projected samples"),
  };
  c.regime = {};
  c.budget_params = Sakamoto24BudgetParams;
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    return RegimesOutcome(params, seed, false);
  };
  UsePreRegisteredRates(c, RateRow::kTypicalFigure);
  c.ci_test_with = "sakamoto24.gd.regimes";
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kSingleSetting;
  c.range_note = "the three settings of Fig. 3, each run on every seed: one setting per seed";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24GdRegimesNotBenign);

// sakamoto24.encoder.regimes — issue 16 item 10 (exploratory): the one-layer encoder of the [S]
// authors' code (M5, every block trained, RunEncoder) in its three settings, balanced (2000, 20),
// large noise (5000, 5) and large signal (1000, 100), at §4.4's scaled sizes (the paper's under
// --budget full). Each run is judged by the rules of sakamoto24.gd.regimes (benign overfitting,
// harmful overfitting, not overfitting, above). One instance is one seed of the
// three runs; reported per setting: train and clean test accuracy, noisy fit, the regime
// (ClassifyFit: benign 1, harmful −1, neither 0) and whether the run is in the paper's regime
// by the rules above (its mean over seeds is the fraction of seeds in the paper's regime).
// Exploratory, not probabilistic: the typical row's sequential test (δ = 0.5, δ₁ = 0.8) needs up to
// 176 seeds for power 0.9 at α = 5e-6 (the cap of sakamoto24.gd.regimes_not_benign), and one seed
// of the three 1000-step runs costs 35 s of CPU at the scaled sizes (about an hour at the paper's),
// so the claim reports the fractions instead.
Claim Sakamoto24EncoderRegimes() {
  Claim c;
  c.id = "sakamoto24.encoder.regimes";
  c.title =
      "One-layer encoder (all parameters trained): balanced benign, large noise harmful, large signal not overfitting?";
  c.kind = ClaimKind::kExploratory;
  c.provenance = Provenance::kExploratory;
  c.source =
      "The [S] authors' code (one-layer encoder, Figs. 6–7 of the final version), not the "
      "discussion: it answers the reviews' question whether the insights transfer to practical "
      "Transformer training (Q4)";
  c.elements = {
      {"statement", Origin::kAuthorsCode,
       "[S] code @ c563aae README (“One-layer Transformer Encoder (Figure 6 and 7)”) and "
       "main_one_layer.py: the three regimes with every block trained; reported here, not "
       "asserted"},
      {"setting", Origin::kAuthorsCode,
       "[S] code @ c563aae config/main_one_layer.yaml (train_n 20, seq_len 8, rho 0.1, lr 5e-3, "
       "1000 steps, mlp_dim 2000, test_n 1000, skip connections) and main_one_layer.py "
       "(PyTorch default initialisation, no output projection); THEORY.md §4.4 One-layer "
       "encoder"},
      {"settings (5000, 5) and (1000, 100)", Origin::kPaper,
       "issue 16 item 10, from the final version's encoder figures; not found in the [S] "
       "code's configs, which hold (2000, 20) only"},
      {"sizes below full: d/10 with ‖μ‖/√d kept, FFN width 2d", Origin::kConvention,
       "THEORY.md §4.4, boa's: the paper's sizes cost about an hour a seed (O(d²) per step)"},
      s24::BenignCutOff(),
      s24::HarmfulCutOff(),
  };
  c.regime = {};
  c.budget_params = [](Budget budget) {
    const EncoderProtocol p = EncoderProtocolAt(budget);
    return Params{{"lr", p.lr},
                  {"steps", p.steps},
                  {"n_test", p.n_test},
                  {"paper_sizes", p.paper_sizes ? 1 : 0}};
  };
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    EncoderProtocol protocol;
    protocol.lr = RealParam(params, "lr");
    protocol.steps = IntParam(params, "steps");
    protocol.n_test = IntParam(params, "n_test");
    protocol.paper_sizes = IntParam(params, "paper_sizes") != 0;
    using Rule = bool (*)(double, double, const RegimeCutOffs&);
    const std::map<std::string, Rule> paper = {{"balanced", BenignOverfitting},
                                               {"large_noise", HarmfulOverfitting},
                                               {"large_signal", NotOverfitting}};
    Outcome o;
    int as_paper = 0;
    for (const auto& setting : EncoderSettings()) {
      const EncoderSizes sizes = EncoderSizesAt(setting.d, setting.mu_norm, protocol.paper_sizes);
      const EncoderRun run = RunEncoder(sizes, protocol, seed);
      const std::string at = setting.name + "_";
      o.measured[at + "train_accuracy"] = run.train_accuracy;
      o.measured[at + "test_accuracy"] = run.test_accuracy;
      o.measured[at + "noisy_fitted"] = run.noisy_fitted;
      o.measured[at + "regime"] = RegimeCode(run.regime);
      const bool matches =
          paper.at(setting.name)(run.train_accuracy, run.test_accuracy, RegimeCutOffs{});
      o.measured[at + "as_paper"] = matches;
      as_paper += matches;
    }
    o.explanation = std::to_string(as_paper) + " of 3 settings in the paper's regime";
    return o;
  };
  c.instances = 1;  // one seed by default (10 under --budget full)
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24EncoderRegimes);

}  // namespace boa::claims
