#include "boa/noise_gram.hpp"

#include <algorithm>
#include <cmath>

#include "boa/error.hpp"

namespace boa {

RowMatrix NoiseTokens(const Dataset& data) {
  std::vector<Eigen::Index> rows;
  for (int i = 0; i < data.n; ++i) {
    for (int t = 0; t < data.T; ++t) {
      if (data.Role(i, t) == TokenRole::kNoise)
        rows.push_back(static_cast<Eigen::Index>(i) * data.T + t);
    }
  }
  RowMatrix noise(static_cast<Eigen::Index>(rows.size()), data.d);
  for (std::size_t k = 0; k < rows.size(); ++k)
    noise.row(static_cast<Eigen::Index>(k)) = data.X.row(rows[k]);
  return noise;
}

Matrix NoiseGram(const RowMatrix& noise) { return noise * noise.transpose(); }

NoiseGramSummary SummarizeNoiseGram(const Matrix& gram) {
  Require(gram.rows() >= 2 && gram.rows() == gram.cols(), "a noise Gram matrix needs ≥ 2 tokens");
  NoiseGramSummary s;
  s.min_squared_norm = gram.diagonal().minCoeff();
  s.max_squared_norm = gram.diagonal().maxCoeff();
  for (Eigen::Index i = 0; i < gram.rows(); ++i) {
    double off = 0;
    for (Eigen::Index j = 0; j < gram.cols(); ++j) {
      if (j == i) continue;
      off += std::fabs(gram(i, j));
      s.max_abs_off_diagonal = std::max(s.max_abs_off_diagonal, std::fabs(gram(i, j)));
    }
    s.dominance_ratio = std::max(s.dominance_ratio, off / gram(i, i));
  }
  return s;
}

std::vector<double> DominanceRatioAlongPrefixes(const RowMatrix& noise,
                                                const std::vector<int>& prefix_columns) {
  Require(std::is_sorted(prefix_columns.begin(), prefix_columns.end()) && !prefix_columns.empty() &&
              prefix_columns.front() >= 1 && prefix_columns.back() <= noise.cols(),
          "prefix dimensions must increase within [1, number of columns]");
  Matrix gram = Matrix::Zero(noise.rows(), noise.rows());
  std::vector<double> ratio;
  int done = 0;
  for (const int m : prefix_columns) {
    if (m > done) {
      const auto block = noise.middleCols(done, m - done);
      gram.noalias() += block * block.transpose();
      done = m;
    }
    ratio.push_back(SummarizeNoiseGram(gram).dominance_ratio);
  }
  return ratio;
}

}  // namespace boa
