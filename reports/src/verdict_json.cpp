#include "boa_report/verdict_json.hpp"

#include <cmath>
#include <optional>
#include <string>

#include "boa/cells.hpp"
#include "boa/engine.hpp"
#include "boa/simd.hpp"
#include "boa/stats.hpp"
#include "boa_report/finding_path_figure.hpp"

namespace boa::report {
namespace {

// NaN (a power that a scaling sweep did not report) becomes null, not an invalid JSON number.
nlohmann::json Number(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(); }

}  // namespace

nlohmann::json ElementsJson(const Claim& claim) {
  nlohmann::json elements = nlohmann::json::array();
  for (const Element& e : claim.elements) {
    nlohmann::json element = {{"name", e.name}, {"origin", ToString(e.origin)}, {"where", e.where}};
    if (const std::string when = WhenFixed(e); !when.empty()) element["fixed"] = when;
    elements.push_back(std::move(element));
  }
  return elements;
}

nlohmann::json FindingClassJson(const Claim& claim) {
  if (claim.expected != Expectation::kFails) return nullptr;
  const auto text = [](const std::string& s) {
    return s.empty() ? nlohmann::json() : nlohmann::json(s);
  };
  nlohmann::json out = {{"class", ToString(claim.finding_class)},
                        {"note", text(claim.class_note)},
                        {"encoding_sensitive", text(claim.encoding_sensitive)},
                        {"path", nullptr}};
  if (!claim.limit_scan.empty() && claim.scan_record.count(claim.limit_scan)) {
    const PathAssessment a =
        AssessDeviationPath(claim.scan_record.at(claim.limit_scan), claim.predicted_exponent);
    out["deviation_path"] = {{"param", claim.limit_scan},
                             {"deviation_exponent", a.fit.exponent},
                             {"deviation_exponent_lower", a.fit.lower},
                             {"deviation_exponent_upper", a.fit.upper},
                             {"fit_chi2", a.fit_check.deviance},
                             {"fit_degrees_of_freedom", a.fit_check.degrees_of_freedom},
                             {"fit_p", a.fit_check.p_value},
                             {"power_law_fits", !a.fit_check.misfit},
                             {"trend_z", a.trend.z},
                             {"trend_p", a.trend.p_value}};
  }
  if (!claim.limit_path || claim.path_record.size() < 4) return out;
  nlohmann::json points = nlohmann::json::array();
  for (const PathPoint& p : claim.path_record) {
    points.push_back({{"value", p.value},
                      {"instances", p.instances},
                      {"failures", p.failures},
                      {"rate_lower", ClopperPearsonLower(p.failures, p.instances, 0.025)},
                      {"rate_upper", ClopperPearsonUpper(p.failures, p.instances, 0.025)}});
  }
  const PathAssessment assessment = AssessPath(claim.path_record);
  const DecayFit& fit = assessment.fit;
  const auto below =
      ExtrapolatedSizeBelow(assessment, claim.path_record.front().value, claim.delta);
  out["path"] = {{"param", claim.limit_path->param},
                 {"why", claim.limit_path->why},
                 {"points", points},
                 {"exponent", fit.exponent},
                 {"exponent_lower", fit.lower},
                 {"exponent_upper", fit.upper},
                 {"fit_deviance", assessment.fit_check.deviance},
                 {"fit_degrees_of_freedom", assessment.fit_check.degrees_of_freedom},
                 {"fit_p", assessment.fit_check.p_value},
                 {"power_law_fits", !assessment.fit_check.misfit},
                 {"trend_z", assessment.trend.z},
                 {"trend_p", assessment.trend.p_value},
                 {"below_delta_at", below ? nlohmann::json(*below) : nlohmann::json()},
                 {"figure", FindingPathFigureName(claim) + ".svg"}};
  return out;
}

nlohmann::json VerdictJson(const Claim& claim, const Verdict& v) {
  nlohmann::json out = {
      {"id", claim.id},
      {"title", claim.title},
      {"kind", ToString(claim.kind)},
      {"provenance", ToString(claim.provenance)},
      {"source", claim.source},
      {"elements", ElementsJson(claim)},
      {"engine", ToString(v.engine)},
      {"simd", SimdTargetName()},
      {"verdict", ToString(v.status)},
      {"qualifier", v.qualifier.empty() ? nlohmann::json() : nlohmann::json(v.qualifier)},
      {"expected", ToString(ExpectedStatus(claim))},
      {"as_expected", MatchesExpectation(claim, v)},
      {"instances", v.instances},
      {"failures", v.failures},
      {"rejected", v.rejected},
      {"rejection", ToString(*claim.rejection)},
      {"rejection_note", claim.rejection_note},
      {"health_draws_per_instance", HealthDrawsPerInstance(claim)},
      {"worst_case_rate",
       v.worst_case_rate ? nlohmann::json(*v.worst_case_rate) : nlohmann::json()},
      {"healthy", v.healthy},
      {"rate_lower", v.rate_lower},
      {"rate_upper", v.rate_upper},
      {"summary", v.summary},
      {"measured", v.measured},
      {"finding", claim.finding.empty() ? nlohmann::json() : nlohmann::json(claim.finding)},
      {"finding_class", FindingClassJson(claim)},
      {"counterexample", nullptr}};
  if (v.plan) {
    out["alpha"] = Number(v.plan->alpha);
    out["power"] = Number(v.plan->power);
    if (claim.kind == ClaimKind::kProbabilistic) {
      out["delta"] = v.plan->delta;
      out["delta_alt"] = v.plan->delta_alt;
      out["delta_source"] = claim.delta_source;
      out["cap"] = v.plan->cap;
      out["beta"] = v.plan->beta;  // nominal: the SPRT boundaries' β
      out["realised_alpha"] = v.plan->realised_alpha;
      out["realised_beta"] = v.plan->realised_beta;
    } else {
      out["deviation"] = claim.deviation;
      // Planned from the recorded σ (exponent_plan.hpp), with where σ was measured.
      out["power_holds"] = Number(v.plan->power_holds);
      out["power_fails"] = Number(v.plan->power_fails);
      out["exponent_sd"] = claim.exponent_sd;
      out["exponent_sd_source"] = claim.exponent_sd_source;
      out["sd_p_value"] = Number(v.plan->sd_p_value);  // the run's σ check (exponent_plan.hpp)
      if (claim.expected == Expectation::kFails) {
        out["finding_exponent_bound"] = claim.finding_exponent_bound;
      }
    }
  }
  // How a probabilistic claim ranges over its regime (claim.hpp, RangeKind), and for a claim
  // judged per cell (cells.hpp) each cell's verdict, as its own claim "<id>@<cell>".
  if (claim.range) {
    out["range"] = ToString(*claim.range);
    out["range_note"] = claim.range_note;
  }
  if (!v.cells.empty()) {
    const std::vector<Claim> units = JudgedUnits(claim);
    out["cells"] = nlohmann::json::array();
    for (std::size_t j = 0; j < v.cells.size() && j < units.size(); ++j) {
      nlohmann::json cell = VerdictJson(units[j], v.cells[j]);
      cell["cell"] = v.cells[j].cell;
      for (const char* key : {"title", "source", "elements", "finding_class", "rejection_note",
                              "delta_source", "simd"}) {
        cell.erase(key);
      }
      out["cells"].push_back(std::move(cell));
    }
  }
  if (v.counterexample) {
    out["counterexample"] = {{"params", v.counterexample->params},
                             {"seed", v.counterexample->seed},
                             {"explanation", v.counterexample->explanation},
                             {"replay", v.counterexample->replay}};
    if (claim.gram_form) out["counterexample"]["engine"] = ToString(v.counterexample->engine);
  }
  return out;
}

}  // namespace boa::report
