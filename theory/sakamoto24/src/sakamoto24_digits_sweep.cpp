// sakamoto24_digits: token selection with a fixed head on real images (RunDigitsTokenSelection:
// digits 0 vs 1, the four quadrants as tokens, n = 50, d = 2000, the W-and-p protocol of
// Sakamoto24Protocol) against the label-noise rate η ∈ {0, 0.1, 0.2, 0.3}. One cell per η; each
// cell averages seeds 1..k (k = 1 quick, 4 default, 16 full): train accuracy, fitted fraction of
// the noisy samples, clean test accuracy on the held-out images, and per quadrant the fraction of
// clean and of noisy training samples that attend to it most; and the fraction of clean and of
// noisy samples whose most-attended quadrant is relevant for their true class (the roles of
// digits_token_roles.hpp, issue 34 item 9). Direct engine only.
#include <string>

#include "boa/digits_token_selection.hpp"
#include "boa/sakamoto24_settings.hpp"
#include "boa/sweep.hpp"

namespace boa::sweeps {

Sweep Sakamoto24DigitsSweep() {
  Sweep s;
  s.name = "sakamoto24_digits";
  s.description =
      "Real data: token selection on 8×8 digits (0 vs 1, quadrants as tokens) against label noise";
  s.columns = {"eta", "train_accuracy", "noisy_fitted", "test_accuracy"};
  for (const std::string_view q : kQuadrantNames)
    s.columns.push_back("clean_selects_" + std::string(q));
  for (const std::string_view q : kQuadrantNames)
    s.columns.push_back("noisy_selects_" + std::string(q));
  s.columns.insert(s.columns.end(),
                   {"clean_relevant", "noisy_relevant", "seeds", "steps", "test_count"});
  s.only_engine = Engine::kDirect;
  s.cells = [](Budget, Engine) { return static_cast<int>(DigitsNoiseRates().size()); };
  s.run = [](int cell, Budget budget, Engine) {
    const double eta = DigitsNoiseRates()[static_cast<std::size_t>(cell)];
    const int seeds = budget == Budget::kQuick ? 1 : budget == Budget::kDefault ? 4 : 16;
    const TokenSelectionRunOptions options = Sakamoto24Protocol(budget);
    DigitsRun mean;
    mean.noisy_fitted = 0;  // a sum over seeds below
    int test_count = 0;
    double clean_relevant = 0, noisy_relevant = 0;
    for (int seed = 1; seed <= seeds; ++seed) {
      const DigitsRun run = RunDigitsTokenSelection(DigitsSpecAt(eta), options, seed);
      mean.train_accuracy += run.train_accuracy / seeds;
      mean.noisy_fitted += run.noisy_fitted / seeds;
      mean.test_accuracy += run.test_accuracy / seeds;
      for (std::size_t t = 0; t < kQuadrantNames.size(); ++t) {
        mean.clean_selects[t] += run.clean_selects[t] / seeds;
        mean.noisy_selects[t] += run.noisy_selects[t] / seeds;
      }
      clean_relevant += run.clean_roles[0] / seeds;  // kDigitsRoleOrder[0]: relevant
      noisy_relevant += run.noisy_roles[0] / seeds;
      test_count = run.test_count;
    }
    std::vector<double> row = {eta, mean.train_accuracy, mean.noisy_fitted, mean.test_accuracy};
    row.insert(row.end(), mean.clean_selects.begin(), mean.clean_selects.end());
    row.insert(row.end(), mean.noisy_selects.begin(), mean.noisy_selects.end());
    row.insert(row.end(), {clean_relevant, noisy_relevant, double(seeds), double(options.steps),
                           double(test_count)});
    return Rows{row};
  };
  return s;
}

}  // namespace boa::sweeps
