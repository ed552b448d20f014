#include "boa/cnn_gram_sampling.hpp"

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Eigenvalues>

#include "boa/error.hpp"
#include "boa/gram_sampling.hpp"
#include "boa/label_noise.hpp"
#include "boa/memory_budget.hpp"
#include "boa/rng.hpp"

namespace boa {
namespace {

// The signal-plane coordinates of μ₊ and μ₋ (q = 2 for D1, 1 for Kou et al.'s ỹμ).
struct Plane {
  int q = 2;
  Vector mu_plus;
  Vector mu_minus;
};

Plane SignalPlane(const SignalNoiseSpec& spec) {
  const double mu = spec.snr * spec.sigma * std::sqrt(static_cast<double>(spec.d));
  Plane p;
  p.q = spec.antipodal ? 1 : 2;
  p.mu_plus = Vector::Zero(p.q);
  p.mu_minus = Vector::Zero(p.q);
  p.mu_plus(0) = mu;
  if (spec.antipodal) {
    p.mu_minus(0) = -mu;
  } else {
    p.mu_minus(1) = mu;
  }
  return p;
}

// A sample's label, its signal slot and its tokens' roles, in the direct generator's order of
// draws (label, then the slot when random).
struct Layout {
  double label = 1;
  int signal_at = 0;
};

Layout DrawLayout(const SignalNoiseSpec& spec, Rng& rng) {
  Layout l;
  l.label = rng.Bernoulli(0.5) ? 1.0 : -1.0;
  l.signal_at = spec.position == SignalPosition::kFirst ? 0 : rng.UniformInt(0, spec.T - 1);
  return l;
}

// Fresh clean test samples: labels, roles, and each token's inner products with p vectors whose
// signal-plane coordinates are Q (p×q) and whose ζ parts are E·ζ (E p×K) — exact for signal
// tokens, s'·R u with RRᵀ = EHEᵀ for noise tokens (file comment). Draws from (seed, kTestData).
struct TestProducts {
  Vector y;
  std::vector<TokenRole> roles;
  RowMatrix products;  // (n_test·T)×p
};

TestProducts DrawTestProducts(const CnnGramTrainingLaw& law, const RowMatrix& Q, const RowMatrix& E,
                              int n_test) {
  const SignalNoiseSpec& spec = law.spec;
  const Plane plane = SignalPlane(spec);
  const int T = spec.T;
  const Eigen::Index p = Q.rows();
  const Eigen::Index rows = static_cast<Eigen::Index>(n_test) * T;
  TestProducts out;
  out.y.resize(n_test);
  out.roles.assign(static_cast<std::size_t>(rows), TokenRole::kNoise);
  out.products = RowMatrix::Zero(rows, p);
  Rng rng(law.seed, kTestData);
  std::vector<Eigen::Index> noise_rows;  // test noise tokens, in order
  std::vector<double> noise_scales;
  for (int i = 0; i < n_test; ++i) {
    const Layout l = DrawLayout(spec, rng);
    out.y(i) = l.label;
    int rank = 0;
    for (int t = 0; t < T; ++t) {
      const Eigen::Index row = static_cast<Eigen::Index>(i) * T + t;
      if (t == l.signal_at) {
        out.roles[static_cast<std::size_t>(row)] = TokenRole::kSignal;
        out.products.row(row) = (Q * (l.label > 0 ? plane.mu_plus : plane.mu_minus)).transpose();
      } else {
        noise_rows.push_back(row);
        noise_scales.push_back(NoiseTokenScale(spec, rank++));
      }
    }
  }
  // R = V Λ^{1/2} from EHEᵀ = VΛVᵀ (Λ clipped at 0: PSD up to rounding).
  const Eigen::MatrixXd covariance = E * law.H * E.transpose();
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eigen(covariance);
  const Eigen::MatrixXd R =
      eigen.eigenvectors() * eigen.eigenvalues().cwiseMax(0.0).cwiseSqrt().asDiagonal();
  const Eigen::Index count = static_cast<Eigen::Index>(noise_rows.size());
  Eigen::MatrixXd U(p, count);
  for (Eigen::Index c = 0; c < count; ++c) {
    for (Eigen::Index k = 0; k < p; ++k) U(k, c) = rng.Normal();
  }
  const Eigen::MatrixXd products = R * U;  // p × count
  for (Eigen::Index c = 0; c < count; ++c) {
    out.products.row(noise_rows[static_cast<std::size_t>(c)]) =
        noise_scales[static_cast<std::size_t>(c)] * products.col(c).transpose();
  }
  return out;
}

}  // namespace

CnnGramDraw SampleSignalNoiseCnnGram(const SignalNoiseSpec& spec, int width, double omega,
                                     int n_test, std::uint64_t seed) {
  Validate(spec);
  Require(width >= 1, "the CNN needs at least one filter per bank (width m ≥ 1)");
  Require(std::isfinite(omega) && omega >= 0, "omega must be finite and non-negative");
  Require(n_test >= 0, "the number of test samples must be non-negative");
  const int n = spec.n, T = spec.T, m = width;
  const Plane plane = SignalPlane(spec);
  const int q = plane.q;
  const Eigen::Index rows = static_cast<Eigen::Index>(n) * T;
  const Eigen::Index vectors = rows + 2 * m;  // training tokens, then the 2m filters
  const double K_estimate = static_cast<double>(n) * (T - 1) + 2.0 * m;
  RequireMemory(static_cast<double>(vectors) * static_cast<double>(vectors) +
                    static_cast<double>(vectors) * K_estimate + 4 * K_estimate * K_estimate +
                    static_cast<double>(n_test) * T * static_cast<double>(vectors),
                "the CNN's Gram form of n·T = " + std::to_string(n) + "·" + std::to_string(T) +
                    " tokens and 2m = " + std::to_string(2 * m) + " filters");

  Rng rng(seed, kTrainData);
  CnnGramDraw draw;
  CnnGramInstance& g = draw.train;
  g.n = n;
  g.T = T;
  g.m = m;
  g.y.resize(n);
  g.y_true.resize(n);
  g.roles.assign(static_cast<std::size_t>(rows), TokenRole::kNoise);
  RowMatrix A = RowMatrix::Zero(vectors, q);                     // signal-plane coordinates
  std::vector<int> zeta(static_cast<std::size_t>(vectors), -1);  // index into H, −1: none
  std::vector<double> scales;
  for (int i = 0; i < n; ++i) {
    const Layout l = DrawLayout(spec, rng);
    g.y_true(i) = l.label;
    int rank = 0;
    for (int t = 0; t < T; ++t) {
      const Eigen::Index row = static_cast<Eigen::Index>(i) * T + t;
      if (t == l.signal_at) {
        A.row(row) = (l.label > 0 ? plane.mu_plus : plane.mu_minus).transpose();
        g.roles[static_cast<std::size_t>(row)] = TokenRole::kSignal;
      } else {
        zeta[static_cast<std::size_t>(row)] = static_cast<int>(scales.size());
        scales.push_back(NoiseTokenScale(spec, rank++));
      }
    }
  }
  g.noisy = DrawFlips(spec.flips, n, spec.eta, rng);
  for (int i = 0; i < n; ++i) g.y(i) = g.noisy[i] ? -g.y_true(i) : g.y_true(i);
  for (Eigen::Index f = rows; f < vectors; ++f) {
    for (int c = 0; c < q; ++c) A(f, c) = omega * rng.Normal();
    zeta[static_cast<std::size_t>(f)] = static_cast<int>(scales.size());
    scales.push_back(omega);
  }
  const int K = static_cast<int>(scales.size());
  const Vector s = Eigen::Map<const Vector>(scales.data(), K);
  const RowMatrix H = SampleScaledWishart(s, spec.d - q, rng);

  // ⟨u_a, u_b⟩ over tokens and filters: plane part plus H where both have a ζ part.
  const auto inner = [&](Eigen::Index a, Eigen::Index b) {
    const int za = zeta[static_cast<std::size_t>(a)], zb = zeta[static_cast<std::size_t>(b)];
    return A.row(a).dot(A.row(b)) + (za >= 0 && zb >= 0 ? H(za, zb) : 0.0);
  };
  g.G.resize(rows, rows);
  g.P.resize(rows, 2 * m);
  for (Eigen::Index a = 0; a < rows; ++a) {
    for (Eigen::Index b = 0; b < rows; ++b) g.G(a, b) = inner(a, b);
    for (int f = 0; f < 2 * m; ++f) g.P(a, f) = inner(a, rows + f);
  }

  // The factorisation G = A Aᵀ + Z H Zᵀ for the descent's steps: the noise tokens' ζ indices come
  // first, so their Gram matrix is H's leading block.
  const int token_noise = static_cast<int>(rows) - n;  // n(T − 1): one signal token per sample
  g.plane = A.topRows(rows);
  g.noise_index.assign(zeta.begin(), zeta.begin() + rows);
  g.noise_gram = H.topLeftCorner(token_noise, token_noise);

  CnnGramTrainingLaw& law = draw.law;
  law.spec = spec;
  law.seed = seed;
  law.plane = std::move(A);
  law.zeta = RowMatrix::Zero(vectors, K);
  for (Eigen::Index v = 0; v < vectors; ++v) {
    if (zeta[static_cast<std::size_t>(v)] >= 0) law.zeta(v, zeta[static_cast<std::size_t>(v)]) = 1;
  }
  law.H = H;

  // The test set in span form: products with every training token and initial filter.
  CnnGramTest& test = draw.test;
  test.n = n_test;
  test.T = T;
  TestProducts fresh = n_test == 0 ? TestProducts{Vector(0), {}, RowMatrix::Zero(0, vectors)}
                                   : DrawTestProducts(law, law.plane, law.zeta, n_test);
  test.cross = fresh.products.leftCols(rows);
  test.init = fresh.products.rightCols(2 * m);
  test.y = std::move(fresh.y);
  test.roles = std::move(fresh.roles);
  return draw;
}

CnnGramTestOutcome EvaluateFreshCnnGramTest(const CnnGramDraw& draw, const CnnSpanState& state,
                                            int n_test) {
  const CnnGramInstance& g = draw.train;
  const CnnGramTrainingLaw& law = draw.law;
  const Eigen::Index rows = static_cast<Eigen::Index>(g.n) * g.T;
  const int m = g.m;
  Require(n_test >= 1, "a fresh CNN test set needs n_test ≥ 1 samples");
  Require(state.C.rows() == rows && state.C.cols() == 2 * m && law.plane.rows() == rows + 2 * m,
          "the span state must belong to the draw's training set ((n·T)×2m coefficients)");
  // The trained filters as combinations of the training tokens and initial filters:
  // w_{j,r} = s_j w⁰_{j,r} + Σ_k C_{k,(j,r)} x_k, i.e. Mᵀ over the n·T + 2m vectors.
  RowMatrix M(rows + 2 * m, 2 * m);
  M.topRows(rows) = state.C;
  M.bottomRows(2 * m).setZero();
  for (int f = 0; f < 2 * m; ++f) M(rows + f, f) = state.scale(f < m ? 0 : 1);
  const RowMatrix Mt = M.transpose();
  TestProducts fresh = DrawTestProducts(law, Mt * law.plane, Mt * law.zeta, n_test);
  CnnGramTestOutcome outcome;
  outcome.evaluation = EvaluateCnnPreActivations(fresh.products, fresh.y, g.T);
  outcome.y = std::move(fresh.y);
  return outcome;
}

}  // namespace boa
