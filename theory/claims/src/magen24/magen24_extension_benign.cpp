// The [M] discussion's extension experiments asserted where it states an outcome (THEORY.md §4.2):
//   magen24.extension.multi_token_benign     T = 5 (Fig. 6): two SA steps overfit benignly, most of
//                                            the clean samples' attention on the signal token and
//                                            the noisy samples' clearly lower;
//   magen24.extension.self_attention_benign  M3, vᵀXᵀS(XWx₁) (Fig. 5): the same after 200 GD steps.
// The settings are the exploratory extensions' (magen24.extension.multi_token, .self_attention);
// the verdict is JudgeBenignSelection (route_outcome.hpp). Each figure is one run shown as typical:
// δ = 0.5, δ₁ = 0.8.
#include "boa/catalog.hpp"
#include "boa/prompt_attention_run.hpp"
#include "magen24_two_step_scans.hpp"
#include "provenance_elements.hpp"
#include "route_outcome.hpp"

namespace boa::claims {
namespace {

Element SelectionCutoffs() {
  return {"selection: clean mean signal weight ≥ 0.5, noisy mean ≤ ½ × clean mean",
          Origin::kConvention,
          "boa's reading of \"most of the softmax attention\" and \"significantly lower attention "
          "on the signal token\" (route_outcome.hpp JudgeBenignSelection)"};
}

}  // namespace

Claim Magen24ExtensionMultiTokenBenign() {
  Claim c;
  c.id = "magen24.extension.multi_token_benign";
  c.title =
      "T = 5 tokens: two SA steps overfit benignly, clean samples attend mostly to their signal, noisy samples clearly less";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[M] rebuttal, Fig. 6 (multi-token); setting and cut-offs boa's (THEORY.md §4.2)";
  // Every constant of boa's is an element of its own with its scan (issue 48): the discussion
  // gives T = 5 and says nothing of how Fig. 6 was trained. The scans' ranges are declared here,
  // in the commit before their record is measured.
  c.elements = {
      prov::MultiTokenStatement(),
      {"setting", Origin::kPaper,
       "[M] discussion, 'Experiments on more complex model': \"we consider T=5 tokens, where all "
       "noise tokens are generated in the same approach\"; what it leaves open is boa's, each "
       "constant an element below with its scan (magen24.extension.multi_token's values)"},
      {"n = 20", Origin::kConvention, "the extensions' size (route_outcome.hpp ExtensionSpec)"},
      {"η = 0.1 with exact flips", Origin::kConvention, "the extensions' label noise"},
      {"r = n·SNR² = 4.5", Origin::kConvention,
       "the extensions' SNR: inside the two-token SA window (3.125, 6.58) at η = 0.1"},
      {"d = 4n²", Origin::kConvention, "the extensions' dimension, d ≫ n² as the theorems need"},
      SelectionCutoffs(),
  };
  for (Element& e : TwoStepElements()) c.elements.push_back(std::move(e));
  c.budget_params = [](Budget) {
    Params p = TwoStepParams();
    p["d_factor"] = 4;
    p["n"] = 20;
    p["eta"] = 0.1;
    p["r"] = 4.5;
    p["selection_clean"] = kMostAttention;
    p["selection_ratio"] = kLowerAttentionRatio;
    return p;
  };
  c.scans = TwoStepScans();
  const std::string selection = SelectionCutoffs().name;
  c.scans.insert(
      c.scans.end(),
      {{"n = 20", "n", {10, 20, 40, 80, 160}, "the sample size halved to eight-fold"},
       {"η = 0.1 with exact flips",
        "eta",
        {0.05, 0.1, 0.15, 0.2, 0.25},
        "one to five noisy samples of the 20"},
       {"r = n·SNR² = 4.5",
        "r",
        {3.5, 4, 4.5, 5.25, 6.2},
        "across the two-token SA window (3.125, 6.58) at η = 0.1"},
       {"d = 4n²", "d_factor", {2, 4, 8, 16, 32}, "d from 2n² to 32n² (the limit path's 4 … 32n²)"},
       {selection,
        "selection_clean",
        {0.3, 0.4, 0.5, 0.6, 0.7},
        "\"most of the softmax attention\" read from 0.3 to 0.7 of the clean samples' mean"},
       {selection,
        "selection_ratio",
        {0.3, 0.4, 0.5, 0.6, 0.7},
        "\"significantly lower\" read as the noisy mean at most 0.3 … 0.7 of the clean mean"}});
  c.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    const int n = IntParam(params, "n");
    SignalNoiseSpec spec = ExtensionSpec(IntParam(params, "d_factor") * n * n, 5);
    spec.n = n;
    spec.eta = RealParam(params, "eta");
    spec.snr = std::sqrt(RealParam(params, "r") / n);
    const PromptAttentionRun run =
        RunPromptAttention(spec, TwoStepRunOptions(params, spec.n, spec.d, ChoiceOf(engine)), seed);
    return JudgeBenignSelection(SummarizeRoute(run.labels, run.signal_attention, run.train_accuracy,
                                               1 - run.test.error.rate),
                                RealParam(params, "benign_cutoff"),
                                RealParam(params, "selection_clean"),
                                RealParam(params, "selection_ratio"));
  };
  UsePreRegisteredRates(c, RateRow::kTypicalFigure);
  c.expected = Expectation::kFails;
  // The horizon decides the class (issue 49 item 7): most failures leave noisy samples unfitted
  // after two steps. The d path (d = 4n² … 32n²: 79, 75, 75, 75 of 100) is reported in the finding.
  c.limit_path = LimitPath{"steps",
                           {2, 4, 8, 16, 32},
                           "the horizon, doubling at SA's step-2 sizes: the discussion's \"more "
                           "than 2 iterations will be required\" ('Different Step-size')"};
  c.finding_class = FindingClass::kPersists;  // records/finding_paths.csv
  c.finding =
      "At T = 5 two SA steps are benign with the stated selection in only a quarter of the draws: "
      "294 of 400 fail (the rate record, seeds 1000000000..; 0.735, above δ = 0.5 for a figure "
      "claimed as typical). Every failing draw is not benign (79 of 100 from seed 1000000000): in "
      "59 one or two noisy samples are still unfitted after two steps (train accuracy 0.95 or "
      "0.9), in 20 every sample is fitted but the clean test accuracy is below 0.95; in 48 of the "
      "79 the noisy samples' mean signal weight is also above half the clean samples' (means "
      "over 40 draws from seed 1000: clean 0.72, noisy 0.29). In all 100 the clean samples "
      "attend mostly to their signal. The schedule (SA, two steps), n = 20, r = 4.5 and "
      "d = 4n² are boa's; the discussion does not state how Fig. 6 was trained, so this refutes "
      "boa's two-step encoding at T = 5, not the discussion. Along d ≫ n² (d = 4n² … 32n², 100 "
      "draws each, seed base 3000000000) the rate stays at 0.79, 0.75, 0.75, 0.75: more "
      "dimension does not cure it. Along the horizon, which decides the class (2 … 32 steps at "
      "SA's step-2 sizes, same seeds), it rises to 0.91 from 4 steps on: class persists. Scans of every constant boa chose "
      "(records/scans.csv, 100 draws a value): each fails at every value — n 10 … 160, r, d, "
      "2 … 32 steps, step sizes, smaller steps with more iterations, the cut-offs, the test size "
      "— except the label noise: at η = 0.05 (one noisy sample of 20) 58 of 100 fail, which "
      "does not exclude δ = 0.5. An encoding note, not a tension.";
  c.gram_form = true;
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kSingleSetting;
  c.range_note = "one setting (T = 5 at the rebuttal's size); only the seed varies";
  return c;
}
BOA_REGISTER_CLAIM(Magen24ExtensionMultiTokenBenign);

