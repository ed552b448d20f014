// magen24.snr.threshold as a figure: the harmful→benign SNR threshold against n (log-log) for
// two GD steps with SA and with SB and for the max-margin solution, each with its fitted line;
// the legend carries the fitted slope and its 95% interval. The sweep magen_snr_threshold: the
// claims' sweep at the same budget (n = n_min·2^k, d = d_over_n2·n², η = 0.1), plus SA and
// max-margin at d = 10⁶ on the Gram engine; the references are derived: √(r_T/n) and
// √(2/((1 − η)n)).
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "boa/snr_threshold.hpp"
#include "boa/stats.hpp"
#include "boa_report/figure_catalog.hpp"

namespace boa::report {
namespace {

std::string SlopeLabel(const std::string& route, const SlopeFit& fit) {
  char buffer[128];
  std::snprintf(buffer, sizeof buffer, "%s: slope %.3f [%.3f, %.3f]", route.c_str(), fit.slope,
                fit.lower, fit.upper);
  return buffer;
}

// The colour of a route's curves.
const char* Colour(ThresholdRoute route) {
  switch (route) {
    case ThresholdRoute::kScheduleSA: return "#1f77b4";
    case ThresholdRoute::kScheduleSB: return "#d62728";
    case ThresholdRoute::kMaxMargin: return "#2ca02c";
    case ThresholdRoute::kCnn: return "#9467bd";
  }
  return "black";
}

}  // namespace

Figure MagenSnrThresholdFigure(const SweepRun& run) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  // The sweep's rows per curve, in cell order: curve c's rows are n_min·2^k for k = 0, 1, ...
  std::vector<std::vector<std::size_t>> rows_of_curve;
  for (std::size_t k = 0; k < run.rows.size(); ++k) {
    const auto curve = static_cast<std::size_t>(run.At(k, "curve"));
    if (curve >= rows_of_curve.size()) rows_of_curve.resize(curve + 1);
    rows_of_curve[curve].push_back(k);
  }
  bool large_d = false, cnn = false;
  for (const auto& rows : rows_of_curve) {
    const bool is_cnn = static_cast<ThresholdRoute>(static_cast<int>(run.At(rows[0], "route"))) ==
                        ThresholdRoute::kCnn;
    cnn = cnn || is_cnn;
    large_d = large_d || (!is_cnn && run.At(rows[0], "fixed_d") > 0);
  }
  std::vector<double> ns;
  for (const std::size_t k : rows_of_curve[0]) ns.push_back(run.At(k, "n"));
  Figure f;
  f.name = "magen_snr_threshold";
  f.engine = ToString(run.engine);
  f.title = "Harmful→benign SNR threshold against n";
  f.caption = "Measured here (snr_threshold.hpp: majority over " +
              std::to_string(static_cast<int>(run.At(0, "seeds"))) +
              " seeds, d = " + std::to_string(static_cast<int>(run.At(0, "d_over_n2"))) + "·n²" +
              (large_d ? ", and open points at d = 10⁶" : "") +
              ", η = 0.1), with OLS fits in "
              "log-log; references derived: √(r_T/n) (two-step window) and √(2/((1−η)n)) "
              "(max-margin). [M] predicts slope −1/2 for attention." +
              (cnn ? " The two-layer ReLU CNN (boa's CNN route, cnn_run.hpp) at fixed d = 25600: "
                     "the [M] discussion quotes its threshold as Θ(1/(n^{1/2}d^{1/4})), slope "
                     "−1/2 in n; Kou et al.'s condition as boa recalls it gives −1/4."
                   : "");
  f.columns = {"n", "predicted_sa", "predicted_maxmargin"};
  std::vector<std::vector<double>> thresholds;  // per route, per n (NaN: not found)
  f.x_column = "n";
  f.x_label = "n";
  f.y_label = "SNR threshold";
  f.log_x = f.log_y = true;
  f.key = "bottom left Left reverse samplen 2 font \",10\"";  // the empty corner below the lines
  f.series = {{"predicted_sa", "√(r_T/n) (derived)", "lines dt 2 lc rgb 'black'"},
              {"predicted_maxmargin", "√(2/((1−η)n)) (derived)", "lines dt 3 lc rgb 'black'"}};
  std::string not_located;  // why, per curve and n, for the caption
  for (const auto& rows : rows_of_curve) {
    const auto route = static_cast<ThresholdRoute>(static_cast<int>(run.At(rows[0], "route")));
    // Attention at d = 10⁶ is drawn open; the CNN has its own fixed d and colour.
    const bool cnn_curve = route == ThresholdRoute::kCnn;
    const bool at_large_d = !cnn_curve && run.At(rows[0], "fixed_d") > 0;
    const std::string name = ToString(route) + (at_large_d ? "_d1e6" : "");
    const std::string label =
        cnn_curve ? "CNN at d = " + std::to_string(static_cast<int>(run.At(rows[0], "fixed_d")))
                  : ToString(route) + (at_large_d ? " at d = 10⁶" : "");
    const std::string lc = std::string(" lc rgb '") + Colour(route) + "'";
    const std::string point = at_large_d ? "points pt 6 ps 1" : "points pt 7 ps 1";
    const std::string line = at_large_d ? "lines dt 4" : "lines";
    std::vector<double> found_n, found_snr, column;
    for (const std::size_t k : rows) {
      const double n = run.At(k, "n");
      const bool found = run.At(k, "found") == 1;
      column.push_back(found ? run.At(k, "snr_threshold") : nan);
      if (found) {
        found_n.push_back(n);
        found_snr.push_back(run.At(k, "snr_threshold"));
      } else {
        const auto why = static_cast<NotLocated>(static_cast<int>(run.At(k, "not_located")));
        not_located += (not_located.empty() ? " Not located: " : "; ") + label +
                       ", n = " + std::to_string(static_cast<int>(n)) + " (" + WhyNotLocated(why, route) +
                       ")";
      }
    }
    thresholds.push_back(column);
    f.columns.push_back("snr_threshold_" + name);
    f.columns.push_back("fit_" + name);
    if (found_n.size() >= 3) {
      const SlopeFit fit = FitLogLogSlope(found_n, found_snr);
      std::vector<double> fitted;
      for (const double n : ns) fitted.push_back(std::exp(fit.intercept) * std::pow(n, fit.slope));
      thresholds.push_back(fitted);
      f.series.push_back({"snr_threshold_" + name, label + " (measured)", point + lc});
      f.series.push_back({"fit_" + name, SlopeLabel(label, fit), line + lc});
    } else {
      thresholds.push_back(std::vector<double>(ns.size(), nan));
      // Nothing to draw without a located point: the caption says why (not_located).
      if (!found_n.empty()) {
        f.series.push_back(
            {"snr_threshold_" + name, label + " (measured, too few points to fit)", point + lc});
      }
    }
  }
  if (!not_located.empty()) f.caption += not_located + ".";
  for (std::size_t k = 0; k < ns.size(); ++k) {
    const std::size_t at = rows_of_curve[0][k];
    std::vector<double> row = {ns[k], run.At(at, "predicted_sa"),
                               run.At(at, "predicted_maxmargin")};
    for (const auto& column : thresholds) row.push_back(column[k]);
    f.rows.push_back(row);
  }
  return f;
}

}  // namespace boa::report
