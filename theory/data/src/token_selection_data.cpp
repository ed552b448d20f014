#include "boa/token_selection_data.hpp"

#include <cmath>
#include <string>

#include "boa/error.hpp"
#include "boa/label_noise.hpp"
#include "boa/memory_budget.hpp"
#include "boa/rng.hpp"

namespace boa {
namespace {

Dataset Generate(const TokenSelectionSpec& spec, int n, double eta, std::uint64_t seed,
                 std::uint64_t stream) {
  Validate(spec);
  const int T = spec.T, d = spec.d;
  RequireMemory(static_cast<double>(n) * T * d,
                "a token-selection data set of n·T·d = " + std::to_string(n) + "·" +
                    std::to_string(T) + "·" + std::to_string(d) + " numbers");
  Rng rng(seed, stream);
  Dataset data;
  data.n = n;
  data.T = T;
  data.d = d;
  data.mu_plus = Vector::Zero(d);
  data.mu_minus = Vector::Zero(d);
  data.mu_plus(0) = spec.mu_norm;
  data.mu_minus(1) = spec.mu_norm;
  data.X.resize(static_cast<Eigen::Index>(n) * T, d);
  data.y.resize(n);
  data.y_true.resize(n);
  data.roles.resize(static_cast<std::size_t>(n) * T);

  std::vector<TokenRole> layout;
  layout.insert(layout.end(), spec.relevant, TokenRole::kRelevant);
  layout.insert(layout.end(), spec.weak_same, TokenRole::kWeakSame);
  layout.insert(layout.end(), spec.weak_opposite, TokenRole::kWeakOpposite);
  layout.resize(T, TokenRole::kIrrelevant);

  for (int i = 0; i < n; ++i) {
    const double label = spec.labels == LabelRule::kBalanced ? (i < n / 2 ? 1.0 : -1.0)
                                                             : (rng.Bernoulli(0.5) ? 1.0 : -1.0);
    data.y_true(i) = label;
    const Vector& same = label > 0 ? data.mu_plus : data.mu_minus;
    const Vector& opposite = label > 0 ? data.mu_minus : data.mu_plus;
    for (int t = 0; t < T; ++t) {
      auto row = data.X.row(static_cast<Eigen::Index>(i) * T + t);
      for (int j = 0; j < d; ++j) row(j) = spec.sigma * rng.Normal();
      switch (layout[t]) {
        case TokenRole::kRelevant: row += same.transpose(); break;
        case TokenRole::kWeakSame: row += spec.rho * same.transpose(); break;
        case TokenRole::kWeakOpposite: row += spec.rho * opposite.transpose(); break;
        default: break;
      }
      data.roles[static_cast<std::size_t>(i) * T + t] = layout[t];
    }
  }
  const std::vector<bool> flip = DrawFlips(spec.flips, n, eta, rng);
  data.noisy = flip;
  for (int i = 0; i < n; ++i) data.y(i) = flip[i] ? -data.y_true(i) : data.y_true(i);
  return data;
}

}  // namespace

TokenMeanSignal TokenMeanSignalOf(const TokenSelectionSpec& spec) {
  return {(spec.relevant + spec.rho * spec.weak_same) / spec.T,
          spec.rho * spec.weak_opposite / spec.T};
}

Vector TokenSignal(const Dataset& data, int i, int t, double rho) {
  const bool plus = data.y_true(i) > 0;
  const Vector& same = plus ? data.mu_plus : data.mu_minus;
  const Vector& opposite = plus ? data.mu_minus : data.mu_plus;
  switch (data.Role(i, t)) {
    case TokenRole::kRelevant: return same;
    case TokenRole::kWeakSame: return rho * same;
    case TokenRole::kWeakOpposite: return rho * opposite;
    default: return Vector::Zero(data.d);
  }
}

void Validate(const TokenSelectionSpec& spec) {
  Require(spec.n >= 2, "n must be at least 2 (got " + std::to_string(spec.n) + ")");
  Require(spec.d >= 3, "d must be at least 3 (got " + std::to_string(spec.d) + ")");
  Require(spec.T >= 2, "T must be at least 2 (got " + std::to_string(spec.T) + ")");
  Require(std::isfinite(spec.eta) && spec.eta >= 0 && spec.eta < 1,
          "eta must be in [0, 1) (got " + std::to_string(spec.eta) + ")");
  Require(std::isfinite(spec.mu_norm) && spec.mu_norm >= 0,
          "mu_norm must be finite and non-negative (got " + std::to_string(spec.mu_norm) + ")");
  Require(std::isfinite(spec.rho) && spec.rho >= 0,
          "rho must be finite and non-negative (got " + std::to_string(spec.rho) + ")");
  Require(std::isfinite(spec.sigma) && spec.sigma > 0,
          "sigma must be finite and positive (got " + std::to_string(spec.sigma) + ")");
  Require(spec.relevant >= 0 && spec.weak_same >= 0 && spec.weak_opposite >= 0 &&
              spec.relevant + spec.weak_same + spec.weak_opposite <= spec.T,
          "token counts (relevant + weak_same + weak_opposite) must be non-negative and at most T");
  Require(spec.flips == FlipRule::kBalancedExact || spec.flips == FlipRule::kBernoulli,
          "token-selection flips must be 'balanced-exact' or 'bernoulli'");
}

Dataset GenerateTokenSelection(const TokenSelectionSpec& spec, std::uint64_t seed) {
  return Generate(spec, spec.n, spec.eta, seed, kTrainData);
}

Dataset GenerateTokenSelectionTest(const TokenSelectionSpec& spec, int n_test, std::uint64_t seed) {
  Require(n_test >= 2, "the test set needs at least two samples");
  TokenSelectionSpec clean = spec;
  clean.eta = 0;
  clean.n = n_test;
  return Generate(clean, n_test, 0.0, seed, kTestData);
}

}  // namespace boa
