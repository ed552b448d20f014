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
  c.elements = {
      prov::MultiTokenStatement(),
      {"T = 5", Origin::kPaper,
       "[M] discussion, 'Experiments on more complex model': \"we consider T=5 tokens, where all "
       "noise tokens are generated in the same approach\""},
      {"setting", Origin::kConvention,
       "magen24.extension.multi_token's: n = 20, η = 0.1 with exact flips, r = 4.5, d = 4n² = "
       "1600, two GD steps from zero, 4000 projected test samples"},
      prov::ScheduleSA(),
      prov::FitRegimeCutoffs(),
      SelectionCutoffs(),
  };
  c.budget_params = [](Budget) { return Params{{"d_factor", 4}}; };
  c.check = [](const Params& params, std::uint64_t seed, Engine engine) {
    const SignalNoiseSpec spec = ExtensionSpec(IntParam(params, "d_factor") * 20 * 20, 5);
    PromptAttentionRunOptions options;
    options.schedule = MagenScheduleSA(spec.n, spec.d);
    options.steps = 2;
    options.engine = ChoiceOf(engine);
    const PromptAttentionRun run = RunPromptAttention(spec, options, seed);
    return JudgeBenignSelection(SummarizeRoute(run.labels, run.signal_attention, run.train_accuracy,
                                               1 - run.test.error.rate));
  };
  UsePreRegisteredRates(c, RateRow::kTypicalFigure);
  c.expected = Expectation::kHolds;  // TEMPORARY: rate measurement
  c.limit_path = LimitPath{"d_factor",
                           {4, 8, 16, 32},
                           "the [M] regime d ≫ n² the extensions inherit: d = d_factor·n², n = 20, "
                           "doubling from the extensions' 4n² (as multi_token_spread's path)"};
  c.finding_class = FindingClass::kUndetermined;  // records/finding_paths.csv
  c.finding = "FINDING_TEXT";
  c.gram_form = true;
  c.rejection = Rejection::kNone;
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
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Magen24ExtensionSelfAttentionBenign);

}  // namespace boa::claims
