// sakamoto24.head.random — [S] Section F (exploratory): token selection with a random fixed head
// instead of the class-signal difference. The balanced Fig. 3a data (d = 2000, ‖μ‖ = 20,
// W-and-p protocol), with ν = g/(‖g‖·‖μ‖), g ~ N(0, I_d) (RandomGaussianHead: the default head's
// norm). One instance is one seed. Reported: the head's cosine with the class-signal difference
// μ₊ − μ₋, train accuracy, the fitted fraction of the noisy samples, clean test accuracy, the
// selection by role, the same seed's numbers under the default head for contrast, and the
// derived clean accuracy if every test sample attended to its relevant token alone,
// ½Φ(νᵀμ₊/(σ‖ν‖)) + ½Φ(−νᵀμ₋/(σ‖ν‖)) (the relevant token's head score is νᵀμ_ỹ + N(0, σ²‖ν‖²)).
// The figure sakamoto24_random_head interpolates between the two heads by angle.
//
// sakamoto24.extension.k_classes — [S] Section F (exploratory): K classes with K signals. For
// K = 2, 3, 5 at η = 0.2, one run of RunTokenSelectionK (KClassSpec, KClassProtocol) per seed:
// train accuracy, the fitted noisy fraction, clean test accuracy, the realised noise rate and the
// selection by role. The figure sakamoto24_k_classes sweeps η.
#include <cmath>
#include <string>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa/token_selection_run.hpp"
#include "sakamoto24_provenance.hpp"

namespace boa::claims {
Claim Sakamoto24HeadRandom() {
  Claim c;
  c.id = "sakamoto24.head.random";
  c.title =
      "A random Gaussian fixed head instead of the class-signal difference: fit, test accuracy and selection";
  c.kind = ClaimKind::kExploratory;
  c.provenance = Provenance::kExploratory;
  c.source = "[S] Section F (other heads)";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion A1: “the main results also hold in scenarios where the linear head is "
       "randomly fixed, and the embedding layer learns the data embeddings aligned with these "
       "linear classifier's directions”. boa fixes a random head without learning an "
       "embedding, so this measures the head alone; reported, not asserted"},
      {"random head ν = g/(‖g‖·‖μ‖), g ~ N(0, I_d)", Origin::kConvention,
       "sakamoto24_settings.hpp (RandomGaussianHead), boa's: the default head's norm"},
      {"setting", Origin::kAuthorsCode,
       "the Fig. 3 data in the balanced setting, trained as the authors' final code trains them "
       "(the elements below)"},
      s24::Fig3Data(),
      s24::Fig3Balanced(),
      s24::WAndPProtocol(),
      s24::ProjectedTestSet("clean test set: 2000 projected samples"),
  };
  c.regime = {};
  c.check = [](const Params&, std::uint64_t seed, Engine) {
    const TokenSelectionSpec spec = Sakamoto24Spec(2000, 20);
    TokenSelectionRunOptions options = Sakamoto24Protocol(Budget::kDefault);
    Outcome o;
    AddRunMeasures("default_head_", RunTokenSelection(spec, options, seed), o.measured);
    options.head = RandomGaussianHead(spec, seed);
    const TokenSelectionRun run = RunTokenSelection(spec, options, seed);
    AddRunMeasures("random_head_", run, o.measured);
    const Vector& nu = options.head;
    o.measured["random_head_cosine_with_signal_difference"] = HeadSignalCosine(nu);
    o.measured["random_head_relevant_only_accuracy"] = RelevantTokenAccuracy(spec, nu);
    o.explanation = "random head: train " + FormatNumber(run.train_accuracy) + ", clean test " +
                    FormatNumber(run.test_accuracy);
    return o;
  };
  c.instances = 1;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24HeadRandom);

Claim Sakamoto24ExtensionKClasses() {
  Claim c;
  c.id = "sakamoto24.extension.k_classes";
  c.title =
      "K classes with K signals and K fixed class heads: fit, clean test accuracy and selection at η = 0.2";
  c.kind = ClaimKind::kExploratory;
  c.provenance = Provenance::kExploratory;
  c.source = "[S] Section F (multi-class extension)";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion (reply Q1, “3. Binary classification”): “Section F in the appendix "
       "discusses how the analysis can be extended to the multi-class setting without "
       "fundamentally changing the arguments”; no checkable statement, so measured and "
       "reported"},
      {"setting", Origin::kConvention,
       "THEORY.md §4.4 K classes, boa's: K ∈ {2, 3, 5} orthogonal class signals, one weak token "
       "per other class, n = 30, Bernoulli(η = 0.2) flips to a uniform other class, heads "
       "ν_k = μ_k/(√2‖μ‖²); d = 2000, ‖μ‖ = 20, T = 8, ρ = 0.1 as the Fig. 3 data"},
      {"GD protocol: p only (W = I), lr 5e-3, 1000 steps", Origin::kConvention,
       "THEORY.md §4.4, boa's: the authors' step size and horizon with p alone (the K-output "
       "model has no factored W; Lemma A.6)"},
      {"clean test set: 400 fresh samples", Origin::kConvention, "THEORY.md §4.4, boa's"},
  };
  c.regime = {};
  c.check = [](const Params&, std::uint64_t seed, Engine) {
    const TokenSelectionRunOptions options = KClassProtocol(Budget::kDefault);
    Outcome o;
    for (const int K : KClassCounts()) {
      const TokenSelectionSpec spec = KClassSpec(K, 0.2);
      const TokenSelectionRun run = RunTokenSelectionK(spec, options, seed);
      const std::string prefix = "k" + std::to_string(K) + "_";
      AddRunMeasures(prefix, run, o.measured);
      o.measured.erase(prefix + "noisy_select_label_sign");  // a binary measure
      o.measured[prefix + "noisy_selects_label_class"] = run.noisy_selects_label_class;
      o.measured[prefix + "noise_rate"] = static_cast<double>(run.data.NoisyCount()) / spec.n;
      o.explanation += (o.explanation.empty() ? "" : "; ") + ("K = " + std::to_string(K)) +
                       ": train " + FormatNumber(run.train_accuracy) + ", clean test " +
                       FormatNumber(run.test_accuracy);
    }
    return o;
  };
  c.instances = 1;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24ExtensionKClasses);

}  // namespace boa::claims
