// The digits' quadrant roles (digits_token_roles.hpp, THEORY.md §4.4 "Token roles on the
// digits"): the class-signed mean head scores against a per-image recomputation, their scale
// (the quadrant average of both classes' scores is νᵀ(m₊ − m₋) = √2), the role rule's inequalities,
// the head being GenerateDigits', and a run's per-sample selection against its fractions and
// its role shares.
#include <cmath>

#include <gtest/gtest.h>

#include "boa/digits_data.hpp"
#include "boa/digits_token_roles.hpp"
#include "boa/digits_token_selection.hpp"

namespace boa {
namespace digits_token_roles_test {

TEST(DigitsTokenRoles, HeadIsGenerateDigitsHeadForEverySeed) {
  const DigitsSpec spec = DigitsSpecAt(0.1);
  Vector mu_plus, mu_minus;
  const Vector head = DigitsHead(spec, &mu_plus, &mu_minus);
  for (const std::uint64_t seed : {1u, 9u}) {
    const DigitsData data = GenerateDigits(spec, seed);
    EXPECT_EQ(data.head, head);
    EXPECT_EQ(data.train.mu_plus, mu_plus);
    EXPECT_EQ(data.train.mu_minus, mu_minus);
  }
}

TEST(DigitsTokenRoles, ScoresAreClassSignedMeansOfPerImageScores) {
  const DigitsSpec spec = DigitsSpecAt(0);
  const DigitsQuadrantRoles roles = DigitsRoles(spec);
  const Vector head = DigitsHead(spec);
  const RowMatrix E = DigitsEmbedding(spec.d);
  std::array<std::array<double, kDigitsTokens>, 2> sum{};
  std::array<int, 2> count{};
  for (const DigitImage& image : DigitImages()) {
    const int c = image.label == spec.class_plus ? 0 : image.label == spec.class_minus ? 1 : -1;
    if (c < 0) continue;
    const double sign = c == 0 ? 1 : -1;
    ++count[static_cast<std::size_t>(c)];
    for (int t = 0; t < kDigitsTokens; ++t) {
      sum[static_cast<std::size_t>(c)][static_cast<std::size_t>(t)] +=
          sign * head.dot(E * QuadrantPixels(image, t));
    }
  }
  ASSERT_EQ(count[0], 178);
  ASSERT_EQ(count[1], 182);
  double average = 0;
  for (std::size_t c = 0; c < 2; ++c) {
    for (std::size_t t = 0; t < kDigitsTokens; ++t) {
      EXPECT_NEAR(roles.score[c][t], sum[c][t] / count[c], 1e-12) << "class " << c << " t " << t;
      average += roles.score[c][t] / kDigitsTokens;
    }
  }
  EXPECT_NEAR(average, std::sqrt(2.0), 1e-12);
  EXPECT_NEAR(roles.noise_sd, spec.sigma * head.norm(), 1e-15);
}

TEST(DigitsTokenRoles, RolesFollowTheDeclaredThresholds) {
  for (const double sigma : {0.25, 1.0, 4.0}) {
    DigitsSpec spec = DigitsSpecAt(0);
    spec.sigma = sigma;
    const DigitsQuadrantRoles roles = DigitsRoles(spec);
    for (std::size_t c = 0; c < 2; ++c) {
      double top = roles.score[c][0];
      for (const double a : roles.score[c]) top = std::max(top, a);
      for (std::size_t t = 0; t < kDigitsTokens; ++t) {
        const double a = roles.score[c][t];
        switch (roles.role[c][t]) {
          case TokenRole::kRelevant: EXPECT_GE(a, kDigitsRelevantShare * top); break;
          case TokenRole::kIrrelevant:
            EXPECT_LT(a, kDigitsRelevantShare * top);
            EXPECT_LT(std::fabs(a), roles.noise_sd);
            break;
          case TokenRole::kWeakSame:
            EXPECT_LT(a, kDigitsRelevantShare * top);
            EXPECT_GE(a, roles.noise_sd);
            break;
          case TokenRole::kWeakOpposite: EXPECT_LE(a, -roles.noise_sd); break;
          default: ADD_FAILURE() << "a D1 role on the digits";
        }
        if (a == top) {
          EXPECT_EQ(roles.role[c][t], TokenRole::kRelevant);
        }
      }
    }
  }
}

TEST(DigitsTokenRoles, PerSampleSelectionMatchesTheSelectionFractions) {
  TokenSelectionRunOptions options;
  options.steps = 20;
  const DigitsSpec spec = DigitsSpecAt(0.2);
  const DigitsRun run = RunDigitsTokenSelection(spec, options, 2);
  const DigitsData data = GenerateDigits(spec, 2);
  ASSERT_EQ(static_cast<int>(run.train_selected.size()), data.train.n);
  std::array<double, kDigitsTokens> clean{}, noisy{};
  int clean_count = 0, noisy_count = 0;
  for (int i = 0; i < data.train.n; ++i) {
    const int t = run.train_selected[static_cast<std::size_t>(i)];
    ASSERT_GE(t, 0);
    ASSERT_LT(t, kDigitsTokens);
    if (data.train.noisy[static_cast<std::size_t>(i)]) {
      noisy[static_cast<std::size_t>(t)] += 1;
      ++noisy_count;
    } else {
      clean[static_cast<std::size_t>(t)] += 1;
      ++clean_count;
    }
  }
  for (std::size_t t = 0; t < kDigitsTokens; ++t) {
    EXPECT_DOUBLE_EQ(run.clean_selects[t], clean[t] / clean_count);
    EXPECT_DOUBLE_EQ(run.noisy_selects[t], noisy[t] / noisy_count);
  }
  // The role shares: each sample's selected quadrant read by its true class's roles.
  const DigitsQuadrantRoles roles = DigitsRoles(spec);
  std::array<double, 4> clean_roles{}, noisy_roles{};
  for (int i = 0; i < data.train.n; ++i) {
    const std::size_t c = data.train.y_true(i) > 0 ? 0 : 1;
    const TokenRole role =
        roles.role[c][static_cast<std::size_t>(run.train_selected[static_cast<std::size_t>(i)])];
    std::size_t k = 0;
    while (kDigitsRoleOrder[k] != role) ++k;
    if (data.train.noisy[static_cast<std::size_t>(i)]) {
      noisy_roles[k] += 1.0 / noisy_count;
    } else {
      clean_roles[k] += 1.0 / clean_count;
    }
  }
  for (std::size_t k = 0; k < 4; ++k) {
    EXPECT_NEAR(run.clean_roles[k], clean_roles[k], 1e-12) << kDigitsRoleNames[k];
    EXPECT_NEAR(run.noisy_roles[k], noisy_roles[k], 1e-12) << kDigitsRoleNames[k];
  }
}

}  // namespace digits_token_roles_test
}  // namespace boa
