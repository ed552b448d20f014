// core.softmax.stable — S(z) is finite, sums to 1 within 4Tε, and S(z + c1) = S(z), for |z| ≤ 1e6.
#include <cmath>
#include <vector>

#include "boa/catalog.hpp"
#include "boa/claim.hpp"
#include "boa/numerics.hpp"
#include "boa/rng.hpp"
#include "boa/tolerances.hpp"

namespace boa::claims {

Claim CoreSoftmaxStable() {
  Claim c;
  c.id = "core.softmax.stable";
  c.title = "Stable softmax is finite, normalised and shift invariant for |z| ≤ 1e6";
  c.kind = ClaimKind::kIdentity;
  c.provenance = Provenance::kDerived;
  c.source = "THEORY.md §1 (max-subtraction softmax)";
  c.elements = {
      {"statement", Origin::kDerivation,
       "THEORY.md §1 and §4.1 `core.softmax.stable`: the max-subtraction softmax is finite, sums "
       "to 1 and is shift invariant, with rounding bounds derived there"},
      {"setting", Origin::kConvention,
       "boa's range: T ∈ [2, 16], |z_t| ≤ 10⁶ with one entry at ±10^a, shift |c| ≤ 10⁶ — far past "
       "where a naive exp overflows (z ≈ 710), so the stability is what is tested"},
      {"sum tolerance 4Tε", Origin::kDerivation,
       "tolerances.hpp softmax_sum_per_token: ≤ 2ε per term from exp and division, Tε from the "
       "sum"},
      {"shift tolerance 8ε(max|z| + |c| + 1)", Origin::kDerivation,
       "tolerances.hpp softmax_shift: rounding z_t + c moves each exponent by ε|z_t + c|, twice "
       "for a difference, with room for exp's own ulp"},
  };
  // z_t uniform in ±10^magnitude, shift uniform in ±10^shift; both exponents ≤ 6 keep |z| ≤ 1e6
  // before the shift and |z + c| ≤ 2e6 after it.
  c.regime = {{"T", 2, 16}, {"magnitude", 0, 6}, {"shift", 0, 6}};
  c.check = [](const Params& params, std::uint64_t seed, Engine) {
    const int T = IntParam(params, "T");
    const double scale = std::pow(10.0, RealParam(params, "magnitude"));
    Rng rng(seed, kTrainData);
    std::vector<double> z(T), shifted(T), s(T), s_shifted(T);
    for (double& x : z) x = rng.Uniform(-scale, scale);
    z[0] = rng.Bernoulli(0.5) ? scale : -scale;  // always include an extreme entry
    const double c_shift = rng.Uniform(-1, 1) * std::pow(10.0, RealParam(params, "shift"));
    double z_max = 0;
    for (int t = 0; t < T; ++t) {
      shifted[t] = z[t] + c_shift;
      z_max = std::max(z_max, std::fabs(z[t]));
    }
    StableSoftmax(z, s);
    StableSoftmax(shifted, s_shifted);
    double sum = 0, shift_gap = 0;
    bool finite = true, non_negative = true;
    for (int t = 0; t < T; ++t) {
      finite = finite && std::isfinite(s[t]) && std::isfinite(s_shifted[t]);
      non_negative = non_negative && s[t] >= 0;
      sum += s[t];
      shift_gap = std::max(shift_gap, std::fabs(s[t] - s_shifted[t]));
    }
    const double sum_allowed = kTolerances.softmax_sum_per_token * T;
    const double shift_allowed = kTolerances.softmax_shift * (z_max + std::fabs(c_shift) + 1);
    Outcome o;
    o.measured = {{"sum_error_over_allowed", std::fabs(sum - 1) / sum_allowed},
                  {"shift_gap_over_allowed", shift_gap / shift_allowed}};
    o.holds =
        finite && non_negative && std::fabs(sum - 1) <= sum_allowed && shift_gap <= shift_allowed;
    if (!o.holds) {
      o.explanation = !finite         ? "softmax produced a non-finite value"
                      : !non_negative ? "softmax produced a negative value"
                                      : "|Σ−1| = " + FormatNumber(std::fabs(sum - 1)) +
                                            " (allowed " + FormatNumber(sum_allowed) +
                                            "), shift gap " + FormatNumber(shift_gap) +
                                            " (allowed " + FormatNumber(shift_allowed) + ")";
    }
    return o;
  };
  c.violation_score = "shift_gap_over_allowed";
  c.instances = 200;
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(CoreSoftmaxStable);

}  // namespace boa::claims
