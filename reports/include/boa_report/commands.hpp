#pragma once
// The boa program's subcommands. Each Add*Command registers its options on the CLI11 app; when the
// subcommand is parsed it sets `action`, which main runs and whose result is the exit code:
// 0 success / claim holds, 1 claim fails (or a replay does not match), 2 bad input.
#include <functional>
#include <string>

#include <CLI/CLI.hpp>

#include "boa/claim.hpp"
#include "boa/number_input.hpp"
#include "boa/threshold_finder.hpp"
#include "boa_report/command_support.hpp"

namespace boa::report {

using Action = std::function<int()>;

void AddListCommand(CLI::App& app, Action& action);
void AddLedgerCommand(CLI::App& app, Action& action);
void AddCheckCommand(CLI::App& app, Action& action);
void AddInstanceCommand(CLI::App& app, Action& action);
void AddReportCommand(CLI::App& app, Action& action);
void AddThresholdCommand(CLI::App& app, Action& action);
void AddConstantCommand(CLI::App& app, Action& action);
void AddSearchCommand(CLI::App& app, Action& action);
void AddExploreCommand(CLI::App& app, Action& action);
void AddReplayCommand(CLI::App& app, Action& action);
void AddSweepCommand(CLI::App& app, Action& action);
void AddGramDrawsCommand(CLI::App& app, Action& action);

// Helpers shared by the commands that need CLI11 (the others: command_support.hpp).
// The flags `threshold` and `constant` share: the claim, the bisected parameter and its bracket,
// and how each probe runs. AddBisectionFlags registers them (`vary_flag` names the parameter
// flag); ToBisectionOptions checks them against the claim.
struct BisectionArgs {
  std::string id, vary, params, budget = "quick";
  EngineChoice engine = EngineChoice::kAuto;
  double lo = 0, hi = 0;
  bool log_scale = false;
  int steps = 10, instances = 50;
  std::uint64_t seed = 1;
};
void AddBisectionFlags(CLI::App& cmd, BisectionArgs& args, const std::string& vary_flag);
BisectionOptions ToBisectionOptions(const Claim& claim, const BisectionArgs& args);

// --engine auto|direct|gram on a subcommand, parsed into `choice` (engine.hpp; default auto).
void AddEngineOption(CLI::App& cmd, EngineChoice& choice);

// Numeric options, read by the typed parsers (boa/number_input.hpp) into `target`, whose value
// is the default: text outside the type and range is bad input naming the option. Every number
// a subcommand takes goes through one of these.
CLI::Option* AddUnsignedOption(CLI::App& cmd, const std::string& name, std::uint64_t& target,
                               const std::string& help);
CLI::Option* AddIntegerOption(CLI::App& cmd, const std::string& name, int& target, int lo, int hi,
                              const std::string& help);
CLI::Option* AddRealOption(CLI::App& cmd, const std::string& name, double& target,
                           const RealRange& range, const std::string& help);
}  // namespace boa::report
