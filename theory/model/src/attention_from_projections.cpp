#include "boa/attention_from_projections.hpp"

#include <span>

#include "boa/numerics.hpp"

namespace boa {

ProjectedAttention AttentionFromProjections(const RowMatrix& scores, const RowMatrix& values,
                                            const Vector& y) {
  const Eigen::Index n = scores.rows(), T = scores.cols();
  ProjectedAttention out;
  out.f.resize(n);
  out.attention.resize(n, T);
  out.dloss_dscore.resize(n, T);
  out.dloss_dvalue.resize(n, T);
  const double inv_n = 1.0 / static_cast<double>(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    StableSoftmax(std::span<const double>(scores.row(i).data(), T),
                  std::span<double>(out.attention.row(i).data(), T));
    const double f = out.attention.row(i).dot(values.row(i));
    const double margin = y(i) * f;
    out.f(i) = f;
    out.loss += inv_n * LogisticLoss(margin);
    const double scale = -inv_n * LogisticWeight(margin) * y(i);
    for (Eigen::Index t = 0; t < T; ++t) {
      out.dloss_dvalue(i, t) = scale * out.attention(i, t);
      out.dloss_dscore(i, t) = out.dloss_dvalue(i, t) * (values(i, t) - f);
    }
  }
  return out;
}

}  // namespace boa
