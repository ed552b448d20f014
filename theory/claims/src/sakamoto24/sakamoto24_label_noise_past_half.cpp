// sakamoto24.label_noise.past_half — the [S] discussion's η = 0.8 run (reply on Eqs. 11 and 13):
// in the balanced setting (d, ‖μ‖) = (2000, 20), raising the label noise from 0.2 to 0.8 keeps
// the training data perfectly fitted while the clean test accuracy drops (1.0 → 0.993), which the
// discussion calls a "deterioration of generalization ability with increased label noise".
//
// Per instance (one seed: the same tokens, two label-noise levels, the same projected test
// samples) whose η = 0.8 run fits every training sample (the hypothesis: the statement is about
// that fitted model; other draws are rejected and counted), the η = 0.8 run's clean test accuracy
// lies below the η = 0.2 run's by at least the margin m. m is fixed from the test set's size before
// measuring: three standard deviations of the difference of two accuracies near the reported error
// level, m = 3·√(2·0.01·0.99/n_test) with 0.01 the reported 0.007 rounded up and n_test = 20000 (m
// ≈ 0.003, under half the reported gap). Not "harmful" in boa's ≤ 0.75 sense: the discussion's
// harmful here is a drop, and its 0.993 is benign by boa's cut-off.
#include <cmath>
#include <string>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "sakamoto24_protocol.hpp"
#include "sakamoto24_provenance.hpp"

namespace boa::claims {
namespace {

constexpr double kLowNoise = 0.2, kHighNoise = 0.8;  // the discussion's two label-noise levels
constexpr int kTestSamples = 20000;
// The discussion's reported drop, 1.0 → 0.993: each run's drop is printed as a multiple of it
// (issue 50 item 5: the size, not only the direction).
constexpr double kReportedDrop = 0.007;
const double kDropMargin = 3 * std::sqrt(2 * 0.01 * 0.99 / kTestSamples);

}  // namespace

Claim Sakamoto24LabelNoisePastHalf() {
  Claim c;
  c.id = "sakamoto24.label_noise.past_half";
  c.title =
      "Balanced setting, η from 0.2 to 0.8: where the training data stay fitted, the clean test accuracy drops (by ≥ 0.003)";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[S] discussion, reply on Eqs. 11 and 13 (the η = 0.8 run)";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion, reply on Eqs. 11 and 13: with d = 2000, ‖μ‖ = 20 and the label noise "
       "raised from 0.2 to 0.8, “the model still perfectly fits the training data, the test "
       "accuracy no longer achieves 1.0 and instead drops to 0.993” — “this deterioration of "
       "generalization ability with increased label noise”"},
      {"η ∈ {0.2, 0.8}", Origin::kPaper, "the same reply"},
      {"the reported drop 0.007 (1.0 → 0.993)", Origin::kPaper,
       "the same reply; each run's drop is also printed as a multiple of it "
       "(test_drop_over_reported), its size beside the statement's direction"},
      {"setting", Origin::kAuthorsCode,
       "the Fig. 3 data in the balanced setting, the authors' W-and-p protocol (the elements "
       "below)"},
      s24::Fig3Data(),
      s24::Fig3Balanced(),
      s24::WAndPProtocol(),
      {"hypothesis: the η = 0.8 run fits every training sample (else rejected)", Origin::kPaper,
       "the same reply: “the model still perfectly fits the training data”"},
      {"paired: the same seed's tokens and test samples at both η", Origin::kConvention,
       "boa's, so that the drop is the label noise's and not the draw's"},
      {"drop margin m = 3·√(2·0.01·0.99/n_test) ≈ 0.003", Origin::kConvention,
       "boa's, fixed before measuring from the test set's size: three standard deviations of "
       "a difference of two accuracies at the reported error level (0.007, rounded up to 0.01)"},
      s24::ProjectedTestSet("clean test set: 20000 projected samples"),
  };
  c.regime = {};
  c.budget_params = Sakamoto24BudgetParams;
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    TokenSelectionRunOptions options = Sakamoto24RunOptions(params);
    options.n_test = kTestSamples;
    const auto& balanced = Sakamoto24Settings()[0];
    TokenSelectionSpec spec = Sakamoto24Spec(balanced.d, balanced.mu_norm);
    spec.eta = kLowNoise;
    const TokenSelectionRun low = RunTokenSelection(spec, options, seed);
    spec.eta = kHighNoise;
    const TokenSelectionRun high = RunTokenSelection(spec, options, seed);
    Outcome o;
    o.measured = {
        {"train_accuracy_eta_0.2", low.train_accuracy},
        {"train_accuracy_eta_0.8", high.train_accuracy},
        {"test_accuracy_eta_0.2", low.test_accuracy},
        {"test_accuracy_eta_0.8", high.test_accuracy},
        {"test_drop", low.test_accuracy - high.test_accuracy},
        {"test_drop_over_reported", (low.test_accuracy - high.test_accuracy) / kReportedDrop},
        {"drop_margin", kDropMargin}};
    // The statement is about a model that "still perfectly fits the training data": a draw whose
    // η = 0.8 run leaves a training sample unfitted is outside it (decided after the run, as
    // part of the statement), rejected and counted.
    o.in_hypothesis = high.train_accuracy == 1;
    o.holds = o.in_hypothesis && low.test_accuracy - high.test_accuracy >= kDropMargin;
    if (!o.in_hypothesis) {
      o.explanation = "at η = 0.8 the training data are not all fitted (train " +
                      FormatNumber(high.train_accuracy) + ")";
    } else if (!o.holds) {
      o.explanation = "at η = 0.8 clean test " + FormatNumber(high.test_accuracy) + " against " +
                      FormatNumber(low.test_accuracy) + " at η = 0.2 (margin " +
                      FormatNumber(kDropMargin) + ")";
    }
    return o;
  };
  // One reported run, claimed as typical: THEORY.md §4, "one seed, typical".
  UsePreRegisteredRates(c, RateRow::kTypicalFigure);
  c.rejection = Rejection::kAfterInStatement;
  c.rejection_note =
      "the η = 0.8 run leaves a training sample unfitted: the statement is about the model that "
      "\"still perfectly fits the training data\"";
  c.range = RangeKind::kSingleSetting;
  c.range_note = "the discussion's one η = 0.8 run (d = 2000, ‖μ‖ = 20); only the seed varies";
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24LabelNoisePastHalf);

}  // namespace boa::claims
