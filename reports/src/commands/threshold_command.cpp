// boa threshold <id> --vary P --lo A --hi B --over n=10,20,40,80 [--log] [--steps K]
//                [--instances N] [--params ...] [--seed S] [--budget B] [--out DIR]
// Per value of the swept parameter, bisects P to where the claim's verdict flips; fits the
// log-log exponent of the flip point against the swept parameter; writes threshold.csv/.svg.
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "boa/catalog.hpp"
#include "boa/error.hpp"
#include "boa/threshold_finder.hpp"
#include "boa_report/commands.hpp"
#include "boa_report/figure.hpp"

namespace boa::report {
namespace {

struct ThresholdArgs {
  std::string id, vary, over, params, budget = "quick", out;
  double lo = 0, hi = 0;
  bool log_scale = false;
  int steps = 10, instances = 50;
  std::uint64_t seed = 1;
};

int RunThreshold(const ThresholdArgs& a) {
  const Claim& claim = FindClaim(a.id);
  RequireClaimParam(claim, a.vary);
  const auto [over, values] = ParseSweep(a.over);
  RequireClaimParam(claim, over);
  BisectionOptions o;
  o.vary = a.vary;
  o.lo = a.lo;
  o.hi = a.hi;
  o.log_scale = a.log_scale;
  o.steps = a.steps;
  o.instances = a.instances;
  o.seed_base = a.seed;
  o.budget = ParseBudget(a.budget);
  o.fixed = ParseClaimParams(claim, a.params);
  o.progress = TerminalProgress("probe");
  const ThresholdCurve curve = FindThresholdCurve(claim, over, values, o);
  o.progress(0, 0);

  Figure figure;
  figure.name = "threshold";
  figure.title = claim.id + ": flip point of " + a.vary + " against " + over;
  figure.caption = "Measured here by `boa threshold`.";
  figure.columns = {over, a.vary + "_lower", a.vary + "_upper", a.vary + "_estimate",
                    "failures_at_lower", "failures_at_upper", "instances", "bracketed"};
  std::printf("%10s %14s %14s %14s %10s %10s\n", over.c_str(), "lower", "upper", "estimate",
              "fail@low", "fail@high");
  for (std::size_t k = 0; k < values.size(); ++k) {
    const FlipPoint& f = curve.flips[k];
    std::printf("%10g %14.6g %14.6g %14.6g %6d/%-4d %6d/%-4d%s\n", values[k], f.lower, f.upper,
                f.estimate, f.at_lower.failures, f.at_lower.instances, f.at_upper.failures,
                f.at_upper.instances, f.bracketed ? "" : "  (not bracketed: same verdict at both ends)");
    figure.rows.push_back({values[k], f.lower, f.upper, f.estimate, double(f.at_lower.failures),
                           double(f.at_upper.failures), double(a.instances), double(f.bracketed)});
  }
  if (curve.fitted) {
    std::printf("log-log slope %.4f, 95%% interval [%.4f, %.4f] (%d points)\n", curve.fit.slope,
                curve.fit.lower, curve.fit.upper, curve.fit.points);
  } else {
    std::printf("no slope: fewer than 3 bracketed points with positive values\n");
  }
  figure.x_column = over;
  figure.x_label = over;
  figure.y_label = a.vary + " at the flip";
  figure.log_x = figure.log_y = true;
  figure.series = {{a.vary + "_estimate", "flip point (bisection midpoint)", "linespoints"},
                   {a.vary + "_lower", "bracket low end", "points"},
                   {a.vary + "_upper", "bracket high end", "points"}};
  const std::filesystem::path dir =
      a.out.empty() ? std::filesystem::path("reports/out/threshold-" + a.id + "-" + a.vary)
                    : std::filesystem::path(a.out);
  std::filesystem::create_directories(dir);
  RenderFigure(figure, dir);
  std::printf("wrote %s/threshold.csv and threshold.svg\n", dir.string().c_str());
  return 0;
}

}  // namespace

void AddThresholdCommand(CLI::App& app, Action& action) {
  auto a = std::make_shared<ThresholdArgs>();
  auto* cmd = app.add_subcommand("threshold", "Bisect a parameter to where a claim's verdict flips, over a sweep");
  cmd->add_option("id", a->id, "Claim id")->required();
  cmd->add_option("--vary", a->vary, "Parameter to bisect")->required();
  cmd->add_option("--lo", a->lo, "Low end of the bracket")->required();
  cmd->add_option("--hi", a->hi, "High end of the bracket")->required();
  cmd->add_option("--over", a->over, "Swept parameter and values: n=10,20,40,80")->required();
  cmd->add_flag("--log", a->log_scale, "Bisect geometrically (lo > 0)");
  cmd->add_option("--steps", a->steps, "Bisection steps (default 10)");
  cmd->add_option("--instances", a->instances, "Instances per probe (default 50)");
  cmd->add_option("--params", a->params, "Other fixed parameters: name=value,...");
  cmd->add_option("--seed", a->seed, "Seed base (the same seeds at every probe)");
  cmd->add_option("--budget", a->budget, "quick | default | full (the claim's sweep sizes)");
  cmd->add_option("--out", a->out, "Output folder for threshold.csv/.svg");
  cmd->callback([&action, a] { action = [a] { return RunThreshold(*a); }; });
}

}  // namespace boa::report
