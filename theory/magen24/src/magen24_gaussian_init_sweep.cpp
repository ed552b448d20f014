// magen24_gaussian_init: ‖θ₂^ω − θ₂⁰‖ (θ = (p, v) after two steps of schedule SA) from a Gaussian
// initialisation N(0, ω²I) against zero init, one init direction per seed, median over seeds, for
// ω√d = 10^{-9} .. 10^{-1} (quarter decades), in WindowMiddleSpec (n = 40, d = 4n², η = 0.1, r in
// the middle of the linearised window). `benign`: the fraction of seeds for which conclusions
// (i)–(iv) of magen24.gd.two_step_benign still hold at that ω (two_step_conclusions.hpp). One cell
// per ω; direct only (the deviation compares ambient parameters).
#include <algorithm>
#include <cmath>

#include "boa/prompt_attention_run.hpp"
#include "boa/sweep.hpp"
#include "boa/two_step_conclusions.hpp"
#include "boa/window_middle_setting.hpp"

namespace boa::sweeps {
namespace {

Vector Theta(const PromptAttentionRun& run) {
  Vector x(run.p.size() + run.v.size());
  x << run.p, run.v;
  return x;
}

}  // namespace

Sweep Magen24GaussianInitSweep() {
  Sweep s;
  s.name = "magen24_gaussian_init";
  s.description =
      "[M] two-step parameter deviation under Gaussian init N(0, ω²I) against ω (n = 40, d = 4n²)";
  s.columns = {"omega", "omega_sqrt_d", "deviation", "benign", "seeds"};
  s.only_engine = Engine::kDirect;
  s.cells = [](Budget, Engine) { return 33; };  // ω√d = 10^{k/4}, k = −36..−4
  s.run = [](int cell, Budget budget, Engine) {
    const int seeds = budget == Budget::kQuick ? 3 : 9;
    const SignalNoiseSpec spec = WindowMiddleSpec();
    const double omega_sqrt_d = std::pow(10.0, (cell - 36) / 4.0);
    const double omega = omega_sqrt_d / std::sqrt(static_cast<double>(spec.d));
    PromptAttentionRunOptions options;
    options.schedule = MagenScheduleSA(spec.n, spec.d);
    options.n_test = 2000;
    options.engine = EngineChoice::kDirect;
    std::vector<double> deviation;
    double benign = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
      options.omega = 0;
      const Vector theta0 = Theta(RunPromptAttention(spec, options, seed));
      options.omega = omega;
      const PromptAttentionRun run = RunPromptAttention(spec, options, seed);
      deviation.push_back((Theta(run) - theta0).norm());
      benign += TwoStepConclusionsHold(run) / static_cast<double>(seeds);
    }
    std::nth_element(deviation.begin(), deviation.begin() + seeds / 2, deviation.end());
    return Rows{{omega, omega_sqrt_d, deviation[seeds / 2], benign, double(seeds)}};
  };
  return s;
}

}  // namespace boa::sweeps
