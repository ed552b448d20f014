// Helpers shared by the subcommands.
#include <unistd.h>
#include <cstdio>
#include <set>
#include <string_view>
#include <type_traits>

#include "boa/engine.hpp"
#include "boa/error.hpp"
#include "boa/format.hpp"
#include "boa/suggest.hpp"
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
  throw InvalidInput("claim " + claim.id + " has no parameter '" + name + "'" +
                     DidYouMean(name, {names.begin(), names.end()}) + " (its parameters: " + known +
                     ")");
}

void AddEngineOption(CLI::App& cmd, EngineChoice& choice) {
  cmd.add_option_function<std::string>(
         "--engine", [&choice](const std::string& text) { choice = ParseEngineChoice(text); },
         "Engine for experiments with a Gram form: auto (default: Gram), direct or gram")
      ->check(CLI::IsMember({"auto", "direct", "gram"}));
}

namespace {

// The one way a number reaches a subcommand: CLI11 hands over the text, `parse` (a typed parser
// of number_input.hpp) checks and converts it, and its InvalidInput ends the program with exit 2.
// The help shows the type with its range, and the default unless it lies outside the range (it
// then means "not given": e.g. `instance --n`, whose default is the generator's).
template <typename T, typename Parse>
CLI::Option* AddNumberOption(CLI::App& cmd, const std::string& name, T& target,
                             const std::string& help, const std::string& type, bool show_default,
                             Parse parse) {
  return cmd
      .add_option_function<std::string>(
          name, [&target, name, parse](const std::string& text) { target = parse(text, name); },
          help)
      ->type_name(type)
      ->default_str(!show_default           ? std::string()
                    : std::is_integral_v<T> ? std::to_string(target)
                                            : FormatNumber(target));
}

}  // namespace

CLI::Option* AddUnsignedOption(CLI::App& cmd, const std::string& name, std::uint64_t& target,
                               const std::string& help) {
  return AddNumberOption(cmd, name, target, help, "UINT64", true, ParseUnsigned);
}

CLI::Option* AddIntegerOption(CLI::App& cmd, const std::string& name, int& target, int lo, int hi,
                              const std::string& help) {
  const std::string type = "INT[" + std::to_string(lo) + "," + std::to_string(hi) + "]";
  return AddNumberOption(cmd, name, target, help, type, lo <= target && target <= hi,
                         [lo, hi](std::string_view text, const std::string& what) {
                           return static_cast<int>(ParseInteger(text, what, lo, hi));
                         });
}

CLI::Option* AddRealOption(CLI::App& cmd, const std::string& name, double& target,
                           const RealRange& range, const std::string& help) {
  std::string within = ToString(range);
  std::erase(within, ' ');
  return AddNumberOption(cmd, name, target, help, "REAL" + within, Contains(range, target),
                         [range](std::string_view text, const std::string& what) {
                           return ParseReal(text, what, range);
                         });
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
  AddRealOption(cmd, "--lo", a.lo, kAnyFinite, "Low end of the bracket")->required();
  AddRealOption(cmd, "--hi", a.hi, kAnyFinite, "High end of the bracket")->required();
  cmd.add_flag("--log", a.log_scale, "Bisect geometrically (lo > 0)");
  AddIntegerOption(cmd, "--steps", a.steps, 0, 60, "Bisection steps");
  AddIntegerOption(cmd, "--instances", a.instances, 1, 1000000, "Instances per probe");
  cmd.add_option("--params", a.params, "Other fixed parameters: name=value,...");
  AddUnsignedOption(cmd, "--seed", a.seed, "Seed base (the same seeds at every probe)");
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

std::pair<int, int> ParseShard(const std::string& text) {
  const auto slash = text.find('/');
  Require(slash != std::string::npos, "--shard must be k/N, e.g. 3/8 (got '" + text + "')");
  const int shards =
      static_cast<int>(ParseInteger(text.substr(slash + 1), "--shard's N", 1, 1000000));
  const int shard =
      static_cast<int>(ParseInteger(text.substr(0, slash), "--shard's k", 0, shards - 1));
  return {shard, shards};
}

std::pair<std::string, std::vector<double>> ParseSweep(const std::string& text) {
  const auto eq = text.find('=');
  Require(eq != std::string::npos && eq > 0,
          "malformed sweep '" + text + "': expected name=v1,v2,...");
  const std::string name = text.substr(0, eq);
  std::vector<double> values;
  for (const std::string_view item : ListItems(std::string_view(text).substr(eq + 1)))
    values.push_back(ParseReal(item, "--over value of " + name));
  Require(!values.empty(), "sweep '" + text + "' has no values");
  Require(std::set<double>(values.begin(), values.end()).size() == values.size(),
          "sweep '" + text + "' repeats a value");
  return {name, values};
}

std::string RepositoryPath(const std::filesystem::path& path) {
  const std::filesystem::path source = std::filesystem::path(BOA_SOURCE_DIR).lexically_normal();
  const std::filesystem::path relative = path.lexically_normal().lexically_relative(source);
  if (path.is_absolute() && !relative.empty() && *relative.begin() != "..") {
    return relative.string();
  }
  return path.string();
}

}  // namespace boa::report
