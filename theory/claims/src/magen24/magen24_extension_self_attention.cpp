// magen24.extension.self_attention — [M] rebuttal Fig. 5: M3, f = vᵀXᵀS(XWx₁) with the signal as
// the first token, so the query of a sample of class c is Wμ_c. W is d×d, so d = n² = 400 here.
// GD from zero: step sizes β_v = 4n/d (SB) and β_W = β_v/‖μ‖², which moves the class queries Wμ_c
// at the rate SB moves p in M1; 200 steps. The clean test error is a direct Monte Carlo estimate
// on 2000 fresh samples (M3's query depends on the sample, so the projected estimate of
// projected_test_error.hpp does not apply). Exploratory.
#include "boa/catalog.hpp"
#include "route_outcome.hpp"

namespace boa::claims {

Claim Magen24ExtensionSelfAttention() {
  Claim c;
  c.id = "magen24.extension.self_attention";
  c.title = "M3 self-attention vᵀXᵀS(XWx₁): accuracy and signal attention after GD";
  c.kind = ClaimKind::kExploratory;
  c.provenance = Provenance::kExploratory;
  c.source = "[M] rebuttal, Fig. 5 (self-attention)";
  c.elements = {
      {"statement", Origin::kPaper,
       "[M] discussion, 'Experiments on more complex model': \"for self-attention model "
       "v^T X^T S(X W x_1) where x_1 is the first token, the results in Fig.5 ... confirm the "
       "presence of benign overfitting\", with the optimal token selection"},
      {"setting", Origin::kConvention,
       "boa's extensions' D1 setting (route_outcome.hpp ExtensionSpec): n = 20, η = 0.1 with exact "
       "flips, r = 4.5 — inside the SA window (3.125, 6.58) and above the max-margin boundary "
       "2.22; the signal as the first token, d = n² = 400, 2000 Monte Carlo test samples"},
      {"steps: β_v = 4n/d, β_W = β_v/‖μ‖², 200 GD steps from zero", Origin::kConvention,
       "route_outcome.hpp SelfAttentionSchedule: moves the class queries Wμ_c at the rate SB moves "
       "p in M1"},
  };
  c.check = [](const Params&, std::uint64_t seed, Engine) {
    const SignalNoiseSpec spec = ExtensionSpec(20 * 20);
    SelfAttention model(spec.d);
    return ReportRoute(TrainAndSummarize(model, spec, 200, SelfAttentionSchedule, seed));
  };
  c.instances = 10;  // W is d×d: the costliest extension
  c.rejection = Rejection::kNone;
  return c;
}
BOA_REGISTER_CLAIM(Magen24ExtensionSelfAttention);

}  // namespace boa::claims
