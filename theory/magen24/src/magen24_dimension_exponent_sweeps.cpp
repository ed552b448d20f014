// The sweeps behind the [M] dimension and normalisation claims (THEORY.md §4.2), each at the
// claims' instance with seed 1 (seed base 1000), so the figure shows one of CI's replicates:
// - magen24_benign_onset: the smallest d at which two SA steps are benign, against n
//   (benign_onset.hpp), with the lemma's d = n² and the derived signed-sum law d = n·z_n²;
// - magen_snr_threshold_dimension: the harmful→benign SNR threshold against d at fixed n, for
//   the max-margin solution, two SA steps ([M] predicts no d-dependence) and Kou et al.'s
//   two-layer ReLU CNN (the CNN route, magen24.cnn.threshold_dimension: d^{−1/4});
// - magen_snr_threshold_normalised: the SA threshold r* with standard noise, with normalised
//   noise ξ ~ N(0, I/d) and step sizes following the data scale, and with normalised noise and
//   the standard step sizes, against n.
#include <cmath>
#include <vector>

#include "boa/benign_onset.hpp"
#include "boa/snr_threshold.hpp"
#include "boa/sweep.hpp"

namespace boa::sweeps {
namespace {

constexpr std::uint64_t kSeedBase = 1000;  // the claims' instance with seed 1

}  // namespace

Sweep Magen24BenignOnsetSweep() {
  Sweep s;
  s.name = "magen24_benign_onset";
  s.description =
      "[M] smallest d at which two SA steps are benign, against n (r = window middle, η = 0.1)";
  s.columns = {"n",          "d_onset",    "d_onset_over_n2", "seeds_benign_at_top", "seeds",
               "d_onset_q1", "d_onset_q3", "lemma_n2",        "signed_sum_law"};
  s.cells = [](Budget b, Engine) { return BenignOnsetSweepAt(b).doublings + 1; };
  s.run = [](int cell, Budget budget, Engine engine) {
    const BenignOnsetSweepSize size = BenignOnsetSweepAt(budget);
    BenignOnsetOptions o;
    o.n = size.n_min << cell;
    o.seeds = size.seeds;
    o.seed_base = kSeedBase;
    o.engine = ChoiceOf(engine);
    const BenignOnset onset = LocateBenignOnset(o);
    const std::vector<double>& d = onset.per_seed;
    const double q1 = d.empty() ? 0 : d[d.size() / 4], q3 = d.empty() ? 0 : d[3 * d.size() / 4];
    // References with constant 1 (shapes, not fits): the lemma's n² and the signed-sum law.
    const double n = o.n;
    return Rows{{n, onset.d_onset, onset.d_onset / (n * n), double(onset.seeds_benign_at_top),
                 double(o.seeds), q1, q3, n * n, SignedSumOnsetLaw(o.n)}};
  };
  return s;
}

Sweep MagenSnrThresholdDimensionSweep() {
  Sweep s;
  s.name = "magen_snr_threshold_dimension";
  s.description =
      "[M] harmful→benign SNR threshold against d at n = 20: max-margin, SA and the two-layer ReLU "
      "CNN";
  // One cell per d, every route. A threshold not located is 0, with its NotLocated reason.
  s.columns = {"n",           "d",
               "seeds",       "snr_threshold_maxmargin",
               "why_not_maxmargin", "snr_threshold_sa",
               "why_not_sa",  "snr_threshold_cnn",
               "why_not_cnn"};
  s.cells = [](Budget b, Engine) { return SnrThresholdDimensionSweepAt(b).quadruplings + 1; };
  s.run = [](int cell, Budget budget, Engine engine) {
    const SnrThresholdDimensionSweepSize size = SnrThresholdDimensionSweepAt(budget);
    SnrThresholdOptions o;
    o.n = size.n;
    o.d = SnrThresholdDimensionSweepD(size, cell);
    o.seeds = size.seeds;
    o.seed_base = kSeedBase;
    o.engine = ChoiceOf(engine);
    std::vector<double> row = {double(o.n), double(o.d), double(o.seeds)};
    for (const ThresholdRoute route :
         {ThresholdRoute::kMaxMargin, ThresholdRoute::kScheduleSA, ThresholdRoute::kCnn}) {
      o.route = route;
      const SnrThreshold t = LocateSnrThreshold(o);
      row.push_back(t.found ? t.snr_threshold : 0.0);
      row.push_back(double(static_cast<int>(t.not_located)));
    }
    return Rows{row};
  };
  return s;
}

Sweep MagenSnrThresholdNormalisedSweep() {
  Sweep s;
  s.name = "magen_snr_threshold_normalised";
  s.description =
      "[M] SA threshold r* = n·SNR*² against n: standard noise, normalised noise ξ ~ N(0, I/d) "
      "with β·d, and with the standard β";
  // One cell per n, the three noise scales. A threshold not located is 0, with its reason.
  s.columns = {"n",
               "d",
               "seeds",
               "r_threshold_standard",
               "why_not_standard",
               "r_threshold_normalised",
               "why_not_normalised",
               "r_threshold_normalised_fixed_steps",
               "why_not_normalised_fixed_steps"};
  s.cells = [](Budget b, Engine) { return SnrThresholdSweepAt(b).doublings + 1; };
  s.run = [](int cell, Budget budget, Engine engine) {
    const SnrThresholdSweepSize size = SnrThresholdSweepAt(budget);
    SnrThresholdOptions o;
    o.route = ThresholdRoute::kScheduleSA;
    o.n = size.n_min << cell;
    o.d_over_n2 = size.d_over_n2;
    o.seeds = size.seeds;
    o.seed_base = kSeedBase;
    o.engine = ChoiceOf(engine);
    std::vector<double> row = {double(o.n), double(o.d_over_n2 * o.n * o.n), double(o.seeds)};
    for (const NoiseScale noise :
         {NoiseScale::kStandard, NoiseScale::kNormalised, NoiseScale::kNormalisedFixedSteps}) {
      o.noise = noise;
      const SnrThreshold t = LocateSnrThreshold(o);
      row.push_back(t.found ? t.r_threshold : 0.0);
      row.push_back(double(static_cast<int>(t.not_located)));
    }
    return Rows{row};
  };
  return s;
}

}  // namespace boa::sweeps
