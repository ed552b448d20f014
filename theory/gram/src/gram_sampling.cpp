#include "boa/gram_sampling.hpp"

#include <cmath>
#include <iterator>

#include "boa/error.hpp"
#include "boa/label_noise.hpp"
#include "boa/memory_budget.hpp"
#include "boa/row_dot_products.hpp"

namespace boa {
namespace {

void SampleZetaGram(GramInstance& g, const std::vector<double>& scales, int dof, Rng& rng) {
  g.H = SampleScaledWishart(Eigen::Map<const Vector>(scales.data(), std::ssize(scales)), dof, rng);
}

SpanVector GaussianInitial(const GramInstance& g, int k, double omega, Rng& rng) {
  SpanVector v = g.Zero();
  v.a = {omega * rng.Normal(), omega * rng.Normal()};
  v.gamma(k) = 1;
  return v;
}

GramInstance Labelled(int n, int T, int d, double sigma) {
  const double tokens = static_cast<double>(n) * T;
  // The token Gram matrix and its Wishart factor, (n·T)² each.
  RequireMemory(2 * tokens * tokens,
                "a Gram form of n·T = " + std::to_string(n) + "·" + std::to_string(T) + " tokens");
  GramInstance g;
  g.n = n;
  g.T = T;
  g.d = d;
  g.sigma = sigma;
  g.y.resize(n);
  g.y_true.resize(n);
  g.token_a = RowMatrix::Zero(static_cast<Eigen::Index>(n) * T, 2);
  g.token_k.assign(static_cast<std::size_t>(n) * T, -1);
  g.roles.resize(static_cast<std::size_t>(n) * T);
  return g;
}

void ApplyFlips(GramInstance& g, const std::vector<bool>& flip) {
  g.noisy = flip;
  for (int i = 0; i < g.n; ++i) g.y(i) = flip[i] ? -g.y_true(i) : g.y_true(i);
}

}  // namespace

RowMatrix SampleWishart(int K, int dof, Rng& rng) {
  Require(K >= 0 && dof >= 1, "a Wishart draw needs K ≥ 0 and dof ≥ 1");
  if (dof < K) {
    const RowMatrix Z = RowMatrix::NullaryExpr(K, dof, [&] { return rng.Normal(); });
    return RowGram(Z);
  }
  RowMatrix L = RowMatrix::Zero(K, K);
  for (int k = 0; k < K; ++k) {
    L(k, k) = std::sqrt(rng.ChiSquare(dof - k));
    for (int j = k + 1; j < K; ++j) L(j, k) = rng.Normal();
  }
  return RowGram(L);
}

RowMatrix SampleScaledWishart(const Vector& s, int dof, Rng& rng) {
  const RowMatrix B = SampleWishart(static_cast<int>(s.size()), dof, rng);
  RowMatrix H(B.rows(), B.cols());
  for (Eigen::Index k = 0; k < H.rows(); ++k) {
    for (Eigen::Index l = k; l < H.cols(); ++l) H(k, l) = H(l, k) = s(k) * B(k, l) * s(l);
  }
  return H;
}

GramInstance SampleSignalNoiseGram(const SignalNoiseSpec& spec, double omega, std::uint64_t seed) {
  Validate(spec);
  Require(std::isfinite(omega) && omega >= 0, "omega must be finite and non-negative");
  Require(
      !spec.antipodal,
      "the Gram engine assumes orthogonal signals mu_+ and mu_-: run antipodal (Kou et al.) data with the direct engine");
  Rng rng(seed, kTrainData);
  GramInstance g = Labelled(spec.n, spec.T, spec.d, spec.sigma);
  const double mu = spec.snr * spec.sigma * std::sqrt(static_cast<double>(spec.d));
  g.mu_plus_a = {mu, 0};
  g.mu_minus_a = {0, mu};
  std::vector<double> scales;
  for (int i = 0; i < spec.n; ++i) {
    const double label = rng.Bernoulli(0.5) ? 1.0 : -1.0;
    g.y_true(i) = label;
    const int signal_at =
        spec.position == SignalPosition::kFirst ? 0 : rng.UniformInt(0, spec.T - 1);
    int rank = 0;  // noise tokens of this sample so far
    for (int t = 0; t < spec.T; ++t) {
      const int row = i * spec.T + t;
      if (t == signal_at) {
        g.token_a.row(row) = (label > 0 ? g.mu_plus_a : g.mu_minus_a).transpose();
        g.roles[row] = TokenRole::kSignal;
      } else {
        g.token_k[row] = static_cast<int>(scales.size());
        scales.push_back(NoiseTokenScale(spec, rank++));
        g.roles[row] = TokenRole::kNoise;
      }
    }
  }
  ApplyFlips(g, DrawFlips(spec.flips, spec.n, spec.eta, rng));
  const int tokens = static_cast<int>(scales.size());
  if (omega > 0) scales.insert(scales.end(), {omega, omega});
  SampleZetaGram(g, scales, spec.d - 2, rng);
  if (omega > 0) {
    g.initial.push_back(GaussianInitial(g, tokens, omega, rng));
    g.initial.push_back(GaussianInitial(g, tokens + 1, omega, rng));
  }
  return g;
}

GramInstance SampleTokenSelectionGram(const TokenSelectionSpec& spec, double omega,
                                      std::uint64_t seed) {
  Validate(spec);
  Require(std::isfinite(omega) && omega >= 0, "omega must be finite and non-negative");
  Require(spec.T_min == 0,
          "the Gram engine samples constant token counts only (T_min = 0): variable-length data "
          "runs on the direct engine");
  Rng rng(seed, kTrainData);
  GramInstance g = Labelled(spec.n, spec.T, spec.d, spec.sigma);
  g.noise_in_signal_plane = true;
  g.mu_plus_a = {spec.mu_norm, 0};
  g.mu_minus_a = {0, spec.mu_norm};
  std::vector<TokenRole> layout;
  layout.insert(layout.end(), spec.relevant, TokenRole::kRelevant);
  layout.insert(layout.end(), spec.weak_same, TokenRole::kWeakSame);
  layout.insert(layout.end(), spec.weak_opposite, TokenRole::kWeakOpposite);
  layout.resize(spec.T, TokenRole::kIrrelevant);
  std::vector<double> scales;
  for (int i = 0; i < spec.n; ++i) {
    const double label = spec.labels == LabelRule::kBalanced ? (i < spec.n / 2 ? 1.0 : -1.0)
                                                             : (rng.Bernoulli(0.5) ? 1.0 : -1.0);
    g.y_true(i) = label;
    const Eigen::Vector2d same = label > 0 ? g.mu_plus_a : g.mu_minus_a;
    const Eigen::Vector2d opposite = label > 0 ? g.mu_minus_a : g.mu_plus_a;
    for (int t = 0; t < spec.T; ++t) {
      const int row = i * spec.T + t;
      Eigen::Vector2d a(spec.sigma * rng.Normal(), spec.sigma * rng.Normal());
      if (layout[t] == TokenRole::kRelevant) a += same;
      if (layout[t] == TokenRole::kWeakSame) a += spec.rho * same;
      if (layout[t] == TokenRole::kWeakOpposite) a += spec.rho * opposite;
      g.token_a.row(row) = a.transpose();
      g.token_k[row] = static_cast<int>(scales.size());
      scales.push_back(spec.sigma);
      g.roles[row] = layout[t];
    }
  }
  ApplyFlips(g, DrawFlips(spec.flips, spec.n, spec.eta, rng));
  const int tokens = static_cast<int>(scales.size());
  if (omega > 0) scales.push_back(omega);
  SampleZetaGram(g, scales, spec.d - 2, rng);
  if (omega > 0) g.initial.push_back(GaussianInitial(g, tokens, omega, rng));
  return g;
}

}  // namespace boa
