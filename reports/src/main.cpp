// The boa program. Bad input of any kind — malformed flags, unknown ids, parameters outside a
// model's domain, unreadable files, an instance too large for memory — gets one clear error line
// on stderr and exit code 2, before any work; a failing claim exits 1 (a numerical failure inside
// a claim's instance is a failing instance with its replay line, runner.hpp); success exits 0;
// anything else is a bug: one `boa: internal error:` line and exit code 3.
#include <iostream>
#include <new>

#include <CLI/CLI.hpp>

#include "boa/error.hpp"
#include "boa/memory_budget.hpp"
#include "boa/simd.hpp"
#include "boa/threads.hpp"
#include "boa_report/commands.hpp"

int main(int argc, char** argv) {
  using namespace boa::report;
  CLI::App app{
      "boa — property-based verification of benign-overfitting claims for softmax attention"};
  app.require_subcommand(1);
  // --max-memory-mb belongs to every subcommand: given after the subcommand, it falls through to
  // here (subcommands inherit fallthrough when they are added).
  app.fallthrough();
  double max_memory_mb = 0;
  app.add_option("--max-memory-mb", max_memory_mb,
                 "Refuse any instance needing more memory (default $BOA_MAX_MEMORY_MB, else 2048)")
      ->check(CLI::PositiveNumber);
  Action action;
  AddListCommand(app, action);
  AddCheckCommand(app, action);
  AddInstanceCommand(app, action);
  AddReportCommand(app, action);
  AddThresholdCommand(app, action);
  AddConstantCommand(app, action);
  AddSearchCommand(app, action);
  AddExploreCommand(app, action);
  AddReplayCommand(app, action);
  AddSweepCommand(app, action);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "boa: error: " << e.what() << " (see boa --help)\n";
    return 2;
  }
  try {
    // The environment's inputs are checked before any work, like the flags.
    if (max_memory_mb > 0) boa::SetMemoryBudgetMb(max_memory_mb);
    boa::MemoryBudgetMb();
    boa::KernelThreads();
    boa::ApplySimdChoice();  // a bad BOA_SIMD is bad input before any work starts
    return action();
  } catch (const boa::InvalidInput& e) {
    std::cerr << "boa: error: " << e.what() << '\n';
    return 2;
  } catch (const boa::NumericalFailure& e) {
    std::cerr << "boa: numerical failure: " << e.what() << '\n';
    return 1;
  } catch (const std::bad_alloc&) {
    std::cerr << "boa: error: out of memory: the requested instance or sweep is too large\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "boa: internal error: " << e.what() << '\n';
    return 3;
  }
}
