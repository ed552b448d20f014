// [M] noise lemma: the diagonal-dominance ratio ρ = max_i Σ_{j≠i}|⟨ξ_i, ξ_j⟩| / ‖ξ_i‖² against
// d/n² for n = 8, 16, 32 (median over draws, one prefix curve per draw, boa/noise_gram.hpp).
// Dominance by half (ρ ≤ ½) sets in at d/n² ≈ 4–6 here; the lemma's sufficient condition is
// d ≥ 64 n² log(n²/δ), i.e. d/n² ≥ 600–800 at δ = 0.05.
#include <algorithm>
#include <cmath>

#include "boa/noise_gram.hpp"
#include "boa/signal_noise_data.hpp"
#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Magen24DiagonalDominanceFigure(Budget budget) {
  const int draws = budget == Budget::kQuick ? 5 : 21;
  const std::vector<int> ns = {8, 16, 32};
  std::vector<double> ratios_over_n2;  // d/n² grid: 0.25 .. 32, ratio 2^{1/4}
  for (double x = 0.25; x <= 32.001; x *= std::pow(2.0, 0.25)) ratios_over_n2.push_back(x);
  Figure f;
  f.name = "magen24_diagonal_dominance";
  f.title = "Noise diagonal-dominance ratio vs d/n²";
  f.caption = "Measured here: median over " + std::to_string(draws) + " draws of D1 noise (σ = 1) of "
              "max_i Σ_{j≠i}|⟨ξ_i, ξ_j⟩|/‖ξ_i‖² (THEORY.md magen24.noise.diagonal_dominance); the "
              "dashed line is the lemma's ½. Derived heuristic: ρ ≈ (n−1)√(2/(πd)) plus a "
              "max-over-rows term, so the curves collapse on d/n².";
  f.columns = {"d_over_n2", "ratio_n8", "ratio_n16", "ratio_n32", "half"};
  f.rows.assign(ratios_over_n2.size(), std::vector<double>(f.columns.size(), 0.0));
  for (std::size_t k = 0; k < ratios_over_n2.size(); ++k) {
    f.rows[k][0] = ratios_over_n2[k];
    f.rows[k][4] = 0.5;
  }
  for (std::size_t c = 0; c < ns.size(); ++c) {
    const int n = ns[c];
    std::vector<int> prefix;
    for (const double x : ratios_over_n2) prefix.push_back(static_cast<int>(std::lround(x * n * n)) - 2);
    SignalNoiseSpec spec;
    spec.n = n;
    spec.T = 2;
    spec.d = prefix.back() + 2;
    std::vector<std::vector<double>> per_draw;
    for (int seed = 1; seed <= draws; ++seed) {
      const RowMatrix noise = NoiseTokens(GenerateSignalNoise(spec, seed)).rightCols(spec.d - 2);
      per_draw.push_back(DominanceRatioAlongPrefixes(noise, prefix));
    }
    for (std::size_t k = 0; k < prefix.size(); ++k) {
      std::vector<double> values;
      for (const auto& draw : per_draw) values.push_back(draw[k]);
      std::nth_element(values.begin(), values.begin() + draws / 2, values.end());
      f.rows[k][c + 1] = values[draws / 2];
    }
  }
  f.x_column = "d_over_n2";
  f.x_label = "d / n²";
  f.y_label = "max_i Σ_{j≠i}|⟨ξ_i,ξ_j⟩| / ‖ξ_i‖²";
  f.log_x = true;
  f.log_y = true;
  f.series = {{"ratio_n8", "n = 8", "linespoints"},
              {"ratio_n16", "n = 16", "linespoints"},
              {"ratio_n32", "n = 32", "linespoints"},
              {"half", "1/2 (the lemma)", "lines dt 2"}};
  return f;
}

}  // namespace boa::report
