#include "boa/token_selection_data.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "boa/error.hpp"
#include "boa/label_noise.hpp"
#include "boa/memory_budget.hpp"
#include "boa/rng.hpp"

namespace boa {
namespace {

// Balanced labels: class c for ⌊cn/K⌋ ≤ i < ⌊(c+1)n/K⌋ (K = 2: the first ⌊n/2⌋ samples are class
// 0).
int BalancedClass(int i, int n, int K) {
  int c = 0;
  while (c + 1 < K && static_cast<long>(c + 1) * n / K <= i) ++c;
  return c;
}

// The label value of class c: ±1 for K = 2 (class 0 is +1), the index itself for K ≥ 3.
double LabelOf(int c, int K) { return K == 2 ? (c == 0 ? 1.0 : -1.0) : c; }

// The class whose signal token t of a sample of class c carries (−1: none): ỹ for relevant and
// weak-same tokens; for the j-th weak-opposite token, the (j / weak_opposite)-th class ≠ c.
int TokenClass(const std::vector<TokenRole>& layout, int t, int c, int weak_opposite) {
  switch (layout[t]) {
    case TokenRole::kRelevant:
    case TokenRole::kWeakSame: return c;
    case TokenRole::kWeakOpposite: {
      const auto first = std::find(layout.begin(), layout.end(), TokenRole::kWeakOpposite);
      const int group = (t - static_cast<int>(first - layout.begin())) / weak_opposite;
      return group < c ? group : group + 1;
    }
    default: return -1;
  }
}

// The multiple of μ a token of this role carries: 1 (relevant) or ρ (weak).
double SignalScale(TokenRole role, double rho) { return role == TokenRole::kRelevant ? 1.0 : rho; }

std::vector<TokenRole> LayoutOf(const Dataset& data, int i) {
  return {data.roles.begin() + static_cast<std::ptrdiff_t>(i) * data.T,
          data.roles.begin() + static_cast<std::ptrdiff_t>(i + 1) * data.T};
}

Dataset Generate(const TokenSelectionSpec& spec, int n, double eta, std::uint64_t seed,
                 std::uint64_t stream) {
  Validate(spec);
  const int T = spec.T, d = spec.d;
  RequireMemory(static_cast<double>(n) * T * d,
                "a token-selection data set of n·T·d = " + std::to_string(n) + "·" +
                    std::to_string(T) + "·" + std::to_string(d) + " numbers");
  Rng rng(seed, stream);
  const int K = spec.classes;
  Dataset data;
  data.n = n;
  data.T = T;
  data.d = d;
  data.classes = K;
  data.mu_plus = Vector::Zero(d);
  data.mu_minus = Vector::Zero(d);
  data.mu_plus(0) = spec.mu_norm;
  data.mu_minus(1) = spec.mu_norm;
  data.X.resize(static_cast<Eigen::Index>(n) * T, d);
  data.y.resize(n);
  data.y_true.resize(n);
  data.roles.resize(static_cast<std::size_t>(n) * T);

  const bool variable = spec.T_min > 0;
  const std::vector<TokenCounts> counts =
      variable ? DrawTokenCounts(spec, n, seed,
                                 stream == kTestData ? kTestTokenCounts : kTrainTokenCounts)
               : std::vector<TokenCounts>{};
  const auto layout_of = [&](const TokenCounts& c) {
    std::vector<TokenRole> layout;
    layout.insert(layout.end(), c.relevant, TokenRole::kRelevant);
    layout.insert(layout.end(), c.weak_same, TokenRole::kWeakSame);
    layout.insert(layout.end(), (K - 1) * c.weak_opposite, TokenRole::kWeakOpposite);
    layout.resize(c.length, TokenRole::kIrrelevant);
    layout.resize(T, TokenRole::kPadding);
    return layout;
  };
  std::vector<TokenRole> layout = layout_of({T, spec.relevant, spec.weak_same, spec.weak_opposite});
  int weak_opposite = spec.weak_opposite;
  if (variable) data.lengths.resize(static_cast<std::size_t>(n));

  std::vector<int> true_class(n);
  for (int i = 0; i < n; ++i) {
    const int c = true_class[i] = spec.labels == LabelRule::kBalanced ? BalancedClass(i, n, K)
                                  : K == 2                            ? (rng.Bernoulli(0.5) ? 0 : 1)
                                                                      : rng.UniformInt(0, K - 1);
    data.y_true(i) = LabelOf(c, K);
    if (variable) {
      layout = layout_of(counts[i]);
      weak_opposite = counts[i].weak_opposite;
      data.lengths[i] = counts[i].length;
    }
    for (int t = 0; t < T; ++t) {
      auto row = data.X.row(static_cast<Eigen::Index>(i) * T + t);
      data.roles[static_cast<std::size_t>(i) * T + t] = layout[t];
      if (layout[t] == TokenRole::kPadding) {
        row.setZero();
        continue;
      }
      for (int j = 0; j < d; ++j) row(j) = spec.sigma * rng.Normal();
      const int signal_class = TokenClass(layout, t, c, weak_opposite);
      if (signal_class >= 0)
        row += (SignalScale(layout[t], spec.rho) * ClassSignal(data, signal_class)).transpose();
    }
  }
  const std::vector<bool> flip = DrawFlips(spec.flips, n, eta, rng);
  data.noisy = flip;
  for (int i = 0; i < n; ++i) {
    // K = 2: the other class; K ≥ 3: one of the K − 1 others, uniformly.
    const int shift = K == 2 ? 1 : rng.UniformInt(1, K - 1);
    data.y(i) = flip[i] ? LabelOf((true_class[i] + shift) % K, K) : data.y_true(i);
  }
  return data;
}

}  // namespace

std::vector<TokenCounts> DrawTokenCounts(const TokenSelectionSpec& spec, int n, std::uint64_t seed,
                                         std::uint64_t stream) {
  Validate(spec);
  Require(spec.T_min > 0, "token counts are drawn only for variable-length data (T_min > 0)");
  Rng rng(seed, stream);
  std::vector<TokenCounts> counts(static_cast<std::size_t>(n));
  for (TokenCounts& c : counts) {
    c.length = rng.UniformInt(spec.T_min, spec.T);
    c.relevant = rng.UniformInt(1, spec.relevant);
    c.weak_same = rng.UniformInt(1, spec.weak_same);
    c.weak_opposite = rng.UniformInt(1, spec.weak_opposite);
  }
  return counts;
}

TokenMeanSignal TokenMeanSignalOf(const TokenSelectionSpec& spec) {
  Require(spec.T_min == 0, "the token mean's signal has one value only for constant token counts");
  return {(spec.relevant + spec.rho * spec.weak_same) / spec.T,
          spec.rho * spec.weak_opposite / spec.T};
}

Vector ClassSignal(const Dataset& data, int c) {
  Require(c >= 0 && c < data.classes && data.classes <= data.d, "no class signal of that index");
  if (c < 2) return c == 0 ? data.mu_plus : data.mu_minus;
  Vector mu = Vector::Zero(data.d);
  mu(c) = data.mu_plus.norm();
  return mu;
}

int ClassIndex(const Dataset& data, double label) {
  return data.classes == 2 ? (label > 0 ? 0 : 1) : static_cast<int>(label);
}

Vector TokenSignal(const Dataset& data, int i, int t, double rho) {
  const std::vector<TokenRole> layout = LayoutOf(data, i);
  const int weak_opposite =
      static_cast<int>(std::count(layout.begin(), layout.end(), TokenRole::kWeakOpposite)) /
      (data.classes - 1);
  const int c = TokenClass(layout, t, ClassIndex(data, data.y_true(i)), weak_opposite);
  if (c < 0) return Vector::Zero(data.d);
  return SignalScale(layout[t], rho) * ClassSignal(data, c);
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
  Require(spec.classes >= 2 && spec.classes <= spec.d,
          "classes must be in [2, d] (got " + std::to_string(spec.classes) + ")");
  Require(spec.relevant >= 0 && spec.weak_same >= 0 && spec.weak_opposite >= 0 &&
              spec.relevant + spec.weak_same + (spec.classes - 1) * spec.weak_opposite <= spec.T,
          "token counts (relevant + weak_same + (K − 1)·weak_opposite) must be non-negative and at "
          "most T");
  Require(spec.classes == 2 || spec.flips == FlipRule::kBernoulli,
          "K ≥ 3 classes take 'bernoulli' flips (balanced-exact splits two classes)");
  Require(spec.flips == FlipRule::kBalancedExact || spec.flips == FlipRule::kBernoulli,
          "token-selection flips must be 'balanced-exact' or 'bernoulli'");
  Require(spec.T_min >= 0, "T_min must be non-negative (0: constant token counts)");
  if (spec.T_min > 0) {
    Require(spec.classes == 2, "variable token counts (T_min > 0) are binary (K = 2)");
    Require(spec.relevant >= 1 && spec.weak_same >= 1 && spec.weak_opposite >= 1,
            "variable token counts draw every role count from [1, its maximum]: relevant, "
            "weak_same and weak_opposite must be at least 1");
    Require(
        spec.T_min >= spec.relevant + spec.weak_same + spec.weak_opposite && spec.T_min <= spec.T,
        "T_min must be in [relevant + weak_same + weak_opposite, T] (got " +
            std::to_string(spec.T_min) + ")");
  }
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
