// The closed forms [M]'s figures print beside their measurements, pinned by independent values:
// the benign-onset reference n·z_n² (magen24_benign_onset's signed_sum_law column; z_n from
// Python's statistics.NormalDist, not Boost) and log₁₀ σ(z) (magen24_softmax_bound's log₁₀
// columns, finite where σ underflows); and the onset those references stand beside, located by
// bisection, against a scan of every dimension by hand.
#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include <gtest/gtest.h>

#include "boa/benign_onset.hpp"
#include "boa/fit_regime.hpp"
#include "boa/linearized_thresholds.hpp"
#include "boa/prompt_attention_run.hpp"
#include "boa/softmax_bound.hpp"

namespace boa {
namespace magen24_references_test {

TEST(Magen24References, SignedSumOnsetLawIsNTimesTheSquaredMedianMaximum) {
  EXPECT_NEAR(SignedSumOnsetLaw(1), 0.4549364231195727, 1e-12);  // Φ⁻¹(3/4)²
  EXPECT_NEAR(SignedSumOnsetLaw(4), 7.9309016383527915, 1e-11);
  EXPECT_NEAR(SignedSumOnsetLaw(16), 65.90873497560843, 1e-10);
}

// LocateBenignOnset against every d of [d_bottom, d_top] scanned by hand (n = 8, 5 seeds, the
// two-step SA run at the window's middle r): a seed benign at d_top reports an onset d that is
// benign and either d_bottom or at most a factor 1 + resolution (or one) above a d that is not
// benign — so with one transition, within that factor of it; the others are left out, and the
// set's onset is the geometric mean of the reported ones.
TEST(Magen24References, BenignOnsetIsATransitionOfTheScannedDimensions) {
  BenignOnsetOptions options;
  options.n = 8;
  options.seeds = 5;
  options.n_test = 300;
  options.top_over_n2 = 4;
  const int top = options.top_over_n2 * options.n * options.n, bottom = options.n;
  const LinearizedThresholds t = MagenLinearizedThresholds(options.eta);
  const double r = (std::max(t.clean, t.test) + t.noisy) / 2;
  // valid[k]: the onsets bisection may report for seed k (empty: not benign at d_top).
  std::vector<std::vector<int>> valid(options.seeds);
  for (int k = 0; k < options.seeds; ++k) {
    std::map<int, bool> benign;
    for (int d = bottom; d <= top; ++d) {
      SignalNoiseSpec spec;
      spec.n = options.n;
      spec.d = d;
      spec.eta = options.eta;
      spec.flips = FlipRule::kExact;
      spec.snr = std::sqrt(r / options.n);
      PromptAttentionRunOptions run_options;
      run_options.schedule = MagenScheduleSA(spec.n, spec.d);
      run_options.n_test = options.n_test;
      const PromptAttentionRun run =
          RunPromptAttention(spec, run_options, options.seed_base + static_cast<std::uint64_t>(k));
      benign[d] = ClassifyFit(run.train_accuracy, 1 - run.test.error.rate) == FitRegime::kBenign;
    }
    if (!benign[top]) continue;
    for (int d = bottom; d <= top; ++d) {
      if (!benign[d]) continue;
      bool transition = d == bottom;
      for (int below = bottom; below < d && !transition; ++below) {
        transition = !benign[below] && d <= std::max((1 + options.resolution) * below, below + 1.0);
      }
      if (transition) valid[static_cast<std::size_t>(k)].push_back(d);
    }
  }
  const BenignOnset onset = LocateBenignOnset(options);
  std::vector<int> measured_seeds;
  for (int k = 0; k < options.seeds; ++k) {
    if (!valid[static_cast<std::size_t>(k)].empty()) measured_seeds.push_back(k);
  }
  ASSERT_GE(measured_seeds.size(), 2u) << "too few seeds benign at d_top to check the bisection";
  ASSERT_EQ(onset.seeds_benign_at_top, static_cast<int>(measured_seeds.size()));
  EXPECT_TRUE(onset.found);
  // Some assignment of the (sorted) reported onsets to the measured seeds is valid for each.
  bool assigned = false;
  do {
    bool all = true;
    for (std::size_t j = 0; j < measured_seeds.size(); ++j) {
      const std::vector<int>& ok = valid[static_cast<std::size_t>(measured_seeds[j])];
      all = all && std::count(ok.begin(), ok.end(), static_cast<int>(onset.per_seed[j])) == 1;
    }
    assigned = assigned || all;
  } while (std::next_permutation(measured_seeds.begin(), measured_seeds.end()));
  EXPECT_TRUE(assigned);
  double log_sum = 0;
  for (const double d : onset.per_seed) log_sum += std::log(d);
  EXPECT_NEAR(onset.d_onset, std::exp(log_sum / static_cast<double>(onset.per_seed.size())),
              1e-9 * onset.d_onset);
}

TEST(Magen24References, Log10SigmoidIsFiniteAndExact) {
  EXPECT_NEAR(Log10Sigmoid(0), -0.3010299956639812, 1e-15);
  EXPECT_NEAR(Log10Sigmoid(3), -0.02110121867876939, 1e-15);
  EXPECT_NEAR(Log10Sigmoid(-1000), -434.2944819032518, 1e-9);  // σ underflows; its log does not
  EXPECT_EQ(Log10Sigmoid(1000), 0);
}

}  // namespace magen24_references_test
}  // namespace boa
