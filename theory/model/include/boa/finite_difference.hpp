#pragma once
// The one finite-difference helper behind every gradient check.
//
// For every coordinate j of every trained block: fd_j = (L(θ + h e_j) − L(θ − h e_j)) / 2h with
// h = step·max(1, |θ_j|), compared with the analytic ∂L/∂θ_j; and once along a random unit
// direction Δ: (L(θ + hΔ) − L(θ − hΔ)) / 2h vs ∇L·Δ. A coordinate passes when
// |fd − analytic| ≤ rtol·max(|analytic|, ‖∇L‖_∞) + 8ε(|L| + 1)/h (the last term is the rounding
// floor of a central difference, so an exactly zero gradient cannot fail on noise).
#include <cstdint>
#include <string>

#include "boa/dataset.hpp"
#include "boa/model.hpp"

namespace boa {

struct GradientCheck {
  bool ok = true;
  double worst_ratio = 0;  // max over checks of |fd − analytic| / allowed (ok ⇔ ≤ 1)
  double worst_error = 0;  // |fd − analytic| at the worst check
  double worst_analytic = 0;
  double worst_fd = 0;
  std::string worst_where;  // e.g. "W[7]" or "direction"
  int checks = 0;
};

GradientCheck CheckGradientByFiniteDifference(const Model& model, const Dataset& data, double rtol,
                                              double step, std::uint64_t direction_seed);

}  // namespace boa
