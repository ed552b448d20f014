#pragma once
// Shared Eigen types. Token matrices are row-major so that one token (one row) is contiguous:
// the kernel streams tokens, never columns.
#include <Eigen/Dense>

namespace boa {

using Vector = Eigen::VectorXd;
using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Row-major views of a flat d×d block.
inline Eigen::Map<RowMatrix> AsMatrix(Vector& flat, int d) { return {flat.data(), d, d}; }
inline Eigen::Map<const RowMatrix> AsMatrix(const Vector& flat, int d) {
  return {flat.data(), d, d};
}

}  // namespace boa
