// sakamoto24.real_data.digits — issue 16 item 11 (exploratory): does benign overfitting appear on
// real images? Token selection with a fixed head (RunDigitsTokenSelection, the W-and-p protocol
// of [S] v3) on the bundled 8×8 digits, 0 against 1, with the four 4×4 quadrants as tokens,
// n = 50, d = 2000, σ = 1 (THEORY.md §4.4), at label noise η ∈ {0, 0.1, 0.2, 0.3}. One instance
// is one seed at every η. Reported per η: train accuracy, the fitted fraction of the noisy
// samples, the clean test accuracy on the held-out images, the regime (§2.3: benign 1, harmful
// −1, neither 0), and per quadrant the fraction of clean and noisy samples attending to it most.
#include <string>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/digits_token_selection.hpp"
#include "boa/fit_regime.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "sakamoto24_provenance.hpp"

namespace boa::claims {

Claim Sakamoto24RealDataDigits() {
  Claim c;
  c.id = "sakamoto24.real_data.digits";
  c.title =
      "Real images (8×8 digits 0 vs 1, quadrants as tokens): token selection under label noise 0–0.3";
  c.kind = ClaimKind::kExploratory;
  c.provenance = Provenance::kExploratory;
  c.source =
      "[S] discussion reply A3 (fine-tuning the last attention layer of ViT and BERT under label "
      "noise), on boa's substitute data (8×8 digits)";
  c.elements = {
      {"statement", Origin::kPaper,
       "[S] discussion (A3 to several reviews): fine-tuning only the last attention layer of "
       "pre-trained ViT and BERT on label-noisy tasks, “We showed the generalization error of "
       "the model overfitted to noisy downstream tasks by varying the label noise”; the same "
       "question asked on data that ship offline, reported, not asserted"},
      {"setting", Origin::kConvention,
       "THEORY.md §4.4 Real data, boa's: 8×8 digits 0 and 1, the four 4×4 quadrants as T = 4 "
       "tokens embedded into d = 2000 by a fixed Gaussian E (seed 1) plus N(0, I) noise, n = 50, "
       "η ∈ {0, 0.1, 0.2, 0.3}, balanced-exact flips, the class-mean head at the default "
       "head's scale, 310 held-out test images"},
      s24::DigitsSubstitute(),
      s24::WAndPProtocol(),
      {"regimes: benign (train 1, test ≥ 0.95), harmful (test ≤ 0.75)", Origin::kConvention,
       "THEORY.md §2.3, boa's thresholds (reported)"},
  };
  c.regime = {};
  c.check = [](const Params&, std::uint64_t seed, Engine) {
    const TokenSelectionRunOptions options = Sakamoto24Protocol(Budget::kDefault);
    Outcome o;
    int benign = 0;
    for (const double eta : DigitsNoiseRates()) {
      const DigitsRun run = RunDigitsTokenSelection(DigitsSpecAt(eta), options, seed);
      const std::string at = "_eta" + FormatNumber(eta);
      o.measured["train_accuracy" + at] = run.train_accuracy;
      o.measured["noisy_fitted" + at] = run.noisy_fitted;
      o.measured["test_accuracy" + at] = run.test_accuracy;
      const FitRegime regime = ClassifyFit(run.train_accuracy, run.test_accuracy);
      benign += regime == FitRegime::kBenign;
      o.measured["regime" + at] = RegimeCode(regime);
      for (std::size_t t = 0; t < kQuadrantNames.size(); ++t) {
        const std::string q(kQuadrantNames[t]);
        o.measured["clean_selects_" + q + at] = run.clean_selects[t];
        o.measured["noisy_selects_" + q + at] = run.noisy_selects[t];
      }
    }
    o.explanation = "benign at " + std::to_string(benign) + " of " +
                    std::to_string(DigitsNoiseRates().size()) + " noise rates";
    return o;
  };
  c.instances = 1;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Sakamoto24RealDataDigits);

}  // namespace boa::claims
