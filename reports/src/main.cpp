// The boa program: list, check, instance, report. Bad input of any kind gets one clear error
// line on stderr and exit code 2; a failing claim exits 1; success exits 0.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "boa/catalog.hpp"
#include "boa/error.hpp"
#include "boa/runner.hpp"
#include "boa_report/instance.hpp"
#include "boa_report/report.hpp"

namespace {

namespace fs = std::filesystem;
using namespace boa;

constexpr int kBadInput = 2;

int List(bool markdown) {
  if (markdown) {
    std::cout << "| id | kind | provenance | title |\n|---|---|---|---|\n";
    for (const Claim& c : Catalog()) {
      std::cout << "| `" << c.id << "` | " << ToString(c.kind) << " | " << ToString(c.provenance)
                << " | " << c.title << " |\n";
    }
    return 0;
  }
  for (const Claim& c : Catalog()) {
    std::printf("%-40s %-13s %-11s %s\n", c.id.c_str(), ToString(c.kind).c_str(),
                ToString(c.provenance).c_str(), c.title.c_str());
  }
  return 0;
}

struct CheckArgs {
  std::string id;
  std::uint64_t seed = 1;
  int instances = 0;
  std::string params;
  std::string budget = "default";
  bool json = false;
  bool no_shrink = false;
};

int Check(const CheckArgs& a) {
  const Claim& claim = FindClaim(a.id);
  Require(a.instances >= 0 && a.instances <= 10000000, "--instances must be in [1, 1e7]");
  RunOptions options;
  options.instances = a.instances;
  options.seed_base = a.seed;
  options.budget = ParseBudget(a.budget);
  options.fixed = ParseParams(a.params);
  for (const auto& [name, value] : options.fixed) {
    bool known = false;
    for (const auto& g : claim.regime) known = known || g.name == name;
    // Budget-fixed parameters appear in replay lines, so they must replay too.
    if (claim.budget_params) known = known || claim.budget_params(options.budget).count(name) > 0;
    Require(known, "claim " + claim.id + " has no parameter '" + name + "'");
  }
  options.shrink = !a.no_shrink;
  const Verdict v = RunClaim(claim, options);
  if (a.json) {
    nlohmann::json out = {{"id", claim.id},         {"verdict", ToString(v.status)},
                          {"instances", v.instances}, {"failures", v.failures},
                          {"bound", v.bound},         {"measured", v.measured},
                          {"summary", v.summary},     {"counterexample", nullptr}};
    if (v.counterexample) {
      out["counterexample"] = {{"params", v.counterexample->params},
                               {"seed", v.counterexample->seed},
                               {"explanation", v.counterexample->explanation},
                               {"replay", v.counterexample->replay}};
    }
    std::cout << out.dump(2) << '\n';
  } else {
    std::cout << claim.id << ": " << ToString(v.status) << " — " << v.summary << '\n';
    if (v.counterexample) {
      std::cout << "counterexample (" << v.counterexample->shrink_steps << " shrink steps): "
                << FormatParams(v.counterexample->params) << " seed " << v.counterexample->seed
                << "\n  " << v.counterexample->explanation << "\nreplay: "
                << v.counterexample->replay << '\n';
    }
  }
  return v.status == Status::kFails ? 1 : 0;
}

// Writes through a sibling temporary file and renames, so a failure never leaves half a file.
void WriteAtomically(const fs::path& path, const std::string& text) {
  const fs::path tmp = path.string() + ".partial";
  {
    std::ofstream out(tmp);
    Require(static_cast<bool>(out), "cannot write " + path.string());
    out << text;
    Require(static_cast<bool>(out), "cannot write " + path.string());
  }
  fs::rename(tmp, path);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"boa — property-based verification of benign-overfitting claims for softmax attention"};
  app.require_subcommand(1);

  bool markdown = false;
  auto* list = app.add_subcommand("list", "List every claim: id, kind, provenance, title");
  list->add_flag("--markdown", markdown, "Print a Markdown table");

  CheckArgs check_args;
  auto* check = app.add_subcommand("check", "Check one claim; exit 0 holds, 1 fails, 2 bad input");
  check->add_option("id", check_args.id, "Claim id (see `boa list`)")->required();
  check->add_option("--seed", check_args.seed, "Seed base: instance i uses seed + i");
  check->add_option("--instances", check_args.instances, "Number of instances (default: the claim's)");
  check->add_option("--params", check_args.params, "Fix parameters: name=value,...");
  check->add_option("--budget", check_args.budget, "quick | default | full (instances and sweep sizes)");
  check->add_flag("--json", check_args.json, "Print the verdict as JSON");
  check->add_flag("--no-shrink", check_args.no_shrink, "Report the first failure unshrunk");

