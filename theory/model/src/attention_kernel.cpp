#include "boa/attention_kernel.hpp"

#include <algorithm>
#include <cassert>
#include <span>
#include <vector>

#include "boa/numerics.hpp"
#include "boa/threads.hpp"

namespace boa {
namespace {

// Sample i's softmax, output, loss term and score/value derivatives from its T scores a and
// values b. Writes s (attention), da = ∂L/∂a_i, db = ∂L/∂b_i; returns f_i, adds ℓ/n to loss.
double SampleTerms(std::span<const double> a, std::span<const double> b, double y, double inv_n,
                   std::span<double> s, std::span<double> da, std::span<double> db,
                   double& loss) {
  StableSoftmax(a, s);
  double f = 0;
  for (std::size_t t = 0; t < a.size(); ++t) f += s[t] * b[t];
  const double margin = y * f;
  loss += inv_n * LogisticLoss(margin);
  const double scale = -inv_n * LogisticWeight(margin) * y;
  for (std::size_t t = 0; t < a.size(); ++t) {
    db[t] = scale * s[t];
    da[t] = db[t] * (b[t] - f);
  }
  return f;
}

void ResizeOutput(Eigen::Index n, int T, Eigen::Index d, bool with_gradient, KernelOutput& out) {
  out.f.resize(n);
  out.attention.resize(n, T);
  out.dloss_dscore.setZero(n, T);
  out.grad_q.resize(with_gradient ? d : 0);
  out.grad_u.resize(with_gradient ? d : 0);
}

// Eigen's SIMD packet for double (SSE2 in the portable build, AVX/AVX-512 with -march=native).
using Packet = Eigen::internal::packet_traits<double>::type;
constexpr Eigen::Index kLanes = sizeof(Packet) / sizeof(double);

// a_r = x_rᵀq and b_r = x_rᵀu for R consecutive rows in one sweep: q and u are loaded once for
// all R rows. Each sum is split over U = 4/R packets per step, so 8 independent accumulators
// keep the adds from waiting on each other's latency.
template <int R>
void Dots(const double* rows, Eigen::Index d, const double* q, const double* u, double* a,
          double* b) {
  using namespace Eigen::internal;
  constexpr int U = 4 / R;
  constexpr Eigen::Index kStep = U * kLanes;
  Packet sa[R][U], sb[R][U];
  for (int r = 0; r < R; ++r) {
    for (int k = 0; k < U; ++k) sa[r][k] = sb[r][k] = pset1<Packet>(0);
  }
  Eigen::Index j = 0;
  for (; j + kStep <= d; j += kStep) {
    for (int k = 0; k < U; ++k) {
      const Packet qj = ploadu<Packet>(q + j + k * kLanes), uj = ploadu<Packet>(u + j + k * kLanes);
      for (int r = 0; r < R; ++r) {
        const Packet x = ploadu<Packet>(rows + r * d + j + k * kLanes);
        sa[r][k] = pmadd(x, qj, sa[r][k]);
        sb[r][k] = pmadd(x, uj, sb[r][k]);
      }
    }
  }
  for (int r = 0; r < R; ++r) {
    for (int k = 1; k < U; ++k) {
      sa[r][0] = padd(sa[r][0], sa[r][k]);
      sb[r][0] = padd(sb[r][0], sb[r][k]);
    }
    a[r] = predux(sa[r][0]);
    b[r] = predux(sb[r][0]);
    for (Eigen::Index k = j; k < d; ++k) {
      a[r] += rows[r * d + k] * q[k];
      b[r] += rows[r * d + k] * u[k];
    }
  }
}

// Scores a and values b of a sample's T rows, four rows at a time where possible.
void SampleDots(const double* rows, int T, Eigen::Index d, const double* q, const double* u,
                double* a, double* b) {
  int t = 0;
  for (; t + 4 <= T; t += 4) Dots<4>(rows + t * d, d, q, u, a + t, b + t);
  for (; t + 2 <= T; t += 2) Dots<2>(rows + t * d, d, q, u, a + t, b + t);
  if (t < T) Dots<1>(rows + t * d, d, q, u, a + t, b + t);
}

// gq += Σ_r da_r x_r and gu += Σ_r db_r x_r over R consecutive rows: one read-modify-write of
// the accumulators per R rows, the 2R broadcast coefficients held in registers.
template <int R>
void AddRows(const double* rows, Eigen::Index d, const double* da, const double* db, double* gq,
             double* gu) {
  using namespace Eigen::internal;
  Packet ca[R], cb[R];
  for (int r = 0; r < R; ++r) {
    ca[r] = pset1<Packet>(da[r]);
    cb[r] = pset1<Packet>(db[r]);
  }
  Eigen::Index j = 0;
  for (; j + kLanes <= d; j += kLanes) {
    Packet sq = ploadu<Packet>(gq + j), su = ploadu<Packet>(gu + j);
    for (int r = 0; r < R; ++r) {
      const Packet x = ploadu<Packet>(rows + r * d + j);
      sq = pmadd(ca[r], x, sq);
      su = pmadd(cb[r], x, su);
    }
    pstoreu(gq + j, sq);
    pstoreu(gu + j, su);
  }
  for (; j < d; ++j) {
    for (int r = 0; r < R; ++r) {
      gq[j] += da[r] * rows[r * d + j];
      gu[j] += db[r] * rows[r * d + j];
    }
  }
}

// A sample's gradient contributions, four rows at a time where possible (rows still in L1/L2
// from SampleDots, so X is read from memory once).
void SampleAddRows(const double* rows, int T, Eigen::Index d, const double* da, const double* db,
                   double* gq, double* gu) {
  int t = 0;
  for (; t + 4 <= T; t += 4) AddRows<4>(rows + t * d, d, da + t, db + t, gq, gu);
  for (; t + 2 <= T; t += 2) AddRows<2>(rows + t * d, d, da + t, db + t, gq, gu);
  if (t < T) AddRows<1>(rows + t * d, d, da + t, db + t, gq, gu);
}

// QueryOf(i) returns a pointer to the query vector of sample i (shared or per sample).
template <typename QueryOf>
void Kernel(const RowMatrix& X, int T, const Vector& y, QueryOf query_of, const Vector& u,
            bool with_gradient, KernelOutput& out) {
  const Eigen::Index n = y.size(), d = X.cols();
  assert(X.rows() == n * T && u.size() == d);
  ResizeOutput(n, T, d, with_gradient, out);
  const Eigen::Index blocks = (n + kSamplesPerBlock - 1) / kSamplesPerBlock;
  // Row k holds block k's partial sums; they are added in block order below.
  RowMatrix partial_q, partial_u;
  if (with_gradient) {
    partial_q.setZero(blocks, d);
    partial_u.setZero(blocks, d);
  }
  Vector partial_loss = Vector::Zero(blocks);
  const double inv_n = 1.0 / static_cast<double>(n);

  auto run_block = [&](Eigen::Index k) {
    std::vector<double> a(T), b(T), da(T), db(T);
    const Eigen::Index end = std::min(n, (k + 1) * kSamplesPerBlock);
    for (Eigen::Index i = k * kSamplesPerBlock; i < end; ++i) {
      const double* rows = X.data() + i * T * d;  // the sample's T contiguous rows
      const double* q = query_of(i);
      SampleDots(rows, T, d, q, u.data(), a.data(), b.data());
      std::span<double> s(out.attention.row(i).data(), T);
      out.f(i) = SampleTerms(a, b, y(i), inv_n, s, da, db, partial_loss(k));
      if (!with_gradient) continue;
      for (int t = 0; t < T; ++t) out.dloss_dscore(i, t) = da[t];
      SampleAddRows(rows, T, d, da.data(), db.data(), partial_q.row(k).data(),
                    partial_u.row(k).data());
    }
  };
  const int threads = KernelThreads();
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1 && blocks > 1)
  for (Eigen::Index k = 0; k < blocks; ++k) run_block(k);

