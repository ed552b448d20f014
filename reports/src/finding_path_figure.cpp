#include "boa_report/finding_path_figure.hpp"

#include <algorithm>
#include <cmath>

#include "boa/finding_class.hpp"
#include "boa/format.hpp"
#include "boa/stats.hpp"

namespace boa::report {
namespace {

// gnuplot's enhanced text reads "_" as a subscript; "\\_" in its script is a literal one.
std::string Literal(const std::string& text) {
  std::string out;
  for (const char ch : text) out += ch == '_' ? std::string("\\\\_") : std::string(1, ch);
  return out;
}

}  // namespace

std::string FindingPathFigureName(const Claim& claim) {
  std::string name = "finding_path_" + claim.id;
  std::replace(name.begin(), name.end(), '.', '_');
  return name;
}

std::optional<Figure> FindingPathFigure(const Claim& claim) {
  if (claim.expected != Expectation::kFails || !claim.limit_path || claim.path_record.size() < 4) {
    return std::nullopt;
  }
  const LimitPath& path = *claim.limit_path;
  const PathAssessment assessment = AssessPath(claim.path_record);
  const DecayFit& fit = assessment.fit;
  // A log axis has no 0: a zero count, and a zero lower bound, are drawn at the floor, half the
  // smallest resolvable rate 1/N (the caption says so; the CSV's `rate` keeps the count's 0).
  int most = 0;
  for (const PathPoint& p : claim.path_record) most = std::max(most, p.instances);
  const double floor = 0.5 / most;
  Figure f;
  f.name = FindingPathFigureName(claim);
  f.title = Literal(claim.id + ": failure rate along " + path.param);
  f.caption =
      "Measured here (committed record `records/finding_paths.csv`, seed base " +
      std::to_string(kPathSeedBase) +
      "): failures / instances at each point of the limit path with 95% Clopper–Pearson "
      "intervals; solid: the fitted power law rate ∝ " +
      path.param +
      "^κ (finding_class.hpp); dashed: δ. A zero count and a zero lower bound are drawn at " +
      FormatSignificant(floor, 2) + ".";
  f.columns = {path.param, "rate", "rate_drawn", "rate_lower", "rate_upper", "fitted", "delta"};
  const double first = claim.path_record.front().value;
  for (const PathPoint& p : claim.path_record) {
    const double x = p.value;
    const double rate = static_cast<double>(p.failures) / p.instances;
    f.rows.push_back({p.value, rate, std::max(floor, rate),
                      std::max(floor, ClopperPearsonLower(p.failures, p.instances, 0.025)),
                      ClopperPearsonUpper(p.failures, p.instances, 0.025),
                      std::min(1.0, fit.scale * std::pow(x / first, fit.exponent)), claim.delta});
  }
  f.x_column = path.param;
  f.x_label = Literal(path.inverse ? path.param + " (the limit takes it to 0)" : path.param);
  f.y_label = "failure rate";
  f.log_x = true;
  f.log_y = true;
  f.y_range = std::array<double, 2>{floor / 2, 1.5};
  f.key = "bottom left";
  f.series = {
      {"rate_drawn", "measured, 95% interval", "points", "", "rate_lower", "rate_upper"},
      {"fitted",
       assessment.fit_check.misfit ? "power law, rejected by its fit test (p = " +
                                         FormatSignificant(assessment.fit_check.p_value, 2) + ")"
                                   : "fitted power law",
       "lines"},
      {"delta", "δ (the statement's failure rate)", "lines dt 2"}};
  return f;
}

}  // namespace boa::report
