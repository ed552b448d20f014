// The bookkeeping of one [S] experiment on hand-made attention: which token each sample selects
// (by role) and the 𝔖 sums, where the right answer is known by construction.
#include <cmath>

#include <gtest/gtest.h>

#include "boa/frak_s.hpp"
#include "boa/token_selection_run.hpp"

namespace boa {
namespace {

// Three samples of T = 3 tokens (relevant, weak opposite, irrelevant); sample 1 is noisy.
Dataset ThreeSamples() {
  Dataset data;
  data.n = 3;
  data.T = 3;
  data.d = 3;
  data.X = RowMatrix::Zero(9, 3);
  data.y = Vector::Ones(3);
  data.y_true = Vector::Ones(3);
  data.y(1) = -1;
  data.y_true(2) = data.y(2) = -1;
  data.noisy = {false, true, false};
  for (int i = 0; i < 3; ++i) {
    data.roles.insert(data.roles.end(),
                      {TokenRole::kRelevant, TokenRole::kWeakOpposite, TokenRole::kIrrelevant});
  }
  return data;
}

TEST(TokenSelectionRun, SelectionByRoleCountsTheArgmaxTokenOfEachIncludedSample) {
  const Dataset data = ThreeSamples();
  RowMatrix attention(3, 3);
  attention << 0.7, 0.2, 0.1,   // clean → relevant
               0.1, 0.6, 0.3,   // noisy → weak opposite
               0.2, 0.3, 0.5;   // clean → irrelevant
  const auto clean = SelectionByRole(attention, data, CleanSamples(data));
  EXPECT_DOUBLE_EQ(clean.at("relevant"), 0.5);
  EXPECT_DOUBLE_EQ(clean.at("irrelevant"), 0.5);
  EXPECT_DOUBLE_EQ(clean.at("weak_opposite"), 0.0);
  EXPECT_DOUBLE_EQ(clean.at("weak_same"), 0.0);  // every D2 role is reported
  const auto noisy = SelectionByRole(attention, data, data.noisy);
  EXPECT_DOUBLE_EQ(noisy.at("weak_opposite"), 1.0);
  EXPECT_TRUE(SelectionByRole(attention, data, {false, false, false}).empty());
}

TEST(TokenSelectionRun, FrakSAddsRelevantAttentionTimesItsComplementPerGroup) {
  const Dataset data = ThreeSamples();
  FrakS frak;
  const RunObserver observe = FrakSAccumulator(frak);
  Evaluation e;
  e.attention = RowMatrix(3, 3);
  e.attention << 0.5, 0.25, 0.25,  // clean, y = +1: 𝔖 = 0.25
                 0.2, 0.4, 0.4,    // noisy, ỹ = +1: 𝔖 = 0.16
                 0.9, 0.05, 0.05;  // clean, y = −1: 𝔖 = 0.09
  observe(0, data, TokenSelection(3, Vector::Ones(3), false), e);
  observe(1, data, TokenSelection(3, Vector::Ones(3), false), e);  // two steps: sums double
  EXPECT_DOUBLE_EQ(frak.clean_plus, 0.5);
  EXPECT_DOUBLE_EQ(frak.noisy_plus, 0.32);
  EXPECT_DOUBLE_EQ(frak.clean_minus, 0.18);
  EXPECT_DOUBLE_EQ(frak.RPlus(), 0.5 / 0.32);
  EXPECT_TRUE(std::isinf(frak.RMinus()));  // no noisy sample of true class −1
}

}  // namespace
}  // namespace boa
