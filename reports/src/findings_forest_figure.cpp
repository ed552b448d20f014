#include "boa_report/findings_forest_figure.hpp"

#include <string>

#include "boa/cells.hpp"
#include "boa/stats.hpp"

namespace boa::report {
namespace {

// "[M] dimension.benign_at_2n": the paper as a tag, the id without it.
std::string ShortId(const std::string& id) {
  for (const auto& [prefix, tag] :
       {std::pair<std::string, std::string>{"magen24.", "[M] "}, {"sakamoto24.", "[S] "}}) {
    if (id.starts_with(prefix)) return tag + id.substr(prefix.size());
  }
  return id;
}

}  // namespace

std::optional<Figure> FindingsForestFigure(const std::vector<const Claim*>& claims) {
  Figure f;
  f.name = kFindingsForestName;
  f.title = "Every finding: failure rate along its limit path and its scans, against δ";
  f.columns = {"point", "rate", "rate_lower", "rate_upper", "delta", "scan"};
  int drawn = 0, undrawn = 0;
  double x = 0;
  const auto add = [&](const Claim& c, const PathPoint& p, bool scan) {
    f.rows.push_back({++x, static_cast<double>(p.failures) / p.instances,
                      ClopperPearsonLower(p.failures, p.instances, 0.025),
                      ClopperPearsonUpper(p.failures, p.instances, 0.025), c.delta,
                      scan ? 1.0 : 0.0});
  };
  // A claim judged per cell is drawn by its failing cells, each on its own record.
  std::vector<Claim> findings;
  for (const Claim* claim : claims) {
    for (Claim& unit : FailingUnits(*claim)) findings.push_back(std::move(unit));
  }
  for (const Claim& c : findings) {
    if (c.path_record.empty() && c.scan_record.empty()) {
      ++undrawn;
      continue;
    }
    ++drawn;
    f.x_tics.push_back({x + 1, ShortId(c.id)});
    for (const PathPoint& p : c.path_record) add(c, p, false);
    for (const auto& [param, points] : c.scan_record) {
      for (const PathPoint& p : points) add(c, p, true);
    }
    x += 1;  // a gap between findings
  }
  if (drawn == 0) return std::nullopt;
  f.caption =
      "From the committed records, not measured in this run: `theory/claims/records/"
      "finding_paths.csv` (seed base " +
      std::to_string(kPathSeedBase) + ") and `scans.csv` (seed base " +
      std::to_string(kScanSeedBase) + "), 100 counted instances a point. Each finding's points " +
      "run left to right from its label: its limit path in order, then each scan of a constant " +
      "of boa's in order of the constant's name and value (column `scan` = 1 in the CSV). Bars: " +
      "95% Clopper–Pearson intervals; crosses: the finding's δ. A finding fails where its " +
      "interval lies above its δ. " + std::to_string(drawn) + " findings drawn" +
      (undrawn > 0 ? "; " + std::to_string(undrawn) +
                         " without a path or scan record (scaling findings, whose evidence is an "
                         "exponent, and findings classed without a path) are on their pages"
                   : "") +
      ".";
  f.x_column = "point";
  f.x_label = "";
  f.y_label = "failure rate";
  f.x_range = std::array<double, 2>{0, x + 1};
  f.y_range = std::array<double, 2>{0, 1.05};
  f.key = "outside top center horizontal";
  f.size = std::array<int, 2>{1600, 640};
  f.series = {{"rate", "failure rate, 95% interval", "points", "", "rate_lower", "rate_upper"},
              {"delta", "δ (the statement's failure rate)", "points pt 2 lc rgb 'red'"}};
  return f;
}

}  // namespace boa::report
