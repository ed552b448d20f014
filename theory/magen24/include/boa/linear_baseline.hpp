#pragma once
// The linear baseline of magen24.extension.vs_linear ([M] discussion, 'Comparison to linear
// model'): a linear classifier on the averaged tokens z_i = (1/T) Σ_t x_it, and how much of a
// trained head lies in the signal plane.
#include "boa/gram_instance.hpp"
#include "boa/projected_test_error.hpp"

namespace boa {

// The minimum-norm interpolator of the averaged tokens, v = Zᵀ(ZZᵀ)⁻¹y (the limit of GD on them
// from zero), on a Gram draw.
SpanVector MinNormLinearInterpolator(const GramInstance& gram);

// The share of ‖u‖² in the signal plane span{μ₊, μ₋} (D1: μ₊ ⟂ μ₋), from a head's test
// projections: uᵀμ± over ‖μ‖ for the signal part, the noise variance over σ² for the rest.
double SignalShare(const TestProjections& projections, double mu_norm, double sigma);

}  // namespace boa
