// noise_gram: the noise rows are extracted in sample order, the summary reads a hand-made Gram
// matrix correctly, and the one-pass prefix curve equals the Gram summary of each prefix.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "boa/noise_gram.hpp"
#include "boa/signal_noise_data.hpp"

namespace boa {
namespace noise_gram_test {

TEST(NoiseGram, SummaryOfAHandMadeGramMatrix) {
  Matrix g(3, 3);
  g << 4, 1, -1, 1, 2, 0.5, -1, 0.5, 8;
  const NoiseGramSummary s = SummarizeNoiseGram(g);
  EXPECT_EQ(s.min_squared_norm, 2);
  EXPECT_EQ(s.max_squared_norm, 8);
  EXPECT_EQ(s.max_abs_off_diagonal, 1);
  EXPECT_DOUBLE_EQ(s.dominance_ratio, 1.5 / 2);  // row 2: (1 + 0.5)/2
}

RC_GTEST_PROP(NoiseGram, NoiseTokensAreTheNoiseRowsInSampleOrder, ()) {
  SignalNoiseSpec spec;
  spec.n = *rc::gen::inRange(2, 8);
  spec.T = *rc::gen::inRange(2, 5);
  spec.d = *rc::gen::inRange(3, 20);
  spec.position = SignalPosition::kRandom;
  const Dataset data = GenerateSignalNoise(spec, *rc::gen::inRange(0, 1000));
  const RowMatrix noise = NoiseTokens(data);
  RC_ASSERT(noise.rows() == spec.n * (spec.T - 1));
  Eigen::Index k = 0;
  for (int i = 0; i < spec.n; ++i) {
    for (int t = 0; t < spec.T; ++t) {
      if (data.Role(i, t) != TokenRole::kNoise) continue;
      RC_ASSERT(noise.row(k) == data.Tokens(i).row(t));
      ++k;
    }
  }
}

RC_GTEST_PROP(NoiseGram, PrefixCurveEqualsTheSummaryOfEachPrefix, ()) {
  const int rows = *rc::gen::inRange(2, 8), cols = *rc::gen::inRange(3, 60);
  SignalNoiseSpec spec;
  spec.n = rows;
  spec.d = cols + 2;
  const RowMatrix noise =
      NoiseTokens(GenerateSignalNoise(spec, *rc::gen::inRange(0, 1000))).rightCols(cols);
  const std::vector<int> prefix = {1, cols / 3 + 1, cols};
  const std::vector<double> curve = DominanceRatioAlongPrefixes(noise, prefix);
  for (std::size_t k = 0; k < prefix.size(); ++k) {
    const double direct = SummarizeNoiseGram(NoiseGram(noise.leftCols(prefix[k]))).dominance_ratio;
    RC_ASSERT(std::abs(curve[k] - direct) <= 1e-12 * (1 + direct));
  }
}

}  // namespace noise_gram_test
}  // namespace boa
