// Helpers shared by the subcommands.
#include <unistd.h>
#include <cstdio>
#include <set>
#include <sstream>

#include "boa/engine.hpp"
#include "boa/error.hpp"
#include "boa_report/commands.hpp"

namespace boa::report {

void RequireClaimParam(const Claim& claim, const std::string& name) {
  // A claim's parameters: its regime grid, and whatever it fixes per budget (sweep sizes).
  std::set<std::string> names;
  for (const auto& g : claim.regime) names.insert(g.name);
  if (claim.budget_params) {
    for (Budget b : {Budget::kQuick, Budget::kDefault, Budget::kFull}) {
      for (const auto& [key, value] : claim.budget_params(b)) names.insert(key);
    }
  }
  if (names.count(name) == 1) return;
  std::string known;
  for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
  throw InvalidInput("claim " + claim.id + " has no parameter '" + name +
                     "' (its parameters: " + known + ")");
}

void AddEngineOption(CLI::App& cmd, EngineChoice& choice) {
  cmd.add_option_function<std::string>(
         "--engine", [&choice](const std::string& text) { choice = ParseEngineChoice(text); },
         "Engine for experiments with a Gram form: auto (default: Gram), direct or gram")
      ->check(CLI::IsMember({"auto", "direct", "gram"}));
}

EngineChoice CatalogRunEngine(const Claim& claim, EngineChoice choice) {
  return claim.gram_form ? choice : EngineChoice::kAuto;
}

Params ParseClaimParams(const Claim& claim, const std::string& text) {
  const Params params = ParseParams(text);
  for (const auto& [name, value] : params) RequireClaimParam(claim, name);
  return params;
}

std::function<void(int, int)> TerminalProgress(const std::string& label) {
  if (isatty(fileno(stderr)) == 0) return [](int, int) {};
  return [label](int done, int total) {
    if (total == 0) {
      std::fprintf(stderr, "\r\033[K");
    } else {
      std::fprintf(stderr, "\r  %s %d/%d\033[K", label.c_str(), done, total);
    }
  };
}

void AddBisectionFlags(CLI::App& cmd, BisectionArgs& a, const std::string& vary_flag) {
  AddEngineOption(cmd, a.engine);
  cmd.add_option("id", a.id, "Claim id")->required();
  cmd.add_option(vary_flag, a.vary, "Parameter to bisect")->required();
  cmd.add_option("--lo", a.lo, "Low end of the bracket")->required();
  cmd.add_option("--hi", a.hi, "High end of the bracket")->required();
  cmd.add_flag("--log", a.log_scale, "Bisect geometrically (lo > 0)");
  cmd.add_option("--steps", a.steps, "Bisection steps")
      ->capture_default_str()
      ->check(CLI::Range(0, 60));
  cmd.add_option("--instances", a.instances, "Instances per probe")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000000));
  cmd.add_option("--params", a.params, "Other fixed parameters: name=value,...");
  cmd.add_option("--seed", a.seed, "Seed base (the same seeds at every probe)");
  cmd.add_option("--budget", a.budget, "quick | default | full (the claim's sweep sizes)");
}

BisectionOptions ToBisectionOptions(const Claim& claim, const BisectionArgs& a) {
  RequireClaimParam(claim, a.vary);
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
  Require(o.fixed.count(a.vary) == 0,
          "parameter " + a.vary + " is both bisected and fixed by --params");
  o.engine = a.engine;
  EngineFor(claim, o.engine);  // refuses --engine gram on a claim without a Gram form
  return o;
}

std::pair<std::string, std::vector<double>> ParseSweep(const std::string& text) {
  const auto eq = text.find('=');
  Require(eq != std::string::npos && eq > 0,
          "malformed sweep '" + text + "': expected name=v1,v2,...");
  const std::string name = text.substr(0, eq);
  std::vector<double> values;
  std::stringstream list(text.substr(eq + 1));
  std::string item;
  while (std::getline(list, item, ','))
    values.push_back(RealParam(ParseParams(name + "=" + item), name));
  Require(!values.empty(), "sweep '" + text + "' has no values");
  Require(std::set<double>(values.begin(), values.end()).size() == values.size(),
          "sweep '" + text + "' repeats a value");
  return {name, values};
}

}  // namespace boa::report
