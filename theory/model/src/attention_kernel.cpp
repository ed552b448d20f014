#include "boa/attention_kernel.hpp"

#include <algorithm>
#include <cassert>
#include <span>
#include <vector>

#include "boa/error.hpp"
#include "boa/numerics.hpp"
#include "boa/threads.hpp"
#include "sample_products.hpp"

namespace boa {
namespace {

// Sample i's softmax, output, loss term and score/value derivatives from its T scores a and
// values b, of which only the first `length` are tokens (the rest padding, masked: weight 0 and
// zero derivatives). Writes s (attention), da = ∂L/∂a_i, db = ∂L/∂b_i; returns f_i, adds ℓ/n to
// loss.
double SampleTerms(std::span<const double> a, std::span<const double> b, double y, double inv_n,
                   std::span<double> s, std::span<double> da, std::span<double> db, double& loss,
                   std::size_t length) {
  StableSoftmax(a.first(length), s.first(length));
  double f = 0;
  for (std::size_t t = 0; t < length; ++t) f += s[t] * b[t];
  const double margin = y * f;
  loss += inv_n * LogisticLoss(margin);
  const double scale = -inv_n * LogisticWeight(margin) * y;
  for (std::size_t t = 0; t < length; ++t) db[t] = scale * s[t];
  ScoreGradient(s.first(length), b.first(length), f, scale, da.first(length));
  for (std::size_t t = length; t < a.size(); ++t) s[t] = da[t] = db[t] = 0;
  return f;
}

// Sample i's token count: T, or lengths[i] (checked to lie in [1, T]).
std::size_t LengthOf(std::span<const int> lengths, Eigen::Index i, int T) {
  if (lengths.empty()) return static_cast<std::size_t>(T);
  const int length = lengths[static_cast<std::size_t>(i)];
  Require(length >= 1 && length <= T, "a sample's token count must be in [1, T]");
  return static_cast<std::size_t>(length);
}

void ResizeOutput(Eigen::Index n, int T, Eigen::Index d, bool with_gradient, KernelOutput& out) {
  out.f.resize(n);
  out.attention.resize(n, T);
  out.dloss_dscore.setZero(n, T);
  out.grad_q.resize(with_gradient ? d : 0);
  out.grad_u.resize(with_gradient ? d : 0);
}

// Sample i's query is q + i·q_stride (q_stride 0: one query shared by every sample).
void Kernel(const RowMatrix& X, int T, const Vector& y, const double* q, Eigen::Index q_stride,
            const Vector& u, bool with_gradient, KernelOutput& out, std::span<const int> lengths) {
  const Eigen::Index n = y.size(), d = X.cols();
  assert(X.rows() == n * T && u.size() == d);
  Require(lengths.empty() || static_cast<Eigen::Index>(lengths.size()) == n,
          "the attention kernel needs one token count per sample");
  ResizeOutput(n, T, d, with_gradient, out);
  const Eigen::Index blocks = (n + kSamplesPerBlock - 1) / kSamplesPerBlock;
  Vector partial_loss = Vector::Zero(blocks);
  const double inv_n = 1.0 / static_cast<double>(n);
  // The O(T·d) loops of the SIMD target in use (boa/simd.hpp), looked up once per call.
  const SampleProducts products = ChosenSampleProducts();

  // A block's rows are contiguous in X: the scores and values of all of them, then each
  // sample's terms, then the gradient sums over all of them (rows in order, as sample by sample),
  // written to gq and gu, or added to sum_q and sum_u when those are given (add_rows).
  auto run_block = [&](Eigen::Index k, double* gq, double* gu, double* sum_q, double* sum_u) {
    const Eigen::Index first = k * kSamplesPerBlock, end = std::min(n, first + kSamplesPerBlock);
    const Eigen::Index count = (end - first) * T;
    const double* rows = X.data() + first * T * d;
    std::vector<double> a(count), b(count), da(count), db(count);
    products.dots(rows, end - first, T, d, q + first * q_stride, q_stride, u.data(), a.data(),
                  b.data());
    const auto sample = [T](std::vector<double>& v, Eigen::Index r) {
      return std::span<double>(v.data() + r, static_cast<std::size_t>(T));
    };
    for (Eigen::Index i = first; i < end; ++i) {
      const Eigen::Index r = (i - first) * T;  // the sample's first row in the block
      std::span<double> s(out.attention.row(i).data(), T);
      out.f(i) = SampleTerms(sample(a, r), sample(b, r), y(i), inv_n, s, sample(da, r),
                             sample(db, r), partial_loss(k), LengthOf(lengths, i, T));
      if (with_gradient) {
        for (int t = 0; t < T; ++t) out.dloss_dscore(i, t) = da[r + t];
      }
    }
    if (with_gradient) {
      products.add_rows(rows, count, d, da.data(), db.data(), gq, gu, sum_q, sum_u);
    }
  };
  // The gradient is the sum of the blocks' partial sums, added in block order, whatever the
  // thread count: block 0's, then + block 1's, … (sum_rows' order).
  const int threads = KernelThreads();
  if (threads > 1 && blocks > 1) {
    // Row k holds block k's partial sums; they are added in block order after the loop.
    RowMatrix partial_q, partial_u;
    if (with_gradient) {
      partial_q.resize(blocks, d);
      partial_u.resize(blocks, d);
    }
    const auto row = [with_gradient](RowMatrix& m, Eigen::Index k) {
      return with_gradient ? m.row(k).data() : nullptr;
    };
#pragma omp parallel for num_threads(threads) schedule(static)
    for (Eigen::Index k = 0; k < blocks; ++k) {
      run_block(k, row(partial_q, k), row(partial_u, k), nullptr, nullptr);
    }
    if (with_gradient) {
      products.sum_rows(partial_q.data(), blocks, d, out.grad_q.data());
      products.sum_rows(partial_u.data(), blocks, d, out.grad_u.data());
    }
  } else {
    // One thread: block 0 writes the gradient itself, and each later block's partial sums are
    // added to it as they are formed (no blocks×d partials written, read back and summed).
    Vector scratch_q(with_gradient ? d : 0), scratch_u(with_gradient ? d : 0);
    double* grad_q = with_gradient ? out.grad_q.data() : nullptr;
    double* grad_u = with_gradient ? out.grad_u.data() : nullptr;
    for (Eigen::Index k = 0; k < blocks; ++k) {
      if (k == 0) {
        run_block(k, grad_q, grad_u, nullptr, nullptr);
      } else {
        run_block(k, scratch_q.data(), scratch_u.data(), grad_q, grad_u);
      }
    }
  }
  out.loss = 0;
  for (Eigen::Index k = 0; k < blocks; ++k) out.loss += partial_loss(k);
}

}  // namespace

void FusedAttentionKernel(const RowMatrix& X, int T, const Vector& y, const Vector& q,
                          const Vector& u, bool with_gradient, KernelOutput& out,
                          std::span<const int> lengths) {
  Kernel(X, T, y, q.data(), 0, u, with_gradient, out, lengths);
}

void FusedAttentionKernel(const RowMatrix& X, int T, const Vector& y, const RowMatrix& Q,
                          const Vector& u, bool with_gradient, KernelOutput& out,
                          std::span<const int> lengths) {
  assert(Q.rows() == y.size() && Q.cols() == X.cols());
  Kernel(X, T, y, Q.data(), Q.cols(), u, with_gradient, out, lengths);
}

void AttentionFromScores(const Vector& scores, const Vector& values, int T, const Vector& y,
                         KernelOutput& out, std::span<const int> lengths) {
  const Eigen::Index n = y.size();
  assert(scores.size() == n * T && values.size() == n * T);
  Require(lengths.empty() || static_cast<Eigen::Index>(lengths.size()) == n,
          "the attention kernel needs one token count per sample");
  ResizeOutput(n, T, 0, false, out);
  out.loss = 0;
  std::vector<double> db(T);
  const double inv_n = 1.0 / static_cast<double>(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    out.f(i) = SampleTerms({scores.data() + i * T, static_cast<std::size_t>(T)},
                           {values.data() + i * T, static_cast<std::size_t>(T)}, y(i), inv_n,
                           {out.attention.row(i).data(), static_cast<std::size_t>(T)},
                           {out.dloss_dscore.row(i).data(), static_cast<std::size_t>(T)}, db,
                           out.loss, LengthOf(lengths, i, T));
  }
}

KernelOutput ReferenceAttentionKernel(const RowMatrix& X, int T, const Vector& y, const Vector& q,
                                      const Vector& u) {
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