  out.loss = 0;
  for (Eigen::Index k = 0; k < blocks; ++k) out.loss += partial_loss(k);
  if (!with_gradient) return;
  out.grad_q = partial_q.row(0).transpose();
  out.grad_u = partial_u.row(0).transpose();
  for (Eigen::Index k = 1; k < blocks; ++k) {
    out.grad_q += partial_q.row(k).transpose();
    out.grad_u += partial_u.row(k).transpose();
  }
}

}  // namespace

void FusedAttentionKernel(const RowMatrix& X, int T, const Vector& y, const Vector& q,
                          const Vector& u, bool with_gradient, KernelOutput& out) {
  Kernel(X, T, y, [&q](Eigen::Index) { return q.data(); }, u, with_gradient, out);
}

void FusedAttentionKernel(const RowMatrix& X, int T, const Vector& y, const RowMatrix& Q,
                          const Vector& u, bool with_gradient, KernelOutput& out) {
  assert(Q.rows() == y.size());
  Kernel(X, T, y, [&Q](Eigen::Index i) { return Q.row(i).data(); }, u, with_gradient, out);
}

void AttentionFromScores(const Vector& scores, const Vector& values, int T, const Vector& y,
                         KernelOutput& out) {
  const Eigen::Index n = y.size();
  assert(scores.size() == n * T && values.size() == n * T);
  ResizeOutput(n, T, 0, false, out);
  out.loss = 0;
  std::vector<double> db(T);
  const double inv_n = 1.0 / static_cast<double>(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    out.f(i) = SampleTerms({scores.data() + i * T, static_cast<std::size_t>(T)},
                           {values.data() + i * T, static_cast<std::size_t>(T)}, y(i), inv_n,
                           {out.attention.row(i).data(), static_cast<std::size_t>(T)},
                           {out.dloss_dscore.row(i).data(), static_cast<std::size_t>(T)}, db,
                           out.loss);
  }
}

