// The boa program. Bad input of any kind — malformed flags, unknown ids, parameters outside a
// model's domain, unreadable files, an instance too large for memory — gets one clear error line
// on stderr and exit code 2; a failing claim exits 1; success exits 0.
#include <iostream>
#include <new>

#include <CLI/CLI.hpp>

#include "boa/error.hpp"
#include "boa/simd.hpp"
#include "boa_report/commands.hpp"

int main(int argc, char** argv) {
  using namespace boa::report;
  CLI::App app{"boa — property-based verification of benign-overfitting claims for softmax attention"};
  app.require_subcommand(1);
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
