// magen24.cnn.large_snr — the two-layer ReLU CNN far above its own threshold (issue 31, item 5).
//
// The [M] discussion ('SNR- self-attention vs convolutional') says Kou et al. "only analyze the
// case where SNR is small (||μ||/√d = O(1/n^{1/2}))", while attention needs no SNR upper bound
// (magen24.maxmargin.no_snr_upper_bound, magen24.gd.no_snr_upper_bound). It states nothing about
// what the CNN does above that range, so this claim reports, not asserts: per instance, the CNN
// route's threshold r* is located (16 seeds), then 16 fresh seeds are trained at 4, 20 and 100
// times r* in r = n·SNR² (to 100× in SNR², the range), and the fractions that are benign,
// that fit every training sample, and the mean clean test accuracy are reported.
#include <cmath>
#include <string>

#include "boa/catalog.hpp"
#include "boa/fit_regime.hpp"
#include "boa/snr_threshold.hpp"
#include "provenance_elements.hpp"

namespace boa::claims {
namespace {

constexpr int kLargeSnrN = 20;
constexpr int kLargeSnrD = 4 * kLargeSnrN * kLargeSnrN;
constexpr int kLargeSnrSeeds = 16;
constexpr double kLargeSnrEta = 0.1;
constexpr int kLargeSnrTestSamples = 2000;

Outcome CnnLargeSnr(std::uint64_t seed, Engine engine) {
  SnrThresholdOptions options;
  options.route = ThresholdRoute::kCnn;
  options.n = kLargeSnrN;
  options.d = kLargeSnrD;
  options.eta = kLargeSnrEta;
  options.seeds = kLargeSnrSeeds;
  options.seed_base = seed * 1000;
  options.engine = ChoiceOf(engine);
  const SnrThreshold t = LocateSnrThreshold(options);
  Outcome o;
  if (!t.found) {
    o.explanation = "no CNN threshold located: " + t.why_not;
    return o;
  }
  o.measured["r_threshold"] = t.r_threshold;
  for (const int factor : {4, 20, 100}) {
    const double r = factor * t.r_threshold;
    int benign = 0, fitted = 0;
    double test = 0;
    for (int k = 0; k < kLargeSnrSeeds; ++k) {
      // Fresh seeds: beyond the locator's seed_base .. seed_base + seeds − 1.
      const std::uint64_t run_seed = seed * 1000 + 500 + static_cast<std::uint64_t>(k);
      const RouteResult result = RunCnnThresholdRoute(
          options.cnn, false, kLargeSnrN, kLargeSnrD, kLargeSnrEta, std::sqrt(r / kLargeSnrN),
          kLargeSnrTestSamples, run_seed, options.engine);
      benign +=
          ClassifyFit(result.train_accuracy, result.clean_test_accuracy) == FitRegime::kBenign;
      fitted += result.train_accuracy == 1;
      test += result.clean_test_accuracy;
    }
    const std::string at = "_x" + std::to_string(factor);
    o.measured["benign_fraction" + at] = static_cast<double>(benign) / kLargeSnrSeeds;
    o.measured["fitted_fraction" + at] = static_cast<double>(fitted) / kLargeSnrSeeds;
    o.measured["clean_test_accuracy" + at] = test / kLargeSnrSeeds;
  }
  o.explanation = "CNN threshold r* = " + std::to_string(t.r_threshold);
  return o;
}

}  // namespace

Claim Magen24CnnLargeSnr() {
  Claim c;
  c.id = "magen24.cnn.large_snr";
  c.title =
      "The two-layer ReLU CNN at 4, 20 and 100 times its own threshold in SNR²: benign, "
      "fitted and clean test fractions";
  c.kind = ClaimKind::kExploratory;
  c.provenance = Provenance::kExploratory;
  c.source =
      "[M] discussion, 'SNR- self-attention vs convolutional' (Kou et al.'s analysis covers small "
      "SNR only; attention needs no upper bound); issue 31, item 5";
  c.elements = {
      {"statement", Origin::kPaper,
       "[M] discussion: Kou et al. \"only analyze the case where SNR is small (||μ||/√d = "
       "O(1/n^{1/2})), while we do not require an upper bound for SNR\" — nothing is stated about "
       "the CNN above that range, so boa reports it"},
      {"setting", Origin::kConvention,
       "boa's: n = 20, d = 4n² = 1600, η = 0.1 with exact flips, D1 data; r* located with 16 "
       "seeds, then 16 fresh seeds at 4, 20 and 100 × r*; 2000 clean test samples"},
      prov::CnnRoute(),
      prov::ThresholdLocator(),
      prov::FitRegimeCutoffs(),
  };
  c.check = [](const Params&, std::uint64_t seed, Engine engine) {
    return CnnLargeSnr(seed, engine);
  };
  c.instances = 3;
  c.rejection = Rejection::kNone;
  c.gram_form = true;
  return c;
}
BOA_REGISTER_CLAIM(Magen24CnnLargeSnr);

}  // namespace boa::claims