Claim Magen24ExtensionSelfAttentionBenign() {
  Claim c;
  c.id = "magen24.extension.self_attention_benign";
  c.title =
      "M3 self-attention vᵀXᵀS(XWx₁): 200 GD steps overfit benignly, clean samples attend mostly to their signal, noisy samples clearly less";
  c.kind = ClaimKind::kProbabilistic;
  c.provenance = Provenance::kOperationalised;
  c.source = "[M] rebuttal, Fig. 5 (self-attention); setting and cut-offs boa's (THEORY.md §4.2)";
  c.elements = {
      {"statement", Origin::kPaper,
       "[M] discussion, 'Experiments on more complex model': \"for self-attention model "
       "v^T X^T S(X W x_1) where x_1 is the first token, the results in Fig.5 ... confirm the "
       "presence of benign overfitting. The softmax probabilities assigned to the signal and "
       "noise tokens align with the optimal token selection mechanism\""},
      {"setting", Origin::kConvention,
       "magen24.extension.self_attention's: n = 20, η = 0.1 with exact flips, r = 4.5, the signal "
       "as the first token, d = n² = 400, 2000 Monte Carlo test samples"},
      {"steps: β_v = 4n/d, β_W = β_v/‖μ‖², 200 GD steps from zero", Origin::kConvention,
       "route_outcome.hpp SelfAttentionSchedule: moves the class queries Wμ_c at the rate SB moves "
       "p in M1"},
      prov::FitRegimeCutoffs(),
      SelectionCutoffs(),
  };
  c.check = [](const Params&, std::uint64_t seed, Engine) {
    const SignalNoiseSpec spec = ExtensionSpec(20 * 20);
    SelfAttention model(spec.d);
    return JudgeBenignSelection(TrainAndSummarize(model, spec, 200, SelfAttentionSchedule, seed));
  };
  UsePreRegisteredRates(c, RateRow::kTypicalFigure);
  c.slow_in_ci = true;  // M3's d×d W: ≈ 20 s for CI's sequential run on 2 cores
  c.rejection = Rejection::kNone;
  c.range = RangeKind::kSingleSetting;
  c.range_note = "one setting (M3 at the rebuttal's size); only the seed varies";
  return c;
}
BOA_REGISTER_CLAIM(Magen24ExtensionSelfAttentionBenign);

}  // namespace boa::claims