  report::InstanceOptions inst;
  std::string instance_out, position = "first", flips, labels = "balanced";
  auto* instance = app.add_subcommand("instance", "Write one instance with its GD trajectory as JSON");
  instance->add_option("--model", inst.model, "m1 | m2 (p only) | m2w (W and p) | m3");
  instance->add_option("--data", inst.data, "signal-noise | token-selection");
  int n = -1, d = -1, T = -1;
  double eta = -1, snr = inst.signal_noise.snr, mu_norm = inst.token_selection.mu_norm,
         rho = inst.token_selection.rho;
  instance->add_option("--n", n, "Samples");
  instance->add_option("--d", d, "Dimension");
  instance->add_option("--T", T, "Tokens per sample");
  instance->add_option("--eta", eta, "Label-flip rate in [0, 1)");
  instance->add_option("--snr", snr, "signal-noise: ‖μ‖/(σ√d)");
  instance->add_option("--mu-norm", mu_norm, "token-selection: ‖μ‖");
  instance->add_option("--rho", rho, "token-selection: weak-token strength ρ");
  instance->add_option("--position", position, "signal-noise: first | random");
  instance->add_option("--flips", flips, "bernoulli | exact | balanced-exact");
  instance->add_option("--labels", labels, "token-selection: balanced | random");
  instance->add_option("--steps", inst.steps, "GD steps");
  instance->add_option("--schedule", inst.schedule, "sa | sb (M1) | constant");
  instance->add_option("--lr", inst.lr, "Step size of the constant schedule");
  instance->add_option("--weight-decay", inst.weight_decay, "Weight decay λ");
  instance->add_option("--omega", inst.omega, "Gaussian init scale ω (0: zero init)");
  instance->add_option("--seed", inst.seed, "Seed");
  instance->add_option("--out", instance_out, "Output JSON file")->required();

  std::string report_out = "reports/out", budget = "default";
  std::uint64_t report_seed = 1;
  bool quiet = false;
  auto* report_cmd = app.add_subcommand("report", "Run every claim and figure; write REPORT.md, summary.json, SVGs");
  report_cmd->add_option("--out", report_out, "Output folder");
  report_cmd->add_option("--budget", budget, "quick | default | full");
  report_cmd->add_option("--seed", report_seed, "Seed base");
  report_cmd->add_flag("--quiet", quiet, "No progress output");

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "boa: error: " << e.what() << " (see boa --help)\n";
    return kBadInput;
  }

  try {
    if (*list) return List(markdown);
    if (*check) return Check(check_args);
    if (*instance) {
      auto& sn = inst.signal_noise;
      auto& ts = inst.token_selection;
      if (n >= 0) sn.n = ts.n = n;
      if (d >= 0) sn.d = ts.d = d;
      if (T >= 0) sn.T = ts.T = T;
      if (eta >= 0 || eta != eta) sn.eta = ts.eta = eta;
      sn.snr = snr;
      ts.mu_norm = mu_norm;
      ts.rho = rho;
      Require(position == "first" || position == "random", "--position must be first or random");
      sn.position = position == "first" ? SignalPosition::kFirst : SignalPosition::kRandom;
      Require(labels == "balanced" || labels == "random", "--labels must be balanced or random");
      ts.labels = labels == "balanced" ? LabelRule::kBalanced : LabelRule::kRandom;
      if (!flips.empty()) {
        Require(flips == "bernoulli" || flips == "exact" || flips == "balanced-exact",
                "--flips must be bernoulli, exact or balanced-exact");
        const FlipRule rule = flips == "bernoulli" ? FlipRule::kBernoulli
                              : flips == "exact"   ? FlipRule::kExact
                                                   : FlipRule::kBalancedExact;
        sn.flips = ts.flips = rule;
      }
      Require(static_cast<double>(std::max(n, 1)) * std::max(T, 1) * std::max(d, 1) <= 5e8,
              "instance too large: n·T·d must be at most 5e8 numbers");
      const std::string text = report::BuildInstanceJson(inst).dump() + "\n";
      WriteAtomically(instance_out, text);
      return 0;
    }
    if (*report_cmd) {
      report::ReportOptions options;
      options.out = report_out;
      options.budget = ParseBudget(budget);
      options.seed = report_seed;
      options.show_progress = !quiet;
      const int failing = report::WriteReport(options);
      std::cout << "wrote " << fs::path(report_out) / "REPORT.md" << " (" << failing
                << " failing claims)\n";
      return 0;
    }
  } catch (const InvalidInput& e) {
    std::cerr << "boa: error: " << e.what() << '\n';
    return kBadInput;
  } catch (const std::exception& e) {
    std::cerr << "boa: internal error: " << e.what() << '\n';
    return 3;
  }
  return 0;
}
