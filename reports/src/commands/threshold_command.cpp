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
#include "boa_report/atomic_file.hpp"
#include "boa_report/commands.hpp"
#include "boa_report/figure.hpp"
#include "boa_report/partial_output.hpp"

namespace boa::report {
namespace {

struct ThresholdArgs : BisectionArgs {
  std::string over, out;
};

int RunThreshold(const ThresholdArgs& a) {
  const Claim& claim = FindClaim(a.id);
  const auto [over, values] = ParseSweep(a.over);
  RequireClaimParam(claim, over);
  Require(over != a.vary, "--over and --vary name the same parameter " + over);
  BisectionOptions o = ToBisectionOptions(claim, a);
  Require(o.fixed.count(over) == 0, "parameter " + over + " is given by both --over and --params");
  const std::filesystem::path dir =
      a.out.empty() ? std::filesystem::path("reports/out/threshold-" + a.id + "-" + a.vary)
                    : std::filesystem::path(a.out);
  RequireWritableFolder("--out", dir);
  o.progress = TerminalProgress("probe");
  const ThresholdCurve curve = FindThresholdCurve(claim, over, values, o);
  o.progress(0, 0);

  Figure figure;
  figure.name = "threshold";
  figure.title = claim.id + ": flip point of " + a.vary + " against " + over;
  figure.caption = "Measured here by `boa threshold`.";
  figure.columns = {over,
                    a.vary + "_lower",
                    a.vary + "_upper",
                    a.vary + "_estimate",
                    "failures_at_lower",
                    "failures_at_upper",
                    "instances",
                    "bracketed"};
  std::printf("%10s %14s %14s %14s %10s %10s\n", over.c_str(), "lower", "upper", "estimate",
              "fail@low", "fail@high");
  for (std::size_t k = 0; k < values.size(); ++k) {
    const FlipPoint& f = curve.flips[k];
    std::printf("%10g %14.6g %14.6g %14.6g %6d/%-4d %6d/%-4d%s\n", values[k], f.lower, f.upper,
                f.estimate, f.at_lower.failures, f.at_lower.instances, f.at_upper.failures,
                f.at_upper.instances,
                f.bracketed ? "" : "  (not bracketed: same verdict at both ends)");
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
  {
    const InterruptionGuard guard;  // the folder appears with its figure, or not at all
    std::filesystem::create_directories(dir);
    RenderFigure(figure, dir);
  }
  std::printf("wrote %s/threshold.csv and threshold.svg\n", dir.string().c_str());
  return 0;
}

}  // namespace

void AddThresholdCommand(CLI::App& app, Action& action) {
  auto a = std::make_shared<ThresholdArgs>();
  auto* cmd = app.add_subcommand(
      "threshold", "Bisect a parameter to where a claim's verdict flips, over a sweep");
  AddBisectionFlags(*cmd, *a, "--vary");
  cmd->add_option("--over", a->over, "Swept parameter and values: n=10,20,40,80")->required();
  cmd->add_option("--out", a->out, "Output folder for threshold.csv/.svg");
  cmd->callback([&action, a] { action = [a] { return RunThreshold(*a); }; });
}

}  // namespace boa::report
