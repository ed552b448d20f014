// The sakamoto24.* encoder setting beyond the claims' own tests (properties/claims_test.cpp runs
// one test per claim): the scaled sizes of sakamoto24.encoder.regimes.
#include <cmath>

#include <gtest/gtest.h>

#include "boa/encoder_run.hpp"

// §4.4's scaled sizes: a tenth of d (rounded), ‖μ‖/√d kept, FFN width 2d; the paper's sizes
// with FFN width 2000 otherwise.
TEST(Sakamoto24EncoderSizes, KeepMuOverRootDWhenScaled) {
  for (const auto& setting : boa::EncoderSettings()) {
    const boa::EncoderSizes paper = boa::EncoderSizesAt(setting.d, setting.mu_norm, true);
    EXPECT_EQ(paper.spec.d, setting.d);
    EXPECT_EQ(paper.spec.mu_norm, setting.mu_norm);
    EXPECT_EQ(paper.ffn_width, 2000);
  }
  for (const int d : {250, 1375, 2000, 5000}) {
    const boa::EncoderSizes scaled = boa::EncoderSizesAt(d, 20, false);
    EXPECT_EQ(scaled.spec.d, std::lround(d / 10.0)) << d;
    EXPECT_EQ(scaled.ffn_width, 2 * scaled.spec.d) << d;
    EXPECT_NEAR(scaled.spec.mu_norm / std::sqrt(scaled.spec.d), 20 / std::sqrt(d), 1e-12) << d;
  }
}
