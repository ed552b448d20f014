// sakamoto24_k_classes: [S] Section F, K classes with K signals. For each label-noise rate η (one
// cell each) and each K ∈ {2, 3, 5}: RunTokenSelectionK on KClassSpec(K, η) under KClassProtocol —
// train accuracy, the fitted fraction of the noisy samples, clean test accuracy and the realised
// noise rate, averaged over seeds 1..k (k = 1 quick and default, 4 full). Benign overfitting
// persists with K classes where train accuracy stays 1 and clean test accuracy near 1 as η grows.
#include <string>

#include "boa/sakamoto24_settings.hpp"
#include "boa/sweep.hpp"

namespace boa::sweeps {
namespace {

std::vector<double> NoiseRates(Budget budget) {
  if (budget == Budget::kQuick) return {0.0, 0.2};
  return {0.0, 0.1, 0.2, 0.3, 0.4};
}

}  // namespace

Sweep Sakamoto24KClassesSweep() {
  Sweep s;
  s.name = "sakamoto24_k_classes";
  s.description = "[S] Section F: token selection with K fixed class heads under label noise";
  s.columns = {"eta"};
  for (const int K : KClassCounts()) {
    const std::string k = "_k" + std::to_string(K);
    for (const char* column : {"train_accuracy", "noisy_fitted", "test_accuracy", "noise_rate"})
      s.columns.push_back(column + k);
  }
  s.columns.insert(s.columns.end(), {"seeds", "steps"});
  s.only_engine = Engine::kDirect;
  s.cells = [](Budget budget, Engine) { return static_cast<int>(NoiseRates(budget).size()); };
  s.run = [](int cell, Budget budget, Engine) {
    const double eta = NoiseRates(budget)[static_cast<std::size_t>(cell)];
    const int seeds = budget == Budget::kFull ? 4 : 1;
    const TokenSelectionRunOptions options = KClassProtocol(budget);
    std::vector<double> row = {eta};
    for (const int K : KClassCounts()) {
      const TokenSelectionSpec spec = KClassSpec(K, eta);
      double train = 0, noisy = 0, test = 0, rate = 0;
      for (int seed = 1; seed <= seeds; ++seed) {
        const TokenSelectionRun run = RunTokenSelectionK(spec, options, seed);
        train += run.train_accuracy / seeds;
        noisy += run.noisy_fitted / seeds;
        test += run.test_accuracy / seeds;
        rate += static_cast<double>(run.data.NoisyCount()) / spec.n / seeds;
      }
      row.insert(row.end(), {train, noisy, test, rate});
    }
    row.insert(row.end(), {double(seeds), double(options.steps)});
    return Rows{row};
  };
  return s;
}

}  // namespace boa::sweeps
