// magen24_diagonal_dominance: the [M] noise lemma's diagonal-dominance ratio
// ρ = max_i Σ_{j≠i}|⟨ξ_i, ξ_j⟩| / ‖ξ_i‖² against d/n² (0.25 .. 32, ratio 2^{1/4}), median over
// draws, one prefix curve per draw (boa/noise_gram.hpp). One cell per n = 8, 16, 32; no training,
// so no engine.
#include <algorithm>
#include <cmath>

#include "boa/noise_gram.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa/sweep.hpp"

namespace boa::sweeps {

Sweep Magen24DiagonalDominanceSweep() {
  Sweep s;
  s.name = "magen24_diagonal_dominance";
  s.description = "[M] noise diagonal-dominance ratio against d/n² for n = 8, 16, 32 (no training)";
  s.columns = {"n", "d_over_n2", "ratio", "draws"};
  s.only_engine = Engine::kDirect;
  s.cells = [](Budget, Engine) { return 3; };
  s.run = [](int cell, Budget budget, Engine) {
    const int draws = budget == Budget::kQuick ? 5 : 21;
    const int n = 8 << cell;
    std::vector<double> ratios_over_n2;
    for (double x = 0.25; x <= 32.001; x *= std::pow(2.0, 0.25)) ratios_over_n2.push_back(x);
    std::vector<int> prefix;
    for (const double x : ratios_over_n2)
      prefix.push_back(static_cast<int>(std::lround(x * n * n)) - 2);
    SignalNoiseSpec spec;
    spec.n = n;
    spec.T = 2;
    spec.d = prefix.back() + 2;
    std::vector<std::vector<double>> per_draw;
    for (int seed = 1; seed <= draws; ++seed) {
      const RowMatrix noise = NoiseTokens(GenerateSignalNoise(spec, seed)).rightCols(spec.d - 2);
      per_draw.push_back(DominanceRatioAlongPrefixes(noise, prefix));
    }
    Rows rows;
    for (std::size_t k = 0; k < prefix.size(); ++k) {
      std::vector<double> values;
      for (const auto& draw : per_draw) values.push_back(draw[k]);
      std::nth_element(values.begin(), values.begin() + draws / 2, values.end());
      rows.push_back({double(n), ratios_over_n2[k], values[draws / 2], double(draws)});
    }
    return rows;
  };
  return s;
}

}  // namespace boa::sweeps
