// The boa program. Bad input of any kind — malformed flags, numbers outside their type or range,
// unknown ids, parameters outside a model's domain, unreadable files, an instance too large for
// memory — gets one clear error line on stderr and exit code 2, before any work; a failing claim
// exits 1 (a numerical failure inside a claim's instance is a failing instance with its replay
// line, runner.hpp); success exits 0; SIGINT and SIGTERM remove every partial output and exit 130
// and 143 (partial_output.hpp); anything else is a bug: one `boa: internal error:` line and exit
// code 3.
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <new>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "boa/error.hpp"
#include "boa/memory_budget.hpp"
#include "boa/simd.hpp"
#include "boa/suggest.hpp"
#include "boa/threads.hpp"
#include "boa_report/commands.hpp"
#include "boa_report/partial_output.hpp"

namespace {

// The last line of a run is one line, whatever text the user's input put into it.
std::string OneLine(const std::string& text) {
  std::string line;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u != 0x7f) {
      line += c;
    } else {
      constexpr char kHex[] = "0123456789abcdef";
      line += {'\\', 'x', kHex[u >> 4], kHex[u & 15]};
    }
  }
  return line;
}

// A mistyped subcommand or flag: the nearest known one (boa/suggest.hpp), or "".
std::string ParseErrorHint(const CLI::App& app, int argc, char** argv) {
  std::vector<std::string> commands;
  for (const CLI::App* sub : app.get_subcommands({})) commands.push_back(sub->get_name());
  if (argc < 2) return "";
  const CLI::App* command = nullptr;
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_name() == argv[1]) command = sub;
  }
  if (command == nullptr) return argv[1][0] == '-' ? "" : boa::DidYouMean(argv[1], commands);
  std::vector<std::string> flags;
  for (const CLI::App* scope : {&app, command}) {
    for (const CLI::Option* option : scope->get_options()) {
      for (const std::string& name : option->get_lnames()) flags.push_back("--" + name);
    }
  }
  for (int k = 2; k < argc; ++k) {
    const std::string word = std::string(argv[k]).substr(0, std::string(argv[k]).find('='));
    if (word.rfind("--", 0) != 0 || word == "--") continue;
    if (std::find(flags.begin(), flags.end(), word) != flags.end()) continue;
    const std::string hint = boa::DidYouMean(word, flags);
    if (!hint.empty()) return hint;
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace boa::report;
  HandleInterruptions();  // before any other thread starts
  CLI::App app{
      "boa — property-based verification of benign-overfitting claims for softmax attention"};
  app.require_subcommand(1);
  // Help shows every option's default (subcommands inherit this when they are added).
  app.option_defaults()->always_capture_default();
  // --max-memory-mb belongs to every subcommand: given after the subcommand, it falls through to
  // here (subcommands inherit fallthrough when they are added).
  app.fallthrough();
  double max_memory_mb = 0;
  AddRealOption(app, "--max-memory-mb", max_memory_mb, boa::kPositive,
                "Refuse any instance needing more memory (default $BOA_MAX_MEMORY_MB, else 2048)");
  Action action;
  AddListCommand(app, action);
  AddLedgerCommand(app, action);
  AddCheckCommand(app, action);
  AddInstanceCommand(app, action);
  AddReportCommand(app, action);
  AddThresholdCommand(app, action);
  AddConstantCommand(app, action);
  AddSearchCommand(app, action);
  AddExploreCommand(app, action);
  AddReplayCommand(app, action);
  AddSweepCommand(app, action);
  AddGramDrawsCommand(app, action);
  int code = 0;
  std::string last_line;  // an error's one line, if any
  try {
    // Numbers are parsed while the flags are (AddRealOption and its kin): their InvalidInput
    // comes from app.parse like CLI11's own errors, and both are bad input.
    app.parse(argc, argv);
    // The environment's inputs are checked before any work, like the flags.
    if (max_memory_mb > 0) boa::SetMemoryBudgetMb(max_memory_mb);
    boa::MemoryBudgetMb();
    boa::KernelThreads();
    boa::ApplySimdChoice();  // a bad BOA_SIMD is bad input before any work starts
    code = action();
  } catch (const CLI::CallForHelp& e) {
    code = app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    code = app.exit(e);
  } catch (const CLI::ParseError& e) {
    code = 2;
    last_line = std::string("boa: error: ") + e.what() + ParseErrorHint(app, argc, argv) +
                " (see boa --help)";
  } catch (const boa::InvalidInput& e) {
    code = 2;
    last_line = std::string("boa: error: ") + e.what();
  } catch (const boa::NumericalFailure& e) {
    code = 1;
    last_line = std::string("boa: numerical failure: ") + e.what();
  } catch (const std::bad_alloc&) {
    code = 2;
    last_line = "boa: error: out of memory: the requested instance or sweep is too large";
  } catch (const std::exception& e) {
    code = 3;
    last_line = std::string("boa: internal error: ") + e.what();
  }
  // The run is over: its last line and its exit are one step an interruption does not split
  // (it would add a second line). std::exit, not return, so that the guard is still held.
  const InterruptionGuard guard;
  if (!last_line.empty()) std::cerr << OneLine(last_line) << '\n';
  std::exit(code);
}
