// The softmax bound after two SA steps (boa/softmax_bound.hpp) and its sweep
// magen24_softmax_bound: log₁₀ ε = log₁₀(1 − min clean signal weight) and log₁₀ of the max noisy
// signal weight against d = 10^{2.5 + k/2}, k = 0 … 7, at n = 20, η = 0.1 (exact flips) and two r
// inside the linearised window (3.125, 6.58), each with its d → ∞ limit σ(∓10·P(r, η)) at the
// nominal (balanced) classes. Means over seeds per cell; Gram engine, so d reaches 10⁶.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "boa/error.hpp"
#include "boa/gram_descent.hpp"
#include "boa/gram_sampling.hpp"
#include "boa/linearized_thresholds.hpp"
#include "boa/numerics.hpp"
#include "boa/softmax_bound.hpp"
#include "boa/sweep.hpp"

namespace boa {

SoftmaxBound MeasureSoftmaxBound(const SignalNoiseSpec& spec, std::uint64_t seed) {
  Require(spec.T == 2, "the softmax bound is defined for two tokens (T = 2)");
  const GramInstance gram = SampleSignalNoiseGram(spec, 0.0, seed);
  GramModel model = GramPromptAttention(gram);
  GramGradientDescent(gram, model, {2, MagenScheduleSA(spec.n, spec.d)});
  const RowMatrix scores = gram.Project(model.query);
  SoftmaxBound bound;
  bound.labels = LabelsOf(gram);
  for (int i = 0; i < spec.n; ++i) {
    const int signal = bound.labels.Role(i, 0) == TokenRole::kSignal ? 0 : 1;
    const double z = scores(i, signal) - scores(i, 1 - signal);
    if (bound.labels.noisy[i]) {
      bound.max_noisy_log_odds = std::max(bound.max_noisy_log_odds, z);
    } else {
      bound.min_clean_log_odds = std::min(bound.min_clean_log_odds, z);
    }
  }
  return bound;
}

double Log10Sigmoid(double z) { return -LogisticLoss(z) / std::log(10.0); }

namespace sweeps {

Sweep Magen24SoftmaxBoundSweep() {
  constexpr int kN = 20;
  constexpr double kEta = 0.1;
  static constexpr double kRs[] = {4.0, 5.5};
  auto seeds = [](Budget b) { return b == Budget::kQuick ? 4 : b == Budget::kDefault ? 20 : 100; };
  Sweep s;
  s.name = "magen24_softmax_bound";
  s.description =
      "[M] ε = 1 − min clean and max noisy signal weight after two SA steps against d, n = 20, "
      "η = 0.1, r = 4 and 5.5, with the d → ∞ limits σ(∓10·P(r, η)) (Gram engine)";
  s.columns = {"d", "seeds"};
  for (const double r : kRs) {
    const std::string tag = "_r" + std::to_string(static_cast<int>(std::lround(10 * r)));
    for (const char* column : {"log10_epsilon", "log10_max_noisy_signal", "limit_log10_epsilon",
                               "limit_log10_max_noisy_signal"}) {
      s.columns.push_back(column + tag);
    }
  }
  s.only_engine = Engine::kGram;
  s.cells = [](Budget, Engine) { return 8; };  // d = 10^{2.5 + k/2}, k = 0..7
  s.run = [seeds](int cell, Budget budget, Engine) {
    SignalNoiseSpec spec;
    spec.n = kN;
    spec.T = 2;
    spec.d = static_cast<int>(std::lround(std::pow(10.0, 2.5 + cell / 2.0)));
    spec.eta = kEta;
    spec.flips = FlipRule::kExact;
    const int R = seeds(budget);
    std::vector<double> row = {double(spec.d), double(R)};
    for (const double r : kRs) {
      spec.snr = std::sqrt(r / kN);
      double epsilon = 0, noisy = 0;
      for (int seed = 1; seed <= R; ++seed) {
        const SoftmaxBound b = MeasureSoftmaxBound(spec, static_cast<std::uint64_t>(seed));
        epsilon += Log10Sigmoid(-b.min_clean_log_odds) / R;
        noisy += Log10Sigmoid(b.max_noisy_log_odds) / R;
      }
      row.insert(row.end(),
                 {epsilon, noisy, Log10Sigmoid(-kScheduleSaLogOddsScale * CleanTrainLogit(r, kEta)),
                  Log10Sigmoid(kScheduleSaLogOddsScale * NoisyTrainLogit(r, kEta))});
    }
    return Rows{row};
  };
  return s;
}

}  // namespace sweeps
}  // namespace boa
