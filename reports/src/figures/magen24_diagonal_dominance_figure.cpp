// [M] noise lemma: the diagonal-dominance ratio ρ = max_i Σ_{j≠i}|⟨ξ_i, ξ_j⟩| / ‖ξ_i‖² against
// d/n² for n = 8, 16, 32 — the sweep magen24_diagonal_dominance, one curve per n. Dominance by
// half (ρ ≤ ½) sets in at d/n² ≈ 4–6 here; the lemma's sufficient condition is
// d ≥ 64 n² log(n²/δ), i.e. d/n² ≥ 600–800 at δ = 0.05.
#include <map>
#include <string>

#include "boa_report/figure_catalog.hpp"

namespace boa::report {

Figure Magen24DiagonalDominanceFigure(const SweepRun& run) {
  const int draws = static_cast<int>(run.At(0, "draws"));
  Figure f;
  f.name = "magen24_diagonal_dominance";
  f.title = "Noise diagonal-dominance ratio vs d/n²";
  f.caption = "Measured here: median over " + std::to_string(draws) +
              " draws of D1 noise (σ = 1) of "
              "max_i Σ_{j≠i}|⟨ξ_i, ξ_j⟩|/‖ξ_i‖² (THEORY.md magen24.noise.diagonal_dominance); the "
              "dashed line is the lemma's ½. Derived heuristic: ρ ≈ (n−1)√(2/(πd)) plus a "
              "max-over-rows term, so the curves collapse on d/n².";
  f.columns = {"d_over_n2", "ratio_n8", "ratio_n16", "ratio_n32", "half"};
  // One row per d/n² (the same grid for every n), one column per n.
  std::map<int, std::size_t> column_of_n = {{8, 1}, {16, 2}, {32, 3}};
  std::map<double, std::size_t> row_of_x;
  for (std::size_t k = 0; k < run.rows.size(); ++k) {
    const double x = run.At(k, "d_over_n2");
    if (!row_of_x.count(x)) {
      row_of_x[x] = f.rows.size();
      f.rows.push_back({x, 0, 0, 0, 0.5});
    }
    f.rows[row_of_x[x]][column_of_n.at(static_cast<int>(run.At(k, "n")))] = run.At(k, "ratio");
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