KernelOutput ReferenceAttentionKernel(const RowMatrix& X, int T, const Vector& y,
                                      const Vector& q, const Vector& u) {
  const Eigen::Index n = y.size();
  KernelOutput out;
  // Scores and values as n×T matrices (row i = sample i).
  const Vector a_flat = X * q;
  const Vector b_flat = X * u;
  const RowMatrix A = Eigen::Map<const RowMatrix>(a_flat.data(), n, T);
  const RowMatrix B = Eigen::Map<const RowMatrix>(b_flat.data(), n, T);
  const Vector row_max = A.rowwise().maxCoeff();
  RowMatrix E = (A.colwise() - row_max).array().exp().matrix();
  const Vector row_sum = E.rowwise().sum();
  out.attention = E.array().colwise() / row_sum.array();
  out.f = out.attention.cwiseProduct(B).rowwise().sum();
  const Vector margin = y.cwiseProduct(out.f);
  out.loss = margin.unaryExpr([](double z) { return LogisticLoss(z); }).mean();
  const Vector weight = margin.unaryExpr([](double z) { return LogisticWeight(z); });
  const Vector scale = -(weight.cwiseProduct(y)) / static_cast<double>(n);
  const RowMatrix dB = out.attention.array().colwise() * scale.array();
  out.dloss_dscore = dB.cwiseProduct(B.colwise() - out.f);
  const Vector dB_flat = Eigen::Map<const Vector>(dB.data(), n * T);
  const Vector dA_flat = Eigen::Map<const Vector>(out.dloss_dscore.data(), n * T);
  out.grad_u = X.transpose() * dB_flat;
  out.grad_q = X.transpose() * dA_flat;
  return out;
}

}  // namespace boa
