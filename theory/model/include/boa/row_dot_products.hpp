#pragma once
// C = A Bᵀ for row-major A and B (every dot product between a row of A and a row of B), on the
// SIMD target in use (boa/simd.hpp): on targets with fused multiply-add a Highway kernel whose
// summation order does not depend on the vector width (row_dot_products.cpp says the order), on
// targets without it Eigen's product. Either way, targets that boa/simd.hpp says agree give the
// same bits. At (160 × 2000)·(2000 × 2000)ᵀ, the start of an [S] W-and-p run, the kernel is ≈ 4.7×
// Eigen's baseline product on AVX-512 and ≈ 2.7× on AVX2 (benchmarks/README.md).
#include "boa/linalg.hpp"

namespace boa {

using RowMatrixRef = Eigen::Ref<const RowMatrix>;

// Throws InvalidInput when A and B have different numbers of columns.
RowMatrix RowDotProducts(const RowMatrixRef& A, const RowMatrixRef& B);

// A Aᵀ, symmetric bit for bit: its upper triangle is RowDotProducts(A, A)'s, mirrored below (the
// kernel skips the blocks below the diagonal, about half the work).
RowMatrix RowGram(const RowMatrixRef& A);

}  // namespace boa
