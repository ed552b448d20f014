#pragma once
// Every numerical tolerance of the suite, with where it comes from. A test that needs another
// value overrides one field: `auto tol = kTolerances; tol.fd_rtol = 1e-4;`.
#include <limits>

namespace boa {

inline constexpr double kEpsilon = std::numeric_limits<double>::epsilon();

struct Tolerances {
  // |Σ_t S(z)_t − 1| ≤ softmax_sum_per_token · T: each term carries ≤ 2ε from exp and division,
  // the sum adds ≤ Tε more; 4ε per token covers both (THEORY.md core.softmax.stable).
  double softmax_sum_per_token = 4 * kEpsilon;
  // |S(z + c1) − S(z)|_∞ ≤ softmax_shift · (max|z| + |c| + 1): rounding z_t + c perturbs the
  // exponent by ≤ ε·|z_t + c|, and the difference of two such exponents by twice that; the
  // factor 8 leaves room for exp's own ≤ 1 ulp.
  double softmax_shift = 8 * kEpsilon;
  // Central finite difference with h = fd_step·max(1, |θ_j|): truncation O(h²) ≈ 1e-12 and
  // rounding O(ε·L/h) ≈ 1e-10·L, both far below the 1e-5 that THEORY.md asks for.
  double fd_step = 1e-6;
  double fd_rtol = 1e-5;
  // Fused vs reference kernel: same sums in a different order, d ≤ 10⁴ terms, κ-free → 1e-12.
  double kernel_match = 1e-12;
  // Permuting tokens reorders sums of T terms per sample: relative error ≤ Tε·cond, 1e-12 suffices.
  double reorder = 1e-12;
  // Rotations: x → Qx costs d rounding errors per coordinate (≈ dε ≈ 1e-14 at d = 50), and one GD
  // step amplifies by at most the step-size-weighted curvature: 1e-10.
  double rotation = 1e-10;
  // core.equivalence.w_p and the [M] closed forms: exact algebra, different summation order.
  double equivalence = 1e-10;
  // Growth-function ODE integrated by Dormand–Prince at tolerance 1e-12: 1e-8 on g(Λ(τ)).
  double ode = 1e-8;
};

inline constexpr Tolerances kTolerances{};

// |a − b| ≤ rtol·max(|a|, |b|) + atol.
inline bool NearRel(double a, double b, double rtol, double atol = 0) {
  const double scale = (a < 0 ? -a : a) > (b < 0 ? -b : b) ? (a < 0 ? -a : a) : (b < 0 ? -b : b);
  const double diff = a > b ? a - b : b - a;
  return diff <= rtol * scale + atol;
}

}  // namespace boa
