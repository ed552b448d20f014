// magen24.extension.dominant_noise_token — issue 33 item 3: Jiang et al.'s Condition 4.1(10), one
// noise token much larger than the others, as a data variant of D1 with T > 2 (THEORY.md §2.1,
// SignalNoiseSpec::dominant_ratio κ: the first noise token keeps σ, the other T − 2 have σ/κ).
// The [M] discussion: "[Jiang et al.] assume that the second noise token is sufficiently larger
// than that of other noises, hence it essentially plays a similar role to the noise token in our
// setting" — a remark about their analysis, not an experiment, so this is exploratory.
// Setting: magen24.extension.multi_token's (ExtensionSpec: n = 20, η = 0.1 exact, r = 4.5 with r
// measured against the dominant token's σ, T = 5, d = 4n²), κ scanned over {1, 4, 16} (κ = 1 is
// the multi-token extension itself, draw for draw). Two outcomes per κ, on the direct engine
// (the per-token attention needs the ambient tokens): two SA steps from zero (the two-step
// route) and the weight-decay route (WeightDecayRoute, the discussion's max-margin learning
// rule). Each reports train and clean test accuracy, benign (THEORY.md §2.3), the clean and noisy
// samples' mean signal weight, and the noisy samples' mean share of their noise attention on the
// dominant token, s_dominant / Σ_noise s (1: the dominant token plays [M]'s noise token; 1/(T − 1)
// = 0.25: spread evenly).
#include <cmath>
#include <string>

#include "boa/catalog.hpp"
#include "boa/fit_regime.hpp"
#include "boa/max_margin_selection.hpp"
#include "boa/prompt_attention_run.hpp"
#include "provenance_elements.hpp"
#include "route_outcome.hpp"

namespace boa::claims {
namespace {

constexpr int kDominantNoiseTokens = 5;  // T, the multi-token extension's

// Over the noisy training samples, the mean share of their noise-token attention on the dominant
// (first) noise token; 0 if there is none.
double NoisyDominantShare(const PromptAttentionRun& run) {
  double total = 0;
  int noisy = 0;
  for (int i = 0; i < run.data.n; ++i) {
    if (!run.labels.noisy[static_cast<std::size_t>(i)]) continue;
    const Vector scores = run.data.Tokens(i) * run.p;
    const double top = scores.maxCoeff();
    double dominant = -1, noise = 0;
    for (int t = 0; t < run.data.T; ++t) {
      if (run.labels.Role(i, t) == TokenRole::kSignal) continue;
      const double w = std::exp(scores(t) - top);
      if (dominant < 0) dominant = w;  // the first noise token in slot order
      noise += w;
    }
    total += dominant / noise;
    ++noisy;
  }
  return noisy > 0 ? total / noisy : 0.0;
}

void ReportDominantRoute(const std::string& prefix, const PromptAttentionRun& run, Outcome& o) {
  const double accuracy = 1 - run.test.error.rate;
  const RouteResult r =
      SummarizeRoute(run.labels, run.signal_attention, run.train_accuracy, accuracy);
  o.measured[prefix + "_train_accuracy"] = r.train_accuracy;
  o.measured[prefix + "_clean_test_accuracy"] = r.clean_test_accuracy;
  o.measured[prefix + "_benign"] =
      ClassifyFit(r.train_accuracy, r.clean_test_accuracy) == FitRegime::kBenign;
  o.measured[prefix + "_clean_signal_attention"] = r.clean_signal_attention;
  o.measured[prefix + "_noisy_signal_attention"] = r.noisy_signal_attention;
  o.measured[prefix + "_noisy_dominant_share"] = NoisyDominantShare(run);
}

}  // namespace

Claim Magen24ExtensionDominantNoiseToken() {
  Claim c;
  c.id = "magen24.extension.dominant_noise_token";
  c.title =
      "T = 5 with one dominant noise token (Jiang et al.'s Condition 4.1(10)), κ = 1, 4, 16: two SA steps and weight decay";
  c.kind = ClaimKind::kExploratory;
  c.provenance = Provenance::kExploratory;
  c.source =
      "[M] discussion, 'Multi-token settings' (Jiang et al.'s Condition 4.1(10)); the data variant "
      "and κ boa's (THEORY.md §2.1, §4.2)";
  c.elements = {
      {"statement", Origin::kPaper,
       "[M] discussion, 'Multi-token settings': \"In their Condition 4.1.(10), they assume that "
       "the second noise token is sufficiently larger than that of other noises, hence it "
       "essentially plays a similar role to the noise token in our setting\""},
      {"dominant token: the first noise token keeps σ, the other noise tokens σ/κ",
       Origin::kConvention,
       "boa's form of \"sufficiently larger\" (SignalNoiseSpec::dominant_ratio, THEORY.md §2.1): "
       "the dominant token is [M]'s noise token, so r = n‖μ‖²/σ² keeps its meaning; the "
       "discussion gives no scale"},
      {"κ ∈ {1, 4, 16}", Origin::kConvention,
       "boa's scan: κ = 1 is magen24.extension.multi_token's data, 16 puts the other tokens' "
       "energy (T − 2)·d/κ² two orders below the dominant one's"},
      {"setting", Origin::kConvention,
       "magen24.extension.multi_token's: n = 20, η = 0.1 with exact flips, r = 4.5, T = 5, "
       "d = 4n² = 1600, 4000 projected test samples, direct engine"},
      prov::ScheduleSA(),
      {"weight-decay route: SB steps 4n/d, λ = 1e-3·d/n, 1000 steps from zero", Origin::kConvention,
       "max_margin_selection.hpp WeightDecayRoute: the discussion's max-margin learning rule "
       "(\"GD with weight-decay corresponds to norm-minimization/margin-maximization\")"},
      prov::FitRegimeCutoffs(),
  };
  c.check = [](const Params&, std::uint64_t seed, Engine) {
    Outcome o;
    for (const int kappa : {1, 4, 16}) {
      SignalNoiseSpec spec = ExtensionSpec(4 * 20 * 20, kDominantNoiseTokens);
      spec.dominant_ratio = kappa;
      PromptAttentionRunOptions two_step;
      two_step.schedule = MagenScheduleSA(spec.n, spec.d);
      two_step.steps = 2;
      two_step.engine = EngineChoice::kDirect;
      PromptAttentionRunOptions decay = WeightDecayRoute(spec.n, spec.d, 4000);
      decay.engine = EngineChoice::kDirect;
      const std::string k = "kappa" + std::to_string(kappa);
      ReportDominantRoute(k + "_two_step", RunPromptAttention(spec, two_step, seed), o);
      ReportDominantRoute(k + "_weight_decay", RunPromptAttention(spec, decay, seed), o);
    }
    return o;
  };
  c.instances = 10;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Magen24ExtensionDominantNoiseToken);

}  // namespace boa::claims
